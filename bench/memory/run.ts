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
 *   npm run bench:memory
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { seedStarterLibrary } from '../../server/src/services/seed.ts';
import { buildBenchApp, englishPageNear250Words, saveBenchWords, signUpBenchLearner } from '../bench-app.ts';

const SAVED = 50_000;
const IDLE_GC_SECONDS = 2;
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'folio-memory-'));

// The data directory, prepared by this process before the server opens it: the library, two learners, their words.
console.log(
  `Preparing a data directory with the starter library and a learner with ${SAVED.toLocaleString('en')} words …`,
);
const database = await openDatabase({ dataDir, poolSize: 2 });
await migrateDatabase(database.pool);
await seedStarterLibrary(database.db);
const setup = await buildBenchApp(database, { wordLimit: SAVED + 1_000, name: 'memory' });
const newcomer = (await signUpBenchLearner(setup, 'newcomer')).token;
const veteran = (await signUpBenchLearner(setup, 'veteran')).token;
await saveBenchWords(database, 'veteran', SAVED);
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

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the real server with these Node flags, lets the two learners read, and returns its RSS at each moment. */
async function measure(flags: readonly string[]): Promise<{ figures: [string, number][]; bytes: number }> {
  const port = await freePort();
  const server = spawn(process.execPath, [...flags, path.join(root, 'server/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      IDLE_GC_SECONDS: String(IDLE_GC_SECONDS),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;

  function rssMb(): number {
    const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  }

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
    for (let attempt = 0; ; attempt++) {
      if (attempt > 120) throw new Error('The server did not start');
      if (
        await fetch(`${base}/api/health`).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      await sleep(500);
    }
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
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

try {
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
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
