import { Worker } from 'node:worker_threads';
import type { AnkiRefusal } from '#contract/envelope.ts';
import { type AnkiPackage, AnkiPackageError } from './anki-package.ts';
import { oneAtATime } from './turns.ts';

/** The heap a package's reading may take: its notes' text and the rows read, beside sql.js's memory and the file. */
const workerHeapMb = 384;
/** A reading that takes longer than this is stopped: far beyond what the largest package allowed takes. */
const readTimeoutMs = 30_000;

export type AnkiWorkerAnswer = { package: AnkiPackage } | { refusal: AnkiRefusal; reason: string };

/**
 * An Anki package's note types and notes (`ankiPackageOf`), read in a worker thread of its own: inflating the
 * collection, checking its integrity and reading every note holds a thread for long, which must not be the one
 * serving every request. A worker per package, because WebAssembly memory never shrinks: it is freed only when the
 * worker ends. Its heap is bounded and it is stopped when it takes too long. Rejects with AnkiPackageError.
 */
export function readAnkiPackage(bytes: Uint8Array): Promise<AnkiPackage> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./anki-worker.ts', import.meta.url), {
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: workerHeapMb },
    });
    const timer = setTimeout(() => {
      reject(new AnkiPackageError('anki_too_large', 'The package took too long to read'));
      void worker.terminate();
    }, readTimeoutMs);
    worker.once('message', (answer: AnkiWorkerAnswer) => {
      if ('package' in answer) resolve(answer.package);
      else reject(new AnkiPackageError(answer.refusal, answer.reason));
    });
    worker.once('error', () => reject(new AnkiPackageError('anki_too_large', 'The package is too large to read')));
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new AnkiPackageError('anki_corrupt', 'The Anki collection could not be read'));
    });
  });
}

/** Reads an Anki package in this process's turn (`ankiPackageReader`). */
export type AnkiPackageReader = (bytes: Uint8Array) => Promise<AnkiPackage>;

/**
 * A reading may take about 300 MB while it runs, so a process reads one package at a time; a few more wait their
 * turn, and one beyond them is refused with `QueueFullError` (docs/decisions/0040). The app makes one (its deps).
 */
export function ankiPackageReader(read: AnkiPackageReader = readAnkiPackage): AnkiPackageReader {
  const turns = oneAtATime({ waiting: 3 });
  return (bytes) => turns.run(() => read(bytes));
}
