import { DomUtils, Parser, parseDocument } from 'htmlparser2';
import { type Archive, BadBookError, findEntry, openArchive, readFiles } from './epub-archive.ts';

/**
 * EPUB books as text for the import. The zip is read with fflate and the XML and XHTML with htmlparser2, all in
 * memory (nothing is written to disk): META-INF/container.xml names the package (OPF), whose spine gives the
 * reading order and whose nav document (EPUB 3) or NCX (EPUB 2) gives the chapter titles.
 * The archive is read by `epub-archive.ts`, which refuses zip bombs.
 */

/** These files of the book (by path), decoded; those the archive does not have are left out. */
function readBookFiles(archive: Archive, paths: (string | undefined)[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const path of paths) {
    const name = path === undefined ? undefined : findEntry(archive, path);
    if (path !== undefined && name !== undefined) names.set(path, name);
  }
  const read = readFiles(archive, names.values());
  const files = new Map<string, string>();
  for (const [path, name] of names) {
    const bytes = read.get(name);
    if (bytes) files.set(path, decodeMarkup(bytes));
  }
  return files;
}

/**
 * XML or XHTML bytes as text: a UTF-16 byte-order mark decides, else the encoding the XML declaration or a meta
 * charset names, else UTF-8.
 */
export function decodeMarkup(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const label =
    /^<\?xml[^>]*\bencoding=["']([\w.:-]+)["']/.exec(head)?.[1] ?? /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
  try {
    return new TextDecoder(label ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * A link's target as a path in the book (percent-escapes decoded, fragment dropped), relative to the file it is in;
 * undefined for a link out of the book or one that is not a URL.
 */
export function resolvePath(from: string, href: string): string | undefined {
  try {
    const url = new URL(href, `http://book.invalid/${from}`);
    if (url.origin !== 'http://book.invalid') return undefined;
    return decodeURIComponent(url.pathname.slice(1));
  } catch {
    return undefined;
  }
}

type Nodes = Parameters<typeof DomUtils.getElementsByTagName>[1];

/** A tag's name without its namespace prefix, in lower case (`opf:item` → `item`). */
const localName = (tag: string) => tag.replace(/^.*:/, '').toLowerCase();

/** The elements of this local name among the nodes and, unless `deep` is false, in them, in document order. */
const elementsNamed = (nodes: Nodes, name: string, deep = true) =>
  DomUtils.getElementsByTagName((tag) => localName(tag) === name, nodes, deep);

/** Whitespace collapsed and trimmed. */
const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The package (OPF) path that META-INF/container.xml names. */
function packagePath(archive: Archive): string {
  const container = readBookFiles(archive, ['META-INF/container.xml']).get('META-INF/container.xml');
  if (container === undefined)
    throw new BadBookError('The file is not an EPUB book (it has no META-INF/container.xml)');
  const rootfiles = elementsNamed(parseDocument(container, { xmlMode: true }), 'rootfile');
  const rootfile =
    rootfiles.find((element) => element.attribs['media-type'] === 'application/oebps-package+xml') ?? rootfiles[0];
  const path = rootfile?.attribs['full-path'];
  if (!path) throw new BadBookError('The book does not say where its package file is');
  return path;
}

type Package = { spine: string[]; navPath: string | undefined; ncxPath: string | undefined; title: string };

/**
 * The package's reading order (the paths of the spine's linear (X)HTML documents, the nav document left out: it is
 * the machine-readable table of contents), where its tables of contents are, and the book's title (dc:title).
 */
function readPackage(archive: Archive, opfPath: string): Package {
  const opf = readBookFiles(archive, [opfPath]).get(opfPath);
  if (opf === undefined) throw new BadBookError(`The book has no package file ${opfPath}`);
  const document = parseDocument(opf, { xmlMode: true });
  const items = new Map<string, { path: string | undefined; mediaType: string; properties: string }>();
  for (const item of elementsNamed(document, 'item')) {
    const { id, href, 'media-type': mediaType = '', properties = '' } = item.attribs;
    if (id && href) items.set(id, { path: resolvePath(opfPath, href), mediaType, properties });
  }
  const spineElement = elementsNamed(document, 'spine')[0];
  if (!spineElement) throw new BadBookError('The book has no reading order (no spine)');
  const nav = [...items.values()].find((item) => item.properties.split(/\s+/).includes('nav'));
  const ncx =
    items.get(spineElement.attribs.toc ?? '') ??
    [...items.values()].find((item) => item.mediaType === 'application/x-dtbncx+xml');
  const spine: string[] = [];
  for (const itemref of elementsNamed(spineElement, 'itemref')) {
    const item = items.get(itemref.attribs.idref ?? '');
    if (!item?.path || itemref.attribs.linear === 'no' || item === nav) continue;
    if (item.mediaType.includes('html') || /\.x?html?$/i.test(item.path)) spine.push(item.path);
  }
  if (spine.length === 0) throw new BadBookError('The book has nothing to read in its reading order (empty spine)');
  const [title] = elementsNamed(document, 'title');
  return { spine, navPath: nav?.path, ncxPath: ncx?.path, title: title ? squeezed(DomUtils.textContent(title)) : '' };
}

/** The paths META-INF/encryption.xml names as encrypted: DRM, or fonts obfuscated as EPUB allows. */
function encryptedPaths(archive: Archive): Set<string> {
  const path = 'META-INF/encryption.xml';
  const xml = readBookFiles(archive, [path]).get(path);
  const paths = new Set<string>();
  for (const reference of xml === undefined
    ? []
    : elementsNamed(parseDocument(xml, { xmlMode: true }), 'cipherreference')) {
    const encrypted = resolvePath('', reference.attribs.URI ?? '');
    if (encrypted !== undefined) paths.add(encrypted);
  }
  return paths;
}

/**
 * The chapter titles of the book's tables of contents, by document path: the EPUB 3 nav document's toc, then the
 * NCX's navPoints for documents it did not name; a document's first entry names it.
 */
function tocTitles(files: Map<string, string>, navPath: string | undefined, ncxPath: string | undefined) {
  const titles = new Map<string, string>();
  const add = (from: string, href: string | undefined, title: string) => {
    const path = href === undefined ? undefined : resolvePath(from, href);
    if (path !== undefined && !titles.has(path) && /[\p{L}\p{N}]/u.test(title)) titles.set(path, title);
  };
  const nav = navPath === undefined ? undefined : files.get(navPath);
  if (navPath !== undefined && nav !== undefined) {
    const navs = elementsNamed(parseDocument(nav, { recognizeSelfClosing: true }), 'nav');
    const toc = navs.find((element) => /\btoc\b/.test(element.attribs['epub:type'] ?? '')) ?? navs[0];
    for (const link of toc ? elementsNamed(toc, 'a') : [])
      add(navPath, link.attribs.href, squeezed(DomUtils.textContent(link)));
  }
  const ncx = ncxPath === undefined ? undefined : files.get(ncxPath);
  if (ncxPath !== undefined && ncx !== undefined) {
    for (const point of elementsNamed(parseDocument(ncx, { xmlMode: true }), 'navpoint')) {
      const [label] = elementsNamed(point.children, 'navlabel', false);
      const [content] = elementsNamed(point.children, 'content', false);
      add(ncxPath, content?.attribs.src, label ? squeezed(DomUtils.textContent(label)) : '');
    }
  }
  return titles;
}

/** A paragraph of a document; `level` is its heading level (1 for h1 …), 0 for a paragraph that is no heading. */
type Paragraph = { text: string; level: number };
export type Chapter = { paragraphs: Paragraph[]; heading: string | undefined; title: string | undefined };

/** Elements whose text is not part of the reading: the head, code, styles, images, maths, ruby readings. */
const skipped = new Set(['head', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'rt', 'rp']);
/** Elements that end a paragraph where they open and where they close. */
const blocks = new Set([
  ...['address', 'article', 'aside', 'blockquote', 'body', 'caption', 'dd', 'div', 'dl', 'dt', 'figcaption'],
  ...['figure', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p'],
  ...['pre', 'section', 'table', 'td', 'th', 'tr', 'ul'],
]);

/** An element that is left out with its text: one of `skipped`, or a note call (`epub:type="noteref"`). */
const isSkipped = (name: string, attribs: Record<string, string>) =>
  skipped.has(name) || /\bnoteref\b/.test(attribs['epub:type'] ?? '') || attribs.role === 'doc-noteref';

/**
 * An (X)HTML document's paragraphs of text (HTML entities decoded, whitespace collapsed, soft hyphens removed, a `br`
 * a line break; scripts, styles and the other `skipped` elements left out), its first h1 or h2, and its `<title>`.
 */
export function chapterText(markup: string): Chapter {
  const paragraphs: Paragraph[] = [];
  const open: { name: string; skip: boolean }[] = [];
  let skipping = 0;
  let title = '';
  let current = '';
  const flush = (level: number) => {
    const text = current
      .replace(/\u00ad/g, '')
      .replace(/ *\n */g, '\n')
      .trim();
    current = '';
    if (text) paragraphs.push({ text, level: /[\p{L}\p{N}]/u.test(text) ? level : 0 });
  };
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const skip = isSkipped(name, attribs);
        open.push({ name, skip });
        if (skip) skipping++;
        else if (skipping === 0 && blocks.has(name)) flush(0);
        else if (skipping === 0 && name === 'br') current += '\n';
      },
      ontext(text) {
        if (open.at(-1)?.name === 'title' && open.at(-2)?.name === 'head') title += text;
        else if (skipping === 0) current += text.replace(/[ \t\n\r\f]+/g, ' ');
      },
      onclosetag(name) {
        if (open.pop()?.skip) skipping--;
        else if (skipping === 0 && blocks.has(name)) flush(/^h[1-6]$/.test(name) ? Number(name[1]) : 0);
      },
    },
    { recognizeSelfClosing: true, recognizeCDATA: true },
  );
  parser.end(markup);
  flush(0);
  const heading = paragraphs.find((paragraph) => paragraph.level === 1 || paragraph.level === 2)?.text;
  return { paragraphs, heading: heading && squeezed(heading), title: squeezed(title) || undefined };
}

/** A chapter title as a heading line can hold it (paginate reads lines of at most 120 characters). */
function shortTitle(title: string | undefined): string | undefined {
  const line = title && squeezed(title);
  if (!line || !/[\p{L}\p{N}]/u.test(line)) return undefined;
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

/** A text's words in lower case, each between spaces (" chapter 2 the storm "), to find words within others. */
const wordsOf = (text: string) => ` ${(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ')} `;

/**
 * A chapter as the import stores it: `# title` (the table of contents' title, else its first h1 or h2, else its
 * `<title>`; no line without one), then its paragraphs, separated by blank lines. The headings it starts with are
 * left out when the title says one of them ("Chapter 2" and "The storm" under "Chapter 2: The storm", or "The storm"
 * under "The storm"), so that the page does not say its name twice.
 */
export function chapterAsText(chapter: Chapter, tocTitle: string | undefined): string {
  const title = shortTitle(tocTitle) ?? shortTitle(chapter.heading) ?? shortTitle(chapter.title);
  let paragraphs = chapter.paragraphs;
  const headings = paragraphs.findIndex((paragraph) => paragraph.level === 0);
  const leading = paragraphs.slice(0, headings === -1 ? paragraphs.length : headings).map((p) => p.text);
  const said = wordsOf(title ?? '');
  if (title && leading.some((heading) => said.includes(wordsOf(heading))))
    paragraphs = paragraphs.slice(leading.length);
  return [...(title ? [`# ${title}`] : []), ...paragraphs.map((paragraph) => paragraph.text)].join('\n\n');
}

/**
 * An EPUB book's text in reading order: each linear spine document with words, as `chapterAsText` gives it (a
 * document's `<title>` that is only the book's title names no chapter). Throws BadBookError for a file that is not
 * a readable EPUB book, one whose text is encrypted (DRM), or one without words.
 */
export function epubText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new BadBookError('The file is empty');
  const archive = openArchive(bytes);
  const book = readPackage(archive, packagePath(archive));
  const encrypted = encryptedPaths(archive);
  if (book.spine.some((path) => encrypted.has(path))) {
    throw new BadBookError('The book is protected by DRM (its text is encrypted): import a book without DRM');
  }
  const files = readBookFiles(archive, [...book.spine, book.navPath, book.ncxPath]);
  const titles = tocTitles(files, book.navPath, book.ncxPath);
  const chapters: string[] = [];
  for (const path of book.spine) {
    const markup = files.get(path);
    const chapter = markup === undefined ? undefined : chapterText(markup);
    if (!chapter?.paragraphs.some((paragraph) => /[\p{L}\p{N}]/u.test(paragraph.text))) continue;
    if (chapter.title === book.title) chapter.title = undefined;
    chapters.push(chapterAsText(chapter, titles.get(path)));
  }
  if (chapters.length === 0) throw new BadBookError('The book has no text to read');
  return chapters.join('\n\n');
}
