/**
 * Reading an Anki package of 50,000 notes for the import (`readAnkiPackage`, a worker per package): the package's
 * size, the time until the notes are on the main thread, and the longest block of the main thread's event loop
 * meanwhile (`monitorEventLoopDelay` at 1 ms resolution, and the longest gap between 1 ms timers), the main thread's
 * longest GC pause and its busy time (event-loop utilisation). Before each run the same is measured over 2 s of
 * doing nothing: on a shared machine the thread is also held by other processes. The same reading in the calling
 * thread (`ankiPackageOf`) is timed too, to show what the worker keeps off the event loop.
 *
 *   node bench/transfer/anki-read.ts          (NOTES=150000 for about the largest 10 MB upload)
 */
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const { eventLoopUtilization } = performance;

import initSqlJs from 'sql.js';
import { ankiNoteCount, ankiPackageOf } from '../../server/src/services/imports/anki-package.ts';
import { readAnkiPackage } from '../../server/src/services/imports/read-anki-package.ts';
import {
  basic,
  cloze,
  collectionOf,
  type FixtureCard,
  type FixtureNote,
  packageOf,
  placeholderOf,
} from '../../server/test/anki-fixtures.ts';

const NOTES = Number(process.env.NOTES ?? 50_000);
const RUNS = 3;

const cardStates: FixtureCard[] = [
  { type: 0, queue: 0, ivl: 0 },
  { type: 1, queue: 1, ivl: 0 },
  { type: 2, queue: 2, ivl: 4 },
  { type: 2, queue: 2, ivl: 15 },
  { type: 2, queue: 2, ivl: 90 },
  { type: 2, queue: -1, ivl: 30 },
];

function benchNotes(): FixtureNote[] {
  return Array.from({ length: NOTES }, (_, index) => {
    const id = 1_600_000_000_000 + index;
    const card = cardStates[index % cardStates.length] ?? { type: 0, queue: 0, ivl: 0 };
    if (index % 10 === 9) {
      return {
        id,
        noteTypeId: cloze.id,
        fields: [`Der {{c1::Satz ${index}::hint}} hat {{c2::Wörter}} &amp; mehr.`, 'Extra'],
        cards: [card, card],
      };
    }
    return {
      id,
      noteTypeId: basic.id,
      fields: [
        `<b>Wort${index}</b>&nbsp;[sound:wort${index}.mp3]`,
        `the meaning of word ${index}<br>an example sentence with a few more words<div><img src="w${index}.jpg"></div>`,
      ],
      cards: [card],
    };
  });
}

const sql = await initSqlJs();
const collection = collectionOf(sql, { notes: benchNotes() });
const bytes = packageOf({ 'collection.anki2': placeholderOf(sql), 'collection.anki21': collection, media: '{}' });
console.log(
  `${NOTES.toLocaleString('en')} notes: collection ${(collection.length / 1e6).toFixed(1)} MB, ` +
    `package ${(bytes.length / 1e6).toFixed(1)} MB`,
);

/** The longest gap between timers that ask to run every millisecond, until stopped. */
function timerGaps() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return () => {
    clearInterval(timer);
    return longest;
  };
}

/** What the main thread went through while `work` ran: its longest block, GC pause and time busy. */
async function mainThreadDuring(work: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  let longestGc = 0;
  const gcs = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longestGc = Math.max(longestGc, entry.duration);
  });
  gcs.observe({ entryTypes: ['gc'] });
  histogram.enable();
  const stopGaps = timerGaps();
  const utilization = eventLoopUtilization();
  const start = performance.now();
  await work();
  const ms = performance.now() - start;
  const busy = eventLoopUtilization(utilization).active;
  const gap = stopGaps();
  histogram.disable();
  gcs.disconnect();
  return `${ms.toFixed(0)} ms; longest loop block ${(histogram.max / 1e6).toFixed(1)} ms (timer gap ${gap.toFixed(1)} ms), longest GC pause ${longestGc.toFixed(1)} ms, main thread busy ${busy.toFixed(0)} ms`;
}

for (let run = 0; run <= RUNS; run++) {
  const label = run === 0 ? 'warm-up' : `run ${run}`;
  console.log(
    `idle 2 s (the machine's own noise): ${await mainThreadDuring(() => new Promise((done) => setTimeout(done, 2_000)))}`,
  );
  let count = 0;
  const figures = await mainThreadDuring(async () => {
    count = ankiNoteCount((await readAnkiPackage(bytes)).notes);
  });
  console.log(`worker ${label}: ${count} notes in ${figures}`);
}

for (let run = 1; run <= RUNS; run++) {
  const start = performance.now();
  const read = ankiPackageOf(bytes, sql);
  console.log(
    `in thread run ${run}: ${ankiNoteCount(read.notes)} notes in ${(performance.now() - start).toFixed(0)} ms`,
  );
}
