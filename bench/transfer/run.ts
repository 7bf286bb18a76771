/**
 * GET /vocabulary/export with 50,000 saved words, over a real socket as a browser downloads it: for CSV, Lute's CSV
 * and the JSON backup, the time to the last byte, the file's size, the process's RSS growth while exporting, and the
 * longest block of the event loop, measured while a reader page is asked for again and again alongside (its slowest
 * answer is printed too). Then the Anki package as the SPA gets it: POST /vocabulary/exports, its state asked for
 * until ready, the file downloaded; the job runs in this process as soon as it is sent (pg-boss's polling, a second
 * at most, is left out), its package written in a worker thread as in production.
 *
 *   npm run bench:transfer            (embedded PGlite; DATABASE_URL=… to run on PostgreSQL)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runWordExportJob } from '../../server/src/services/exports/jobs.ts';
import { seedStarterLibrary } from '../../server/src/services/seed.ts';
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
const silentLog = { warn: () => {} } as unknown as Parameters<typeof runWordExportJob>[0]['log'];
const app = await buildBenchApp(database, {
  wordLimit: WORDS + 1_000,
  name: 'transfer',
  wordExportJobs: {
    send: async (exportId) => {
      // Not awaited: the route answers at once, as with pg-boss, and the job runs alongside.
      void runWordExportJob({ db: database.db, clock: () => new Date(), log: silentLog }, exportId, {
        lastAttempt: true,
      });
    },
  },
});
const username = `transfer${Date.now().toString(36)}`;
const { token } = await signUpBenchLearner(app, username);
console.log(`Inserting ${WORDS.toLocaleString('en')} saved words …`);
await saveBenchWords(database, username, WORDS);
await settleBenchData(database);
const page = await englishPageNear250Words(database);
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const headers = { authorization: `Bearer ${token}` };
const readerUrl = `${origin}/api/v1/content/en/${page.id}/${page.number}`;

/** One export read to its end in chunks, none kept: its time and size. */
async function download(format: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now();
  const response = await fetch(`${origin}/api/v1/vocabulary/export?format=${format}&language=all`, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.byteLength;
  return { ms: performance.now() - start, bytes };
}

/** An Anki package as the SPA gets it: started, its state asked for until ready, then downloaded. */
async function downloadAnki(): Promise<{ ms: number; readyMs: number; bytes: number }> {
  const start = performance.now();
  const started = await fetch(`${origin}/api/v1/vocabulary/exports`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'anki', language: 'all' }),
  });
  const { details: job } = (await started.json()) as { details: { id: string } };
  for (;;) {
    const state = await fetch(`${origin}/api/v1/vocabulary/exports/${job.id}`, { headers });
    const { details } = (await state.json()) as { details: { status: string } };
    if (details.status === 'ready') break;
    if (details.status !== 'pending') throw new Error(`the export is ${details.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - start;
  const response = await fetch(`${origin}/api/v1/vocabulary/exports/${job.id}/file`, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (response.status !== 200) throw new Error(`the file answered ${response.status}`);
  return { ms: performance.now() - start, readyMs, bytes };
}

/** Reader pages asked for one after another until `done`: the slowest answer. */
async function readerPagesUntil(done: { value: boolean }): Promise<number> {
  let slowest = 0;
  while (!done.value) {
    const start = performance.now();
    const response = await fetch(readerUrl, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`the reader page answered ${response.status}`);
    slowest = Math.max(slowest, performance.now() - start);
  }
  return slowest;
}

console.log(`Exporting ${WORDS.toLocaleString('en')} words (every language), ${RUNS} runs each after a warm-up …`);
for (const format of ['csv', 'lute', 'json', 'apkg']) {
  const fetchFile = async (): Promise<{ ms: number; bytes: number; readyMs?: number }> =>
    format === 'apkg' ? downloadAnki() : download(format);
  await fetchFile();
  const times: number[] = [];
  let bytes = 0;
  let maxBlockMs = 0;
  let rssGrowthMb = 0;
  let slowestReader = 0;
  const readyTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 5);
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const done = { value: false };
    const reader = readerPagesUntil(done);
    const result = await fetchFile();
    if (result.readyMs !== undefined) readyTimes.push(result.readyMs);
    done.value = true;
    slowestReader = Math.max(slowestReader, await reader);
    delay.disable();
    clearInterval(sampler);
    times.push(result.ms);
    bytes = result.bytes;
    maxBlockMs = Math.max(maxBlockMs, delay.max / 1e6);
    rssGrowthMb = Math.max(rssGrowthMb, (rssPeak - rssBefore) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  readyTimes.sort((a, b) => a - b);
  const ready =
    readyTimes.length > 0 ? `, file ready ${(readyTimes[Math.floor(readyTimes.length / 2)] ?? 0).toFixed(0)} ms` : '';
  console.log(
    `${format.padEnd(5)} median ${median.toFixed(0)} ms (worst ${(times.at(-1) ?? 0).toFixed(0)} ms)${ready}, ` +
      `${(bytes / 1e6).toFixed(1)} MB, RSS growth ≤ ${rssGrowthMb.toFixed(1)} MB, longest loop block ` +
      `${maxBlockMs.toFixed(1)} ms, slowest reader page alongside ${slowestReader.toFixed(0)} ms`,
  );
}

await app.close();
await remove();
