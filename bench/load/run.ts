/**
 * Load on the real server, bounded: 16 connections for a few seconds each on the reader page, its translations and
 * word saves, against a server listening on 127.0.0.1 only. Prints requests per second, p50/p99 latency and the
 * longest event-loop block during each run. It asserts nothing.
 *
 *   npm run bench:load                 (embedded PGlite; DATABASE_URL=… for PostgreSQL)
 *   BENCH_SECONDS=10 npm run bench:load
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { readSeedFiles, seedContent } from '../../server/src/services/seed.ts';
import { buildBenchApp, signUpBenchLearner } from '../bench-app.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 10 });
await migrateDatabase(database.pool);
await seedContent(database.db, await readSeedFiles());
const app = await buildBenchApp(database, { wordLimit: 1_000_000, name: 'load' });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');
const base = `http://127.0.0.1:${address.port}`;

// One learner per connection, as in life (one learner's saves queue on their own row); new ones each run, since
// PostgreSQL keeps the last run's.
const runId = Date.now().toString(36);
const tokens: string[] = [];
for (let i = 0; i < CONNECTIONS; i++) {
  const username = `loader${runId}x${i}`;
  tokens.push((await signUpBenchLearner(app, username)).token);
}
const categories = envelopeSchema(endpoints.categories.details).parse(
  (await app.inject({ method: 'GET', url: '/api/v1/content/en' })).json(),
).details;
const contentId = categories[0]?.subCategories[0]?.contents[0]?.id;
if (contentId === undefined) throw new Error('no English content');

process.env.FOLIO_LOAD_TOKENS = tokens.join(',');

type Run = { name: string; options: autocannon.Options };
const runs: Run[] = [
  { name: 'reader page', options: { url: `${base}/api/v1/content/en/${contentId}/0` } },
  { name: 'page translations', options: { url: `${base}/api/v1/translations/${contentId}/0/de/en` } },
  {
    name: 'word save',
    options: {
      url: `${base}/api/v1/userword`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [{ setupRequest: fileURLToPath(new URL('./save-request.ts', import.meta.url)) }],
    },
  },
];

const mode = database.embedded ? 'embedded PGlite' : 'PostgreSQL';
console.log(`Load: ${CONNECTIONS} connections, ${SECONDS} s per run, ${mode}, server on ${base}`);
try {
  for (const run of runs) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    // In a worker thread: the load generator does not share the server's event loop.
    const result = await autocannon({ ...run.options, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
    delay.disable();
    console.log(
      `${run.name.padEnd(18)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
        `non-2xx ${result.non2xx}, errors ${result.errors}  longest event-loop block ${(delay.max / 1e6).toFixed(1)} ms`,
    );
  }
  console.log(
    'Goals: word save p99 ≤ 15 ms PostgreSQL, ≤ 25 ms PGlite; reader page + translations p99 ≤ 20 ms PostgreSQL.',
  );
} finally {
  await app.close();
  await database.close();
}
