import { parentPort, workerData } from 'node:worker_threads';
import initSqlJs from 'sql.js';
import { AnkiPackageError, ankiPackageOf } from './anki-package.ts';

/**
 * Reads one Anki package off the server's event loop (`readAnkiPackage`): the bytes in, the notes or the
 * refusal out. sql.js's WebAssembly is loaded once, by this worker, and its memory goes with the worker.
 */
const sql = await initSqlJs();
try {
  parentPort?.postMessage({ package: ankiPackageOf(workerData as Uint8Array, sql) });
} catch (error) {
  parentPort?.postMessage(
    error instanceof AnkiPackageError
      ? { refusal: error.code, reason: error.message }
      : { refusal: 'anki_corrupt', reason: 'The Anki collection could not be read' },
  );
}
