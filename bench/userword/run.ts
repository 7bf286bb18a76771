/**
 * GET /userword with 100,000 saved words: the real route (JSON built by the database and sent as text) against a
 * baseline measured in the same run (the same rows selected as objects and serialised through the contract's
 * response schema, as an ordinary route would). Prints medians, the ratio, and how long the event loop was
 * blocked at worst during the requests.
 *
 * Also prints the median time of saving a new word with none and with 100,000 saved, and the process's RSS.
 *
 *   npm run bench:userword            (embedded PGlite; DATABASE_URL=… to run on PostgreSQL)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { userWords } from '../../server/src/db/schema/learning.ts';
import { buildBenchApp, saveBenchWords, settleBenchData, signUpBenchLearner } from '../bench-app.ts';

const WORDS = 100_000;
const RUNS = 15;

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
await migrateDatabase(database.pool);
const app = await buildBenchApp(database, { wordLimit: WORDS + 1_000, name: 'word' });
const listSchema = envelopeSchema(endpoints.userWords.details);
/** The baseline: rows as objects, serialised through the contract's schema like any other route. */
app.get('/bench/userword-objects/:userId', async (request) => {
  const userId = Number((request.params as { userId: string }).userId);
  const rows = await database.db
    .select({ lowercase: userWords.lowercase, level: userWords.level, language: userWords.language })
    .from(userWords)
    .where(eq(userWords.userId, userId));
  return JSON.stringify(listSchema.parse({ message: 'success', status: 200, details: rows }));
});

const { token } = await signUpBenchLearner(app, 'bench');
const [user] = await database.db
  .execute<{ id: number }>(sql`select id from users where email = 'bench@example.com'`)
  .then((r) => r.rows);
if (!user) throw new Error('no user');
const rssMb = () => (process.memoryUsage().rss / 1e6).toFixed(0);

/** Median time of 40 saves of new words (and the level changes between them) for the bench learner. */
async function saveLatency(prefix: string): Promise<number> {
  const times: number[] = [];
  for (let n = 0; n < 42; n++) {
    const start = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/userword',
      headers: { authorization: `Bearer ${token}` },
      payload: { lowercase: `${prefix}${n}`, level: 1 + (n % 4), language: 'en' },
    });
    if (response.statusCode !== 200) throw new Error(`save answered ${response.statusCode}`);
    if (n >= 2) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const saveAtNone = await saveLatency('fresh');
console.log(`Inserting ${WORDS.toLocaleString('en')} saved words …`);
await saveBenchWords(database, 'bench', WORDS);
await settleBenchData(database);

async function time(url: string, headers: Record<string, string>) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const times: number[] = [];
  let bytes = 0;
  delay.enable();
  for (let run = 0; run < RUNS + 2; run++) {
    const start = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    if (run >= 2) times.push(performance.now() - start);
    bytes = response.body.length;
  }
  delay.disable();
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, maxBlockMs: delay.max / 1e6, bytes };
}

const saveAtAll = await saveLatency('later');
const real = await time('/api/v1/userword', { authorization: `Bearer ${token}` });
const baseline = await time(`/bench/userword-objects/${user.id}`, {});
const check = listSchema.parse(
  JSON.parse(
    (await app.inject({ method: 'GET', url: '/api/v1/userword', headers: { authorization: `Bearer ${token}` } })).body,
  ),
);

console.log(
  `\nGET /userword with ${check.details.length.toLocaleString('en')} words (${(real.bytes / 1e6).toFixed(1)} MB), ${RUNS} runs, ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
);
console.log('                          median      longest event-loop block');
console.log(
  `JSON built in the database ${real.median.toFixed(0).padStart(5)} ms   ${real.maxBlockMs.toFixed(0).padStart(5)} ms`,
);
console.log(
  `objects + schema (baseline)${baseline.median.toFixed(0).padStart(5)} ms   ${baseline.maxBlockMs.toFixed(0).padStart(5)} ms`,
);
console.log(
  `ratio                      ${(real.median / baseline.median).toFixed(2)}×     ${(real.maxBlockMs / baseline.maxBlockMs).toFixed(2)}×`,
);

console.log(
  `\nSaving a new word, median of 40: ${saveAtNone.toFixed(1)} ms with none saved, ${saveAtAll.toFixed(1)} ms with ${WORDS.toLocaleString('en')} (${(saveAtAll / saveAtNone).toFixed(2)}×)`,
);
console.log(`Server process RSS after the requests: ${rssMb()} MB (the embedded database runs in it)`);

await app.close();
await database.close();
