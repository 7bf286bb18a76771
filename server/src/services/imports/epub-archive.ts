import { Unzip, UnzipInflate, unzipSync } from 'fflate';

/**
 * An EPUB's zip archive, read in memory with fflate. Zip bombs are refused before much memory is spent: the central
 * directory is read first (no file is inflated) and its declared sizes checked, then only the files asked for are
 * inflated, in small steps, counting the bytes each really gives, so a file that inflates to more than it declared is
 * stopped at once.
 */

/** How much an archive may hold; other readers of zip files (Anki packages) pass their own. */
export type ArchiveLimits = {
  /** The most the files may inflate to, all together: declared, and counted as they are inflated. */
  maxBytes: number;
  maxEntries: number;
  /** Beyond this ratio of declared sizes, a large file is a bomb. */
  maxRatio: number;
};

/** The most a book's files may inflate to, all together: declared, and counted as they are inflated. */
export const maxBookBytes = 64 * 1024 * 1024;
/** A book has tens or hundreds of files; text and markup deflate to a tenth or so. */
const bookLimits: ArchiveLimits = { maxBytes: maxBookBytes, maxEntries: 10_000, maxRatio: 200 };
const ratioCheckedFrom = 1024 * 1024;
/** Compressed bytes inflated in one step: a step gives at most about 1,000 times this. */
const stepBytes = 4 * 1024;

/** Why an archive was refused, for a reader that words its own refusal rather than the book's English message. */
export type ArchiveProblem = 'not_zip' | 'too_large' | 'damaged';

/** A file that is not a readable EPUB book; its message says why, in English. */
export class BadBookError extends Error {
  /** Set when the zip archive itself was refused, unset for what the book's files say. */
  readonly problem: ArchiveProblem | undefined;
  constructor(reason: string, problem?: ArchiveProblem) {
    super(reason);
    this.name = 'BadBookError';
    this.problem = problem;
  }
}

type Entry = { size: number; originalSize: number; compression: number };

/** A zip archive whose directory was read and checked; files are read by name, only when asked for. */
export type Archive = {
  entries: Map<string, Entry>;
  byLowerName: Map<string, string>;
  bytes: Uint8Array;
  limits: ArchiveLimits;
};

/**
 * Reads the archive's central directory without inflating anything, and refuses an archive that is not a zip, has
 * too many files or duplicate names, declares more than `maxBytes` in all, or has a large file compressed beyond
 * `maxRatio`.
 */
export function openArchive(bytes: Uint8Array, limits: ArchiveLimits = bookLimits): Archive {
  const entries = new Map<string, Entry>();
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter: ({ name, size, originalSize, compression }) => {
        if (entries.size >= limits.maxEntries) throw new BadBookError('The book has too many files', 'too_large');
        if (entries.has(name)) throw new BadBookError('The book has two files of the same name', 'damaged');
        declared += originalSize;
        if (declared > limits.maxBytes) throw new BadBookError('The book is too big once unpacked', 'too_large');
        if (originalSize > ratioCheckedFrom && originalSize > size * limits.maxRatio) {
          throw new BadBookError('The book is compressed too much to be a real book', 'too_large');
        }
        entries.set(name, { size, originalSize, compression });
        return false;
      },
    });
  } catch (error) {
    if (error instanceof BadBookError) throw error;
    throw new BadBookError('The file is not an EPUB book (it is not a zip archive)', 'not_zip');
  }
  const byLowerName = new Map([...entries.keys()].map((name) => [name.toLowerCase(), name]));
  return { entries, byLowerName, bytes, limits };
}

/** The archive's name for a path in the book, matched exactly, else ignoring case. */
export function findEntry(archive: Archive, path: string): string | undefined {
  return archive.entries.has(path) ? path : archive.byLowerName.get(path.toLowerCase());
}

/**
 * The named files' bytes (by the archive's names; files missing from it are left out). The archive is fed to a
 * streaming unzip in steps of `stepBytes`; each wanted file's inflated bytes are counted, and a file that gives
 * more than its declared size, or a book that gives more than `maxBytes`, is refused at that step.
 */
export function readFiles(archive: Archive, names: Iterable<string>): Map<string, Uint8Array> {
  const wanted = new Set(names);
  const files = new Map<string, Uint8Array>();
  let inflated = 0;
  let failure: Error | undefined;
  const unzip = new Unzip((file) => {
    const declared = archive.entries.get(file.name)?.originalSize;
    if (!wanted.has(file.name) || declared === undefined || files.has(file.name)) return;
    const chunks: Uint8Array[] = [];
    let received = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = new BadBookError(`The book's file ${file.name} is damaged`, 'damaged');
        return;
      }
      received += chunk.length;
      inflated += chunk.length;
      if (received > declared || inflated > archive.limits.maxBytes) {
        failure = new BadBookError('The book unpacks to more than it declares (a zip bomb?)', 'too_large');
        return;
      }
      chunks.push(chunk);
      if (final) files.set(file.name, concat(chunks, received));
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const { bytes } = archive;
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += stepBytes) {
      unzip.push(bytes.subarray(offset, offset + stepBytes), offset + stepBytes >= bytes.length);
    }
  } catch {
    throw new BadBookError("The book's zip archive is damaged", 'damaged');
  }
  if (failure) throw failure;
  return files;
}

/** Chunks as one array of `length` bytes. */
function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
}
