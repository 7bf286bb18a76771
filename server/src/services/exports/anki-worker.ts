import { parentPort, workerData } from 'node:worker_threads';
import type { AnkiWord } from '#contract/anki-package.ts';
import { writeAnkiFile } from './anki-package.ts';

export type AnkiWorkerInput = { learner: number; now: string };
export type AnkiWorkerMessage = { words: AnkiWord[] } | { end: true };
export type AnkiWorkerAnswer = { file: Uint8Array } | { failure: string };

/**
 * Writes one Anki package off the server's event loop (`writeAnkiPackage`): the words arrive a page at a time, the
 * file goes back (its buffer transferred, not copied) when the last page has come.
 */
const { learner, now } = workerData as AnkiWorkerInput;
const words: AnkiWord[] = [];
parentPort?.on('message', (message: AnkiWorkerMessage) => {
  if ('words' in message) {
    for (const word of message.words) words.push(word);
    return;
  }
  writeAnkiFile(learner, words, new Date(now)).then(
    (file) => parentPort?.postMessage({ file } satisfies AnkiWorkerAnswer, [file.buffer as ArrayBuffer]),
    (error: unknown) => parentPort?.postMessage({ failure: String(error) } satisfies AnkiWorkerAnswer),
  );
});
