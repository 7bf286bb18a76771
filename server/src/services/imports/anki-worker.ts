import { parentPort, workerData } from 'node:worker_threads';
import initSqlJs from 'sql.js';
import { AnkiPackageError, ankiPackageOf } from './anki-package.ts';
import type { AnkiWorkerAnswer } from './read-anki-package.ts';

/**
 * Reads one Anki package off the server's event loop (`readAnkiPackage`): the bytes in, the notes or the refusal
 * out. sql.js's WebAssembly is loaded once, by this worker, and its memory goes with the worker. The notes' columns
 * are moved to the server's thread, not copied.
 */
const sql = await initSqlJs();
const post = (answer: AnkiWorkerAnswer, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(answer, transfer);
try {
  const read = ankiPackageOf(workerData as Uint8Array, sql);
  const { ids, noteTypeIds, intervalDays, suspended, fieldBytes, fieldStarts } = read.notes;
  post(
    { package: read },
    [ids, noteTypeIds, intervalDays, suspended, fieldBytes, fieldStarts].map((column) => column.buffer),
  );
} catch (error) {
  post(
    error instanceof AnkiPackageError
      ? { refusal: error.code, reason: error.message }
      : { refusal: 'anki_corrupt', reason: 'The Anki collection could not be read' },
  );
}
