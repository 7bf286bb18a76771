/**
 * The embedded server's memory (issue #15): the real server process (`server/src/server.ts`, embedded PGlite, the
 * starter library already seeded, as on any start after the first) and its RSS
 *   - idle after start,
 *   - after a learner with no saved words opens a page (page, its words, translations, the list of their words),
 *   - after a learner with 50,000 saved words does the same and downloads the whole list,
 *   - idle again (the server's idle collection, `IDLE_GC_SECONDS`, here 2).
 * The learner with none is the baseline of the same run: the ratio 50,000 / 0 is what the vocabulary costs. The
 * server runs twice on the same data: with the Node flags `npm start` uses, then with Node's defaults, the baseline
 * those flags are measured against.
 *
 * Then the server busy (issue #32), started again as `npm start` starts it, with its own settings: bench:load's three
 * runs (16 connections on the reader page with its words' levels, on its translations, on word saves), each
 * connection a learner with 50,000 saved words, while the server's RSS is sampled; then its RSS for a minute and more
 * after the load ends.
 *
 *   npm run bench:memory
 *   BENCH_SECONDS=10 BENCH_AFTER_SECONDS=75 npm run bench:memory   (per load run; after the load)
 *   BENCH_BUSY_ONLY=1 npm run bench:memory                         (only the busy server)
 *   BENCH_NODE_FLAGS=--max-semi-space-size=4 npm run bench:memory  (Node flags added to the shipped ones, to try one)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { seedStarterLibrary } from '../../server/src/services/seed.ts';
import {
  buildBenchApp,
  englishPageNear250Words,
  saveBenchWords,
  settleBenchData,
  signUpBenchLearner,
} from '../bench-app.ts';

const SAVED = 50_000;
const IDLE_GC_SECONDS = 2;
const CONNECTIONS = 16;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const AFTER_SECONDS = Math.max(60, Number(process.env.BENCH_AFTER_SECONDS ?? 75));
const BUSY_ONLY = process.env.BENCH_BUSY_ONLY === '1';
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-memory-'));

// The data directory, prepared by this process before the server opens it: the library, two learners, their words.
console.log(
  `Preparing a data directory with the starter library, a learner with ${SAVED.toLocaleString('en')} words and ` +
    `${CONNECTIONS} more for the load …`,
);
const database = await openDatabase({ dataDir, poolSize: 2 });
await migrateDatabase(database.pool);
await seedStarterLibrary(database.db);
const setup = await buildBenchApp(database, { wordLimit: SAVED + 1_000_000, name: 'memory' });
const newcomer = (await signUpBenchLearner(setup, 'newcomer')).token;
const veteran = (await signUpBenchLearner(setup, 'veteran')).token;
await saveBenchWords(database, 'veteran', SAVED);
const loaders: string[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  loaders.push((await signUpBenchLearner(setup, `loader${i}`)).token);
  await saveBenchWords(database, `loader${i}`, SAVED);
}
await settleBenchData(database);
const page = await englishPageNear250Words(database);
await setup.close();
await database.close();

/**
 * The server's Node flags as `npm start` and `npm run start:server` pass them (package.json): what ships is what is
 * measured. The same server with Node's defaults is the baseline of the same run.
 */
const startScript: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['start:server'];
const shippedFlags = /^node (.*?)\s*server\/src\/server\.ts$/.exec(startScript)?.[1]?.split(/\s+/).filter(Boolean);
if (!shippedFlags) throw new Error(`Cannot read the server's flags from "start:server": ${startScript}`);
shippedFlags.unshift(...(process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean));

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server with these Node flags and settings, once it answers its health check. */
async function startServer(flags: readonly string[], settings: Record<string, string>) {
  const port = await freePort();
  const server = spawn(process.execPath, [...flags, path.join(root, 'server/src/server.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...settings },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  for (let attempt = 0; ; attempt++) {
    if (
      await fetch(`${base}/api/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 120) {
      await stop();
      throw new Error('The server did not start');
    }
    await sleep(500);
  }
  const rssMb = () => {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
  };
  /** The CPU time the server has used, all its threads (Linux counts it in ticks of 10 ms). */
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  return { base, rssMb, cpuMs, stop };
}

/** Starts the real server with these Node flags, lets the two learners read, and returns its RSS at each moment. */
async function measure(flags: readonly string[]): Promise<{ figures: [string, number][]; bytes: number }> {
  const { base, rssMb, stop } = await startServer(flags, { IDLE_GC_SECONDS: String(IDLE_GC_SECONDS) });

  async function get(url: string, token: string) {
    const response = await fetch(`${base}/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.text();
  }

  /** What the reader asks for when a learner opens the page, then the list of their words in that language. */
  async function read(token: string, wholeList: boolean) {
    await get(`/content/en/${page.id}/${page.number}`, token);
    await get(`/userword/page/en/${page.id}/${page.number}`, token);
    await get(`/translations/${page.id}/${page.number}/de/en`, token);
    await get('/userword?language=en', token);
    if (wholeList) return (await get('/userword', token)).length;
    return 0;
  }

  /**
   * After the idle collection has run (within two intervals without a request) and V8 has returned the pages it
   * freed, which takes it a second or two more.
   */
  async function idle(): Promise<number> {
    await sleep((2 * IDLE_GC_SECONDS + 10) * 1000);
    return rssMb();
  }

  try {
    const figures: [string, number][] = [];
    figures.push(['idle after start', await idle()]);
    await read(newcomer, false);
    figures.push(['after a learner with no words reads a page', rssMb()]);
    figures.push(['idle', await idle()]);
    const bytes = await read(veteran, true);
    figures.push([`after a learner with ${SAVED.toLocaleString('en')} words reads it and lists them all`, rssMb()]);
    figures.push(['idle', await idle()]);
    return { figures, bytes };
  } finally {
    await stop();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type LoadRun = { name: string; peak: number; median: number; cpuPerRequest: number; result: autocannon.Result };

/**
 * The server started as `npm start` starts it (its own idle collection), bench:load's three runs against it with
 * its RSS sampled every 100 ms, then its RSS every second after the load.
 */
async function busy(flags: readonly string[]) {
  const { base, rssMb, cpuMs, stop } = await startServer(flags, {});
  const signedIn = fileURLToPath(new URL('./signed-in-request.ts', import.meta.url));
  const pageUrl = `${base}/api/v1/content/en/${page.id}/${page.number}`;
  const runs: { name: string; options: autocannon.Options }[] = [
    {
      name: 'reader page + levels',
      options: {
        url: pageUrl,
        requests: [
          { path: `/api/v1/content/en/${page.id}/${page.number}`, setupRequest: signedIn },
          { path: `/api/v1/userword/page/en/${page.id}/${page.number}`, setupRequest: signedIn },
        ],
      },
    },
    {
      name: 'page translations',
      options: {
        url: pageUrl,
        requests: [{ path: `/api/v1/translations/${page.id}/${page.number}/de/en`, setupRequest: signedIn }],
      },
    },
    {
      name: 'word save',
      options: {
        url: `${base}/api/v1/userword`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [{ setupRequest: fileURLToPath(new URL('../load/save-request.ts', import.meta.url)) }],
      },
    },
  ];
  process.env.FOLIO_LOAD_TOKENS = loaders.join(',');
  try {
    await sleep(3_000);
    const beforeLoad = rssMb();
    const loadRuns: LoadRun[] = [];
    const all: number[] = [];
    for (const run of runs) {
      const samples: number[] = [];
      const cpuBefore = cpuMs();
      const sampler = setInterval(() => samples.push(rssMb()), 100);
      // In a worker thread, as bench:load runs it.
      const result = await autocannon({ ...run.options, connections: CONNECTIONS, duration: LOAD_SECONDS, workers: 1 });
      clearInterval(sampler);
      samples.push(rssMb());
      all.push(...samples);
      const cpuPerRequest = (cpuMs() - cpuBefore) / result.requests.total;
      loadRuns.push({ name: run.name, peak: Math.max(...samples), median: median(samples), cpuPerRequest, result });
    }
    const after: number[] = [];
    const start = performance.now();
    for (let second = 0; second <= AFTER_SECONDS; second++) {
      await sleep(Math.max(0, start + second * 1000 - performance.now()));
      after.push(rssMb());
    }
    return { beforeLoad, loadRuns, peak: Math.max(...all), median: median(all), after };
  } finally {
    await stop();
  }
}

try {
  if (!BUSY_ONLY) {
    const shipped = await measure(shippedFlags);
    const defaults = await measure([]);
    console.log(
      `\nServer process RSS in MB (embedded PGlite; the whole list ${(shipped.bytes / 1e6).toFixed(1)} MB), ` +
        `with the shipped flags (${shippedFlags.join(' ') || 'none'}) and with Node's defaults`,
    );
    console.log(' shipped  defaults  ratio');
    shipped.figures.forEach(([label, mb], index) => {
      const baseline = defaults.figures[index]?.[1] ?? Number.NaN;
      console.log(
        `${mb.toFixed(0).padStart(8)}  ${baseline.toFixed(0).padStart(8)}  ${(mb / baseline).toFixed(2).padStart(5)}×  ${label}`,
      );
    });
    const [, noWords] = shipped.figures[1] ?? [];
    const [, allWords] = shipped.figures[3] ?? [];
    if (noWords && allWords)
      console.log(`ratio ${SAVED.toLocaleString('en')} / 0 words (shipped): ${(allWords / noWords).toFixed(2)}×`);
    console.log('Goals (issue #15): under 300 MB with 50,000 saved words, under 200 MB idle.');
  }

  const load = await busy(shippedFlags);
  console.log(
    `\nBusy server (${shippedFlags.join(' ')}, its own settings): ${CONNECTIONS} connections, each a learner with ` +
      `${SAVED.toLocaleString('en')} saved words, ${LOAD_SECONDS} s per run; RSS in MB, sampled every 100 ms`,
  );
  console.log(`before the load ${load.beforeLoad.toFixed(0)}`);
  // On a shared machine req/s and p99 follow the other work; the server's CPU time per request does much less.
  console.log('run                    peak  median    req/s    p99  server CPU per request');
  for (const run of load.loadRuns) {
    console.log(
      `${run.name.padEnd(21)} ${run.peak.toFixed(0).padStart(5)}  ${run.median.toFixed(0).padStart(6)}  ` +
        `${run.result.requests.average.toFixed(0).padStart(7)}  ${String(run.result.latency.p99).padStart(3)} ms` +
        `  ${run.cpuPerRequest.toFixed(2)} ms` +
        (run.result.non2xx || run.result.errors ? `  non-2xx ${run.result.non2xx}, errors ${run.result.errors}` : ''),
    );
  }
  console.log(`${'whole load'.padEnd(21)} ${load.peak.toFixed(0).padStart(5)}  ${load.median.toFixed(0).padStart(6)}`);
  const marks = [0, 15, 30, 45, 60, AFTER_SECONDS].filter((second, index, list) => list.indexOf(second) === index);
  console.log(`after the load: ${marks.map((second) => `${second} s ${load.after[second]?.toFixed(0)}`).join(', ')}`);
  const under = load.after.findIndex((mb) => mb < 250);
  console.log(
    under < 0 ? `not under 250 MB within ${AFTER_SECONDS} s` : `first under 250 MB ${under} s after the load`,
  );
  console.log('Goals (issue #32): ≤ 350 MB while busy, under 250 MB within 60 s of the load ending.');
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
