import { type AnkiMapping, ankiNoteSlices, type ParsedAnkiPackage } from '#contract/anki-import.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { ankiNoteAt, ankiNoteCount } from './anki-package.ts';
import type { AnkiPackageReader } from './read-anki-package.ts';
import { sliced } from './word-file.ts';

/**
 * An Anki package's notes as a word file's rows, with the learner's choice of fields (`src/contract/anki-import.ts`):
 * read by `readPackage` (in a worker, in this process's turn), then walked a slice at a time. Rejects with `AnkiPackageError` for a
 * package that cannot be read and `QueueFullError` when too many wait their turn.
 */
export async function readAnkiWords(
  bytes: Uint8Array,
  options: { mapping: AnkiMapping; language: LearningLanguage },
  readPackage: AnkiPackageReader,
): Promise<ParsedAnkiPackage> {
  const { noteTypes, notes } = await readPackage(bytes);
  return sliced(
    ankiNoteSlices({ count: ankiNoteCount(notes), at: (index) => ankiNoteAt(notes, index) }, noteTypes, options),
  );
}
