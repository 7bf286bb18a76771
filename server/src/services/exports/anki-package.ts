import { strToU8, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { type AnkiWord, ankiMediaFile, writeAnkiCollection } from '#contract/anki-package.ts';

/**
 * An Anki package (`.apkg`): the collection written into an in-memory SQLite database (sql.js), exported and zipped
 * with an empty media list (fflate). Synchronous once sql.js is loaded, so it runs in a worker (`anki-worker.ts`).
 */
export async function ankiPackage(learner: string | number, words: Iterable<AnkiWord>, now: Date): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const database = new SQL.Database();
  try {
    writeAnkiCollection(database, learner, words, now);
    const collection = database.export();
    // The collection is most of the file and compresses well; level 6 is fflate's default trade-off.
    return zipSync({ 'collection.anki2': collection, media: strToU8(ankiMediaFile) }, { level: 6 });
  } finally {
    database.close();
  }
}
