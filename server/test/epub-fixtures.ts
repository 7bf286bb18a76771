import { crc32, deflateRawSync } from 'node:zlib';
import { strToU8, Zip, ZipDeflate, type ZipOptions, ZipPassThrough, zipSync } from 'fflate';

/** EPUB books and broken zips for the import's tests, built in memory with fflate (no binary files in the repo). */

export type FixtureChapter = { file: string; title?: string; body: string };

const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

/** An XHTML document with this body, a style and a script in its head. */
export const xhtml = (body: string, title = 'A book') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>${title}</title><style>p { margin: 0 }</style><script>var hidden = "script text";</script></head>
<body>${body}</body>
</html>`;

/**
 * The files of an EPUB 3 book: container, package (OPF) whose spine lists the chapters in order, a nav document
 * whose toc names the chapters that have a title, and the chapters under OEBPS/Text/.
 */
export function bookFiles(chapters: FixtureChapter[]): Record<string, string> {
  const items = chapters
    .map((c, i) => `<item id="c${i}" href="Text/${encodeURI(c.file)}" media-type="application/xhtml+xml"/>`)
    .join('\n');
  const spine = chapters.map((_, i) => `<itemref idref="c${i}"/>`).join('');
  const links = chapters
    .filter((c) => c.title)
    .map((c) => `<li><a href="Text/${encodeURI(c.file)}">${c.title}</a></li>`)
    .join('');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>A book</dc:title></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${items}</manifest>
<spine><itemref idref="nav"/>${spine}</spine>
</package>`;
  const nav = xhtml(`<nav epub:type="toc"><h1>Contents</h1><ol>${links}</ol></nav>`);
  return {
    mimetype: 'application/epub+zip',
    'META-INF/container.xml': container,
    'OEBPS/content.opf': opf,
    'OEBPS/nav.xhtml': nav,
    ...Object.fromEntries(chapters.map((c) => [`OEBPS/Text/${c.file}`, xhtml(c.body)])),
  };
}

/** A zip of these files (mimetype stored, the others deflated), as fflate's zipSync writes it. */
export function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  const entries = Object.fromEntries(
    Object.entries(files).map(([name, content]) => [
      name,
      [typeof content === 'string' ? strToU8(content) : content, { level: name === 'mimetype' ? 0 : 6 }] as [
        Uint8Array,
        ZipOptions,
      ],
    ]),
  );
  return Buffer.from(zipSync(entries));
}

/** An EPUB book of these chapters. */
export const epubOf = (chapters: FixtureChapter[]) => zipOf(bookFiles(chapters));

/** A zip entry whose deflated data is given, and whose uncompressed size and CRC the zip states as told. */
class Predeflated extends ZipPassThrough {
  readonly deflated: Uint8Array<ArrayBuffer>;
  readonly statedSize: number;
  readonly statedCrc: number;
  constructor(name: string, deflated: Uint8Array<ArrayBuffer>, statedSize: number, statedCrc: number) {
    super(name);
    this.compression = 8;
    this.deflated = deflated;
    this.statedSize = statedSize;
    this.statedCrc = statedCrc;
  }
  protected override process(_chunk: Uint8Array, final: boolean) {
    this.size = this.statedSize;
    this.crc = this.statedCrc;
    this.ondata(null, this.deflated, final);
  }
}

const zerosDeflated = new Map<number, { deflated: Uint8Array<ArrayBuffer>; crc: number }>();

/** So many zeros deflated at level 9 (made once per size: 200 MB shrink to about 200 KB). */
function deflatedZeros(size: number) {
  let found = zerosDeflated.get(size);
  if (!found) {
    const zeros = Buffer.alloc(size);
    found = { deflated: new Uint8Array(deflateRawSync(zeros, { level: 9 })), crc: crc32(zeros) };
    zerosDeflated.set(size, found);
  }
  return found;
}

/**
 * An EPUB book whose one chapter, OEBPS/Text/one.xhtml, is stored as this deflated data, stating `statedSize`
 * bytes and this CRC whatever the data holds. Written as a streaming zip (sizes in data descriptors).
 */
export function bookWithDeflatedChapter(deflated: Uint8Array<ArrayBuffer>, statedSize: number, statedCrc = 0): Buffer {
  const files = bookFiles([{ file: 'one.xhtml', title: 'One', body: '<p>Words</p>' }]);
  delete files['OEBPS/Text/one.xhtml'];
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, content] of Object.entries(files)) {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(strToU8(content), true);
  }
  const chapter = new Predeflated('OEBPS/Text/one.xhtml', deflated, statedSize, statedCrc);
  zip.add(chapter);
  chapter.push(new Uint8Array(0), true);
  zip.end();
  return Buffer.concat(chunks);
}

/** An EPUB book whose chapter is `size` bytes of zeros, stating `statedSize` (the truth by default, a lie if less). */
export function zipBomb(size: number, statedSize = size): Buffer {
  const { deflated, crc } = deflatedZeros(size);
  return bookWithDeflatedChapter(deflated, statedSize, crc);
}
