import type { LearningLanguage } from '#contract/languages.ts';
import { decodeWordFile, type ParsedWordFile, type WordImportFormat, wordFileSlices } from '#contract/word-import.ts';

/** Lets the event loop serve other requests before going on: a file of many rows is read and staged in slices. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * A word file's bytes as rows and problems (`src/contract/word-import.ts`), read a slice at a time with a turn of the
 * event loop between slices, so a large file never holds other requests up for long. Throws `WordFileError` for a file
 * that cannot be read at all.
 */
export async function readWordFile(
  bytes: Uint8Array,
  options: { fallback?: WordImportFormat | undefined; language: LearningLanguage },
): Promise<ParsedWordFile> {
  const text = decodeWordFile(bytes);
  await yieldToLoop();
  return sliced(wordFileSlices(text, options));
}

/** A sliced read's result, with a turn of the event loop between two slices. */
export async function sliced<T>(slices: Generator<void, T>): Promise<T> {
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
    await yieldToLoop();
  }
}
