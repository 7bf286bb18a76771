import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { type AnkiTools, type AnkiWord, ankiPackage } from '#contract/anki-package.ts';

/** sql.js, loaded once per worker. */
let tools: Promise<AnkiTools> | undefined;

/**
 * An Anki package written with sql.js and fflate. Synchronous once sql.js is loaded, so it runs in a worker
 * (`anki-worker.ts`), never on the server's thread.
 */
export async function writeAnkiFile(learner: number, words: Iterable<AnkiWord>, now: Date): Promise<Uint8Array> {
  tools ??= initSqlJs().then((sqlite) => ({ sqlite, zip: (files) => zipSync(files, { level: 1 }) }));
  return ankiPackage(await tools, learner, words, now);
}
