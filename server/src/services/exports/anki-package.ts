import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { type AnkiTools, ankiPackageWriter } from '#contract/anki-package.ts';

/** sql.js, loaded once per worker. */
let tools: Promise<AnkiTools> | undefined;

/**
 * An Anki package written with sql.js and fflate, as its words arrive. Synchronous once sql.js is loaded, so it runs
 * in a worker (`anki-worker.ts`), never on the server's thread.
 */
export async function ankiFileWriter(learner: number, now: Date) {
  tools ??= initSqlJs().then((sqlite) => ({ sqlite, zip: (files) => zipSync(files, { level: 1 }) }));
  return ankiPackageWriter(await tools, learner, now);
}
