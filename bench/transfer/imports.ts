/**
 * A word file of 50,000 words imported, over a real socket as the SPA sends it: Folio's CSV export of a learner is
 * previewed (POST /vocabulary/imports, read and staged) then committed (keep the higher level) into a new, empty
 * account, each run a new learner. For each step: the time to the answer and the longest block of the event loop,
 * measured while a reader page is asked for again and again alongside (its slowest answer is printed too).
 *
 *   npm run bench:transfer-imports    (embedded PGlite; DATABASE_URL=… to run on PostgreSQL)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seedStarterLibrary } from '../../server/src/services/seed.ts';
import { endpoints } from '../../src/contract/endpoints.ts';
import { envelopeSchema } from '../../src/contract/envelope.ts';
import {
  benchDatabase,
  buildBenchApp,
  englishPageNear250Words,
  saveBenchWords,
  settleBenchData,
  signUpBenchLearner,
} from '../bench-app.ts';

const WORDS = 50_000;
const RUNS = 3;

const { database, remove } = await benchDatabase('transfer');
await seedStarterLibrary(database.db);
const app = await buildBenchApp(database, { wordLimit: WORDS + 1_000, name: 'transfer-imports' });
const stamp = Date.now().toString(36);
const { token: sourceToken } = await signUpBenchLearner(app, `importsrc${stamp}`);
console.log(`Inserting ${WORDS.toLocaleString('en')} saved words …`);
await saveBenchWords(database, `importsrc${stamp}`, WORDS);
await settleBenchData(database);
const page = await englishPageNear250Words(database);
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const readerUrl = `${origin}/api/v1/content/en/${page.id}/${page.number}`;

const exported = await fetch(`${origin}/api/v1/vocabulary/export?format=csv&language=all`, {
  headers: { authorization: `Bearer ${sourceToken}` },
});
const csv = new Uint8Array(await exported.arrayBuffer());

/** Reader pages asked for one after another until `done`: the slowest answer. */
async function readerPagesUntil(done: { value: boolean }, token: string): Promise<number> {
  let slowest = 0;
  while (!done.value) {
    const start = performance.now();
    const response = await fetch(readerUrl, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`the reader page answered ${response.status}: ${body}`);
    slowest = Math.max(slowest, performance.now() - start);
  }
  return slowest;
}

/** One step timed with the loop's longest block and the slowest reader page alongside. */
async function measured<T>(token: string, step: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const done = { value: false };
  const reader = readerPagesUntil(done, token);
  const start = performance.now();
  const result = await step();
  const ms = performance.now() - start;
  done.value = true;
  const slowestReader = await reader;
  delay.disable();
  return { result, ms, blockMs: delay.max / 1e6, slowestReader };
}

async function preview(token: string) {
  const form = new FormData();
  form.append('language', 'en');
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'words.csv');
  const response = await fetch(`${origin}/api/v1/vocabulary/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 200) throw new Error(`the preview answered ${response.status}: ${await response.text()}`);
  return envelopeSchema(endpoints.previewWordImport.details).parse(await response.json()).details;
}

async function commit(token: string, importId: string) {
  const response = await fetch(`${origin}/api/v1/vocabulary/imports/${importId}/commit`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ policy: 'keep_higher' }),
  });
  if (response.status !== 200) throw new Error(`the commit answered ${response.status}: ${await response.text()}`);
  return envelopeSchema(endpoints.commitWordImport.details).parse(await response.json()).details;
}

console.log(
  `Importing a CSV of ${WORDS.toLocaleString('en')} words (${(csv.length / 1e6).toFixed(1)} MB) into empty accounts, ` +
    `${RUNS} runs …`,
);
const steps = { preview: [] as number[], commit: [] as number[] };
const worst = { preview: { blockMs: 0, slowestReader: 0 }, commit: { blockMs: 0, slowestReader: 0 } };
for (let run = 0; run < RUNS; run++) {
  const { token } = await signUpBenchLearner(app, `importdst${stamp}${run}`);
  const staged = await measured(token, () => preview(token));
  if (staged.result.counts.new !== WORDS) throw new Error(`the preview found ${staged.result.counts.new} new words`);
  const applied = await measured(token, () => commit(token, staged.result.importId));
  if (applied.result.added !== WORDS) throw new Error(`the commit added ${applied.result.added} words`);
  for (const [name, step] of [
    ['preview', staged],
    ['commit', applied],
  ] as const) {
    steps[name].push(step.ms);
    worst[name].blockMs = Math.max(worst[name].blockMs, step.blockMs);
    worst[name].slowestReader = Math.max(worst[name].slowestReader, step.slowestReader);
  }
}
for (const name of ['preview', 'commit'] as const) {
  const times = steps[name].sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `csv import ${name.padEnd(7)} median ${median.toFixed(0)} ms (worst ${(times.at(-1) ?? 0).toFixed(0)} ms), ` +
      `longest loop block ${worst[name].blockMs.toFixed(1)} ms, slowest reader page alongside ` +
      `${worst[name].slowestReader.toFixed(0)} ms`,
  );
}

await app.close();
await remove();
