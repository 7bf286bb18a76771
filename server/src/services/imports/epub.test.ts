import { describe, expect, it } from 'vitest';
import { bookFiles, bookWithDeflatedChapter, epubOf, xhtml, zipBomb, zipOf } from '../../../test/epub-fixtures.ts';
import { paginate } from '../../text/paginate.ts';
import { chapterText, decodeMarkup, epubText, resolvePath } from './epub.ts';
import { BadBookError } from './epub-archive.ts';
import { BadTextError, importText, kindOfFile } from './read-text.ts';

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');

describe('epubText', () => {
  it('reads the chapters in spine order, each under its table-of-contents title, without markup', () => {
    const book = epubOf([
      { file: 'cover.xhtml', body: '<div><img src="cover.jpg" alt="Cover"/></div>' },
      {
        file: 'chapter 1.xhtml',
        title: 'The Harbour',
        body: `<h1>The Harbour</h1><p>Boats came home&#8212;slowly &amp; late, &lt;b&gt; is no tag, caf&eacute;.</p>
          <script>document.write("nope")</script><p>Second <em>para</em><br/>its second line.</p>`,
      },
      { file: 'two.xhtml', title: 'The Storm', body: '<section><h2>Chapter 2</h2><h2>The Storm</h2><p>Wind rose.</p>' },
    ]);
    expect(epubText(book)).toBe(
      [
        '# The Harbour',
        'Boats came home—slowly & late, <b> is no tag, café.',
        'Second para\nits second line.',
        '# The Storm',
        'Wind rose.',
      ].join('\n\n'),
    );
  });

  it('names a chapter the table of contents leaves out by its first h1 or h2, else its <title>, else not', () => {
    const files = bookFiles([
      { file: 'a.xhtml', body: '<p>Before.</p><h2>Heading two</h2><p>Alpha words.</p>' },
      { file: 'b.xhtml', body: '<p>Bravo words.</p>' },
    ]);
    files['OEBPS/Text/b.xhtml'] = xhtml('<p>Bravo words.</p>', 'Document title');
    files['OEBPS/Text/c.xhtml'] = xhtml('<p>Charlie words.</p>', '');
    files['OEBPS/content.opf'] = (files['OEBPS/content.opf'] ?? '')
      .replace('</manifest>', '<item id="c" href="Text/c.xhtml" media-type="application/xhtml+xml"/></manifest>')
      .replace('</spine>', '<itemref idref="c"/></spine>');
    expect(epubText(zipOf(files))).toBe(
      '# Heading two\n\nBefore.\n\nHeading two\n\nAlpha words.\n\n# Document title\n\nBravo words.\n\nCharlie words.',
    );
  });

  it('leaves out non-linear documents, documents without words, and the nav document', () => {
    const files = bookFiles([
      { file: 'cover.xhtml', body: '<p>&#160;</p><svg><text>Cover art</text></svg>' },
      { file: 'one.xhtml', title: 'One', body: '<p>Only this.</p>' },
      { file: 'notes.xhtml', title: 'Notes', body: '<p>A note.</p>' },
    ]);
    files['OEBPS/content.opf'] = (files['OEBPS/content.opf'] ?? '').replace(
      '<itemref idref="c2"/>',
      '<itemref idref="c2" linear="no"/>',
    );
    expect(epubText(zipOf(files))).toBe('# One\n\nOnly this.');
  });

  it('reads an EPUB 2 book: prefixed package elements, NCX titles, paths relative to the package', () => {
    const opf = `<?xml version="1.0"?><opf:package xmlns:opf="http://www.idpf.org/2007/opf" version="2.0">
      <opf:manifest><opf:item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
      <opf:item id="one" href="../text/one.html" media-type="application/xhtml+xml"/></opf:manifest>
      <opf:spine toc="ncx"><opf:itemref idref="one"/></opf:spine></opf:package>`;
    const ncx = `<?xml version="1.0"?><ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>
      <navPoint id="p1"><navLabel><text>Part &amp; One</text></navLabel><content src="../text/one.html#top"/>
      <navPoint id="p2"><navLabel><text>Inner</text></navLabel><content src="../text/one.html#in"/></navPoint>
      </navPoint></navMap></ncx>`;
    const book = zipOf({
      'META-INF/container.xml':
        '<container><rootfiles><rootfile full-path="pkg/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      'pkg/book.opf': opf,
      'pkg/toc.ncx': ncx,
      'text/one.html': '<html><body><p>Old book text.</p></body></html>',
    });
    expect(epubText(book)).toBe('# Part & One\n\nOld book text.');
  });

  it('reads a book whose fonts only are obfuscated (encryption.xml)', () => {
    const book = zipOf({
      ...bookFiles([{ file: 'a.xhtml', title: 'A', body: '<p>Open words.</p>' }]),
      'META-INF/encryption.xml': '<encryption><CipherReference URI="OEBPS/Fonts/serif.otf"/></encryption>',
    });
    expect(epubText(book)).toBe('# A\n\nOpen words.');
  });

  it('becomes pages named after its chapters', () => {
    const book = epubOf([
      { file: 'one.xhtml', title: 'First light', body: `<p>${words(40, 'morning')}.</p>` },
      { file: 'two.xhtml', title: 'Last light', body: `<p>${words(40, 'evening')}.</p>` },
    ]);
    expect(paginate(epubText(book)).map((page) => page.title)).toEqual(['First light', 'Last light']);
  });

  it.each([
    ['not a zip', Buffer.from('PK but not really a zip archive at all'), /not a zip archive/],
    ['empty', Buffer.alloc(0), /empty/],
    ['a zip without container.xml', zipOf({ 'OEBPS/content.opf': '<package/>' }), /no META-INF\/container.xml/],
    ['without a rootfile', zipOf({ 'META-INF/container.xml': '<container/>' }), /package file/],
    [
      'without its package file',
      zipOf({ 'META-INF/container.xml': '<container><rootfile full-path="x.opf"/></container>' }),
      /no package file x.opf/,
    ],
    [
      'with an empty spine',
      zipOf({ ...bookFiles([]), 'OEBPS/content.opf': '<package><manifest/><spine/></package>' }),
      /empty spine/,
    ],
    ['without words', epubOf([{ file: 'a.xhtml', title: 'A', body: '<p>... !!!</p>' }]), /no text/],
    [
      'protected by DRM',
      zipOf({
        ...bookFiles([{ file: 'a.xhtml', title: 'A', body: '<p>Secret words.</p>' }]),
        'META-INF/encryption.xml': `<encryption><enc:EncryptedData><enc:CipherData>
          <enc:CipherReference URI="OEBPS/Text/a.xhtml"/></enc:CipherData></enc:EncryptedData></encryption>`,
      }),
      /DRM/,
    ],
    [
      'whose chapter is not deflate data',
      bookWithDeflatedChapter(new Uint8Array([0xff, 0xff, 0xff, 0xff]), 100),
      /damaged/,
    ],
  ])('refuses a book %s', (_, book, message) => {
    expect(() => epubText(book)).toThrow(BadBookError);
    expect(() => epubText(book)).toThrow(message);
  });

  it('refuses zip bombs before inflating them: too big, compressed too much, or bigger than stated', () => {
    const mb = 1024 * 1024;
    expect(() => epubText(zipBomb(200 * mb))).toThrow(/too big once unpacked/);
    expect(() => epubText(zipBomb(10 * mb))).toThrow(/compressed too much/);
    expect(() => epubText(zipBomb(200 * mb, 4096))).toThrow(/unpacks to more than it declares/);
    expect(() => epubText(zipBomb(200 * mb, 10 * mb))).toThrow(/unpacks to more than it declares/);
  });
});

describe('importText of an EPUB book', () => {
  it('is the kind of a .epub file', () => {
    expect(kindOfFile('Book.EPUB')).toBe('epub');
    expect(kindOfFile('book.epub.txt')).toBe('txt');
    expect(kindOfFile('book.pdf')).toBeUndefined();
  });

  it('refuses a book whose text is longer than a text file may be', () => {
    const line = (i: number) => `Line ${i * 7919} of ${i % 977} words, and a longer sentence to fill the page up.`;
    const paragraphs = Array.from({ length: 80_000 }, (_, i) => `<p>${line(i)}</p>`);
    const chapters = Array.from({ length: 10 }, (_, c) => ({
      file: `c${c}.xhtml`,
      body: paragraphs.slice(c * 8000, (c + 1) * 8000).join(''),
    }));
    expect(() => importText('epub', epubOf(chapters))).toThrow("The book's text is longer than 5 MB");
  });

  it("is the book's text, or a BadTextError with the reader's reason", () => {
    expect(importText('epub', epubOf([{ file: 'a.xhtml', title: 'A', body: '<p>Hello.</p>' }]))).toBe('# A\n\nHello.');
    expect(() => importText('epub', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))).toThrow(BadTextError);
    expect(() => importText('epub', zipOf({ 'a.txt': 'hello' }))).toThrow('no META-INF/container.xml');
    expect(() => importText('epub', 'pasted')).toThrow(BadTextError);
  });
});

describe('chapterText', () => {
  it('keeps the reading text only, decoding entities and collapsing whitespace', () => {
    const chapter = chapterText(`<html><head><title> The
      title </title><style>.x{}</style></head><body><h1>Big &amp; bold</h1>
      <p>One   two
      three <ruby>漢<rt>かん</rt></ruby> hy&shy;phen<a epub:type="noteref" href="#n">7</a>.</p>
      <table><tr><td>Cell</td><td>cell</td></tr></table><![CDATA[raw]]></body></html>`);
    expect(chapter).toEqual({
      paragraphs: [
        { text: 'Big & bold', level: 1 },
        { text: 'One two three 漢 hyphen.', level: 0 },
        { text: 'Cell', level: 0 },
        { text: 'cell', level: 0 },
        { text: 'raw', level: 0 },
      ],
      heading: 'Big & bold',
      title: 'The title',
    });
  });
});

describe('decodeMarkup and resolvePath', () => {
  it('decode a declared encoding and UTF-16', () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><p>caf\u00e9</p>', 'latin1');
    expect(decodeMarkup(latin1)).toContain('café');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>ok é</p>', 'utf16le')]);
    expect(decodeMarkup(utf16)).toBe('<p>ok é</p>');
  });

  it('resolve links within the book only', () => {
    expect(resolvePath('OEBPS/nav/nav.xhtml', '../Text/chapter%201.xhtml#start')).toBe('OEBPS/Text/chapter 1.xhtml');
    expect(resolvePath('content.opf', 'text/a.html')).toBe('text/a.html');
    expect(resolvePath('OEBPS/content.opf', 'https://example.com/a.html')).toBeUndefined();
  });
});
