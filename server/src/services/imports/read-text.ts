import chardet from 'chardet';
import { maxImportBytes } from '#contract/constants.ts';
import { parseSubtitles } from '../videos/subtitles.ts';
import { epubText } from './epub.ts';
import { BadBookError } from './epub-archive.ts';

/** Kinds of text the import takes: pasted, a file by its extension (.txt, .epub, .srt, .vtt), a web article. */
export const importKinds = ['paste', 'txt', 'epub', 'srt', 'vtt', 'web'] as const;
export type ImportKind = (typeof importKinds)[number];

/** A file that cannot become a text: binary, empty, unreadable, a malformed book or a zip bomb. */
export class BadTextError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BadTextError';
  }
}

/** The kind of an uploaded file by its name, undefined for one the import does not read. */
export function kindOfFile(filename: string): ImportKind | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return importKinds.find((kind) => kind !== 'paste' && kind !== 'web' && kind === extension);
}

/**
 * A file's bytes as text, whatever its encoding: a byte-order mark decides, then valid UTF-8, then the encoding
 * chardet finds most likely (windows-1251 Russian, ISO-8859-2 Hungarian …). Binary files (NUL bytes, or mostly
 * control characters) are refused.
 */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new BadTextError('The file is empty');
  let text: string | undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes);
  else {
    if (bytes.includes(0)) throw new BadTextError('The file is not text');
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      const detected = chardet.detect(bytes);
      try {
        text = new TextDecoder(detected ?? 'windows-1252').decode(bytes);
      } catch {
        text = new TextDecoder('windows-1252').decode(bytes);
      }
    }
  }
  text = text.replace(/^\uFEFF/, '');
  const controls = text.match(/[^\P{Cc}\t\n\r\f]/gu)?.length ?? 0;
  if (text.includes('\u0000') || controls > text.length / 100) throw new BadTextError('The file is not text');
  return text;
}

/** Subtitles as text: each cue's words, a paragraph where the speech pauses (2 s) or after eight cues. */
function subtitlesAsText(bytes: Uint8Array): string {
  const cues = parseSubtitles(bytes);
  const paragraphs: string[][] = [[]];
  cues.forEach((cue, index) => {
    const previous = cues[index - 1];
    const current = paragraphs.at(-1) ?? [];
    if (previous && (cue.start - previous.start > 6 || current.length >= 8)) paragraphs.push([cue.text]);
    else current.push(cue.text);
  });
  return paragraphs.map((lines) => lines.join(' ')).join('\n\n');
}

/**
 * An EPUB book's text (chapters in reading order, each under a `# title` line). Whatever goes wrong in reading it
 * is a BadTextError, its reason in English; so is a book whose text is longer than a text file may be.
 */
function bookText(input: string | Uint8Array): string {
  if (typeof input === 'string') throw new BadTextError('Send an EPUB book as a file');
  let text: string;
  try {
    text = epubText(input);
  } catch (error) {
    throw new BadTextError(error instanceof BadBookError ? error.message : 'The file is not a readable EPUB book');
  }
  if (Buffer.byteLength(text) > maxImportBytes) throw new BadTextError("The book's text is longer than 5 MB");
  return text;
}

/** A pasted web page's or text file's markup stripped: its tags, scripts and styles. */
function withoutMarkup(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?(p|div|br|h[1-6]|li|section|article)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>\n]{1,200}>/g, '');
}

/**
 * A text as the import stores it: UTF-8, line breaks as `\n`, markup stripped (a pasted web page's tags, scripts
 * and styles; an EPUB book's XHTML is read as such, by `epubText`; a web article arrives as text, read by
 * `articleOf`), no control characters but line breaks and tabs, and not empty.
 */
export function importText(kind: ImportKind, input: string | Uint8Array): string {
  let text: string;
  if (kind === 'epub') text = bookText(input);
  else if (kind === 'web' && typeof input === 'string') text = input;
  else if (typeof input === 'string') text = withoutMarkup(input);
  else text = withoutMarkup(kind === 'srt' || kind === 'vtt' ? subtitlesAsText(input) : decodeText(input));
  text = text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]/gu, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(text)) throw new BadTextError('The text has no words');
  return text;
}
