import { Worker } from 'node:worker_threads';
import { ankiWordOf } from '#contract/anki-package.ts';
import type { ExportedWord } from '#contract/word-export.ts';
import type { AnkiWorkerAnswer, AnkiWorkerInput, AnkiWorkerMessage } from './anki-worker.ts';

/** The heap a package's writing may take: the words, sql.js's database and the zip are all held at once. */
const workerHeapMb = 512;
/** A package that takes longer than this is given up: far beyond what the largest list takes. */
const writeTimeoutMs = 120_000;

/**
 * A learner's words as an Anki package, written in a worker thread of its own: building the SQLite file and zipping
 * it holds a thread for long, which must not be the one serving every request. The pages are handed over as they are
 * read, each one small, so no single copy holds the loop either. The worker's heap is bounded and it is stopped when
 * it takes too long.
 */
export async function writeAnkiPackage(
  learner: number,
  pages: AsyncIterable<readonly ExportedWord[]>,
  now: Date,
): Promise<Uint8Array> {
  const worker = new Worker(new URL('./anki-worker.ts', import.meta.url), {
    workerData: { learner, now: now.toISOString() } satisfies AnkiWorkerInput,
    resourceLimits: { maxOldGenerationSizeMb: workerHeapMb },
  });
  const answer = new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('The Anki package took too long to write'));
      void worker.terminate();
    }, writeTimeoutMs);
    worker.once('message', (message: AnkiWorkerAnswer) => {
      if ('file' in message) resolve(message.file);
      else reject(new Error(message.failure));
    });
    worker.once('error', reject);
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('The Anki package writer stopped'));
    });
  });
  // A failed write rejects before every page is read: the read stops, the rejection is still seen below.
  answer.catch(() => {});
  try {
    for await (const page of pages) {
      worker.postMessage({ words: page.map(ankiWordOf) } satisfies AnkiWorkerMessage);
    }
    worker.postMessage({ end: true } satisfies AnkiWorkerMessage);
    return await answer;
  } finally {
    void worker.terminate();
  }
}
