/**
 * Flashcards at scale (issue #29): a learner with 50,000 cards in mixed states (new, learning, in review, relearning;
 * a tenth suspended by their word's level), 10,000 more saved words without a card and a review log. Prints p50/p95
 * of the real routes through `inject`:
 * - GET /flashcards/:lang, the queue screen's buckets and forecast (goal ≤ 20 ms p95 on PGlite);
 * - GET /flashcards/:lang/queue, the cards to review now (goal ≤ 20 ms p95), and the practice queue;
 * - POST /flashcards/:lang/review, one grade (goal ≤ 30 ms p95);
 * - POST /flashcards/:lang/cards/batch, "Add 20 Cards" (goal ≤ 50 ms p95).
 *
 *   npm run bench:flashcards            (embedded PGlite; DATABASE_URL=… to run on PostgreSQL)
 *   BENCH_CARDS (50,000) and BENCH_RUNS (200 per figure; Add 20 and practice take at most 60) change the sizes.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { buildBenchApp, settleBenchData, signUpBenchLearner } from '../bench-app.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 50_000);
const WITHOUT_CARD = CARDS / 5;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const BATCH_RUNS = Math.min(60, RUNS);

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  poolSize: 4,
  timeouts: { connectMs: 5_000, queryMs: 120_000 },
});
await migrateDatabase(database.pool);
const app = await buildBenchApp(database, { wordLimit: CARDS + WITHOUT_CARD + 1_000, name: 'flashcards' });
const username = `cards${Date.now().toString(36)}`;
const { token } = await signUpBenchLearner(app, username);
const headers = { authorization: `Bearer ${token}`, 'x-time-zone': 'Europe/Berlin' };
const [learner] = (await database.db.execute<{ id: number }>(sql`select id from users where username = ${username}`))
  .rows;
if (!learner) throw new Error('no learner');

console.log(`Making ${CARDS.toLocaleString('en')} cards and ${WITHOUT_CARD.toLocaleString('en')} words without one …`);
const started = performance.now();
// Words w1 … w60000: the first 50,000 with a card. Levels 1–3, every tenth card's word at 0 or 4 (suspended).
await database.db.execute(sql`
  insert into user_words (user_id, language, lowercase, level, updated_at, sentence)
  select ${learner.id}, 'en', 'w' || n,
    case when n <= ${CARDS} and n % 10 = 0 then (n / 10 % 2) * 4 else 1 + n % 3 end,
    now() - n * interval '1 minute', 'A sentence with w' || n || ' in it.'
  from generate_series(1, ${CARDS + WITHOUT_CARD}) n`);
await database.db.execute(
  sql`update users set word_count = ${CARDS + WITHOUT_CARD}, flashcard_new_per_day = 200 where id = ${learner.id}`,
);
// The library's counts of the words, Zipf-like, so "Add 20 Cards" has an order to follow.
await database.db.execute(sql`
  insert into library_words (language, lowercase, occurrences)
  select 'en', 'w' || n, greatest(1, (100000 / n)::int) from generate_series(1, ${CARDS + WITHOUT_CARD}) n
  on conflict do nothing`);
// Statistics first: the cards' foreign key checks each look their word up, planned from them.
await database.db.execute(sql`analyze user_words`);
// A fifth new, a tenth learning, three fifths in review (due from a month ago to three months ahead), a tenth
// relearning; suspended where the word is at 0 or 4, as the cards' trigger keeps them.
await database.db.execute(sql`
  insert into flashcards (user_id, language, lowercase, due, stability, difficulty, elapsed_days, scheduled_days,
    learning_steps, reps, lapses, state, last_review, sentence, created_at, suspended)
  select ${learner.id}, 'en', 'w' || n,
    case when kind = 0 then now() - interval '200 days' + n * interval '1 second'
      else now() + (random() * 120 - 30) * interval '1 day' end,
    case when kind = 0 then 0 else 0.5 + random() * 90 end, case when kind = 0 then 0 else 1 + random() * 9 end,
    0, case when kind = 2 then 1 + (random() * 60)::int else 0 end, case when kind = 1 then 1 else 0 end,
    case when kind = 0 then 0 else 1 + (random() * 20)::int end, case when kind = 3 then 1 else 0 end,
    kind, case when kind = 0 then null else now() - random() * interval '60 days' end,
    'A sentence with w' || n || ' in it.', now() - interval '200 days' + n * interval '1 second',
    n % 10 = 0
  from generate_series(1, ${CARDS}) n,
    lateral (select case when n % 10 < 2 then 0 when n % 10 = 2 then 1 when n % 10 = 9 then 3 else 2 end as kind) k`);
// A log of past reviews: one for each card that has been reviewed.
await database.db.execute(sql`
  insert into flashcard_reviews (user_id, review_id, card_id, rating, card_before, card_after, level_before,
    level_after, reviewed_at, duration_ms)
  select c.user_id, gen_random_uuid(), c.id, 3, '{"state":0}', '{"state":2}', 1, 1, c.last_review, 4000
  from flashcards c where c.user_id = ${learner.id} and c.last_review is not null`);
await settleBenchData(database);
console.log(`… in ${((performance.now() - started) / 1000).toFixed(1)} s`);

function percentiles(times: number[]) {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

/** Times `run` `count` times after 3 warm-up runs; `prepare` runs before each, untimed. */
async function timed(run: () => Promise<void>, count = RUNS, prepare?: () => Promise<void>) {
  const times: number[] = [];
  for (let n = 0; n < count + 3; n++) {
    await prepare?.();
    const start = performance.now();
    await run();
    if (n >= 3) times.push(performance.now() - start);
  }
  return percentiles(times);
}

async function request(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
const line = (label: string, figure: { p50: number; p95: number }, goal = '') =>
  console.log(`${label.padEnd(43)}${ms(figure.p50)}  ${ms(figure.p95)}${goal ? `   (${goal})` : ''}`);
console.log(`\n${database.embedded ? 'PGlite' : 'PostgreSQL'}, ${CARDS.toLocaleString('en')} cards`);
console.log(`${''.padEnd(46)}p50        p95`);

const summary = await timed(async () => {
  envelopeSchema(endpoints.flashcardSummary.details).parse(await request('GET', '/flashcards/en'));
});
line('GET /flashcards/en (buckets, forecast)', summary, 'goal ≤ 20 ms p95');
const queue = await timed(async () => {
  envelopeSchema(endpoints.flashcardQueue.details).parse(await request('GET', '/flashcards/en/queue?homeLang=de'));
});
line('GET /flashcards/en/queue', queue, 'goal ≤ 20 ms p95');
const practice = await timed(async () => {
  await request('GET', '/flashcards/en/queue?homeLang=de&practice=true');
}, BATCH_RUNS);
line('GET /flashcards/en/queue?practice=true', practice);

let waiting: { id: number; reps: number }[] = [];
let rating = 0;
const review = await timed(
  async () => {
    const card = waiting.shift();
    if (!card) throw new Error('no card to review');
    rating = (rating % 4) + 1;
    await request('POST', '/flashcards/en/review?homeLang=de', {
      reviewId: randomUUID(),
      cardId: card.id,
      rating,
      reps: card.reps,
      durationMs: 3000,
    });
  },
  RUNS,
  async () => {
    if (waiting.length > 0) return;
    const answer = await request('GET', '/flashcards/en/queue?homeLang=de&limit=50');
    waiting = envelopeSchema(endpoints.flashcardQueue.details).parse(answer).details.cards;
  },
);
line('POST /flashcards/en/review', review, 'goal ≤ 30 ms p95');

const batch = await timed(async () => {
  const answer = envelopeSchema(endpoints.addFlashcards.details).parse(
    await request('POST', '/flashcards/en/cards/batch', { count: 20 }),
  );
  if (answer.details.added !== 20) throw new Error(`Add 20 Cards added ${answer.details.added}`);
}, BATCH_RUNS);

line('POST /flashcards/en/cards/batch (20)', batch, 'goal ≤ 50 ms p95');

await app.close();
await database.close();
