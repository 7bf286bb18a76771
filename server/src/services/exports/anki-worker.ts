import { parentPort, workerData } from 'node:worker_threads';
import type { AnkiWord } from '#contract/anki-package.ts';
import { ankiFileWriter } from './anki-package.ts';

export type AnkiWorkerInput = { learner: number; now: string };
export type AnkiWorkerMessage = { words: AnkiWord[] } | { end: true };
export type AnkiWorkerAnswer = { file: Uint8Array } | { failure: string };

/**
 * Writes one Anki package off the server's event loop (`writeAnkiPackage`): each page of words goes into the
 * collection as it arrives, while the server reads the next; the file goes back (its buffer transferred, not copied)
 * after the last.
 */
const { learner, now } = workerData as AnkiWorkerInput;
let writing = ankiFileWriter(learner, new Date(now));
parentPort?.on('message', (message: AnkiWorkerMessage) => {
  if ('words' in message) {
    writing = writing.then((writer) => {
      writer.add(message.words);
      return writer;
    });
    return;
  }
  writing
    .then((writer) => writer.finish())
    .then(
      (file) => parentPort?.postMessage({ file } satisfies AnkiWorkerAnswer, [file.buffer as ArrayBuffer]),
      (error: unknown) => parentPort?.postMessage({ failure: String(error) } satisfies AnkiWorkerAnswer),
    );
});
