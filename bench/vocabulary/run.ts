/**
 * The known-word figures at scale: a learner with 50,000 saved words and a library of 500 texts of 2,000 words each.
 * Prints p50/p95 of the real routes through `inject`:
 * - GET /coverage/texts for a screen of 24 cards (goal ≤ 50 ms p95 on PGlite), against a baseline measured in the same
 *   run: the same counts read from the pages' tokens, as they would be without the stored vocabulary;
 * - GET /coverage/new-words for one text ("Learn these words");
 * - writing one text's vocabulary afresh (what seeding, an import or an upload adds to storing its pages);
 * - (c) GET /vocabulary, the vocabulary screen's list: its first page (last changed first) and a search of 2–3 letters,
 *   200 requests each (goal ≤ 30 ms p95 on PGlite), and the first page most frequent first;
 * - (b) a word save with the daily progress counters (`saveUserWord`) against the statement without them (a copy kept
 *   in this file), alternating in the same run, for three kinds of save (goal ≤ 1.1×).
 *
 *   npm run bench:vocabulary            (embedded PGlite; DATABASE_URL=… to run on PostgreSQL)
 *   npm run bench:vocabulary -- c       (the list's figures alone, on the same data; `-- b` the saves' alone)
 */
import { sql } from 'drizzle-orm';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { statement } from '../../server/src/db/prepared-statements.ts';
import { refreshContentWords } from '../../server/src/db/queries/coverage.ts';
import { balancesAfter, paidSave } from '../../server/src/db/queries/save-balances.ts';
import { type SaveWordNames, saveUserWord } from '../../server/src/db/queries/words.ts';
import { buildBenchApp, signUpBenchLearner } from '../bench-app.ts';

const SAVED_WORDS = 50_000;
const TEXTS = 500;
const PAGES_PER_TEXT = 8;
const WORDS_PER_PAGE = 250;
/** Distinct words the texts draw from, log-uniformly (a Zipf-like spread: a few words occur very often). */
const LEXICON = 30_000;
const SCREEN = 24;
const RUNS = 60;
const LIST_RUNS = 200;
const SAVE_RUNS = 400;
/** Figures named on the command line (`b`, `c`), or all of them. */
const only = process.argv.slice(2);
const runs = (figure: 'coverage' | 'b' | 'c') => only.length === 0 || only.includes(figure);

// Making the library takes minutes: its statements may run longer than the app's default 10 s.
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  poolSize: 4,
  timeouts: { connectMs: 5_000, queryMs: 120_000 },
});
await migrateDatabase(database.pool);
const app = await buildBenchApp(database, { wordLimit: SAVED_WORDS + 1_000, name: 'vocabulary' });
const username = `vocab${Date.now().toString(36)}`;
const { token } = await signUpBenchLearner(app, username);
const headers = { authorization: `Bearer ${token}` };
const [learner] = (await database.db.execute<{ id: number }>(sql`select id from users where username = ${username}`))
  .rows;
if (!learner) throw new Error('no learner');
const learnerId = learner.id;

console.log(`Making ${TEXTS} texts of ${(PAGES_PER_TEXT * WORDS_PER_PAGE).toLocaleString('en')} words …`);
const started = performance.now();
const contentIds = (
  await database.db.execute<{ id: number }>(sql`
    insert into contents (language, slug, title, description, page_type, position)
    select 'en', 'vocab-bench-' || ${Date.now()} || '-' || n, 'Text ' || n, '', 'page', n
    from generate_series(1, ${TEXTS}) n returning id`)
).rows.map((row) => row.id);
for (let start = 0; start < contentIds.length; start += 10) {
  await database.db.execute(sql`
    insert into pages (content_id, number, title, sections, word_count)
    select c.id, p, '', jsonb_build_array(jsonb_build_object('tokens', (
      select jsonb_agg(jsonb_build_object('id', t.n, 'display', t.w, 'lowercase', t.w, 'isWord', t.n % 2 = 0) order by t.n)
      from (
        select n, case when n % 2 = 0 then 'w' || floor(exp(random() * ln(${LEXICON})))::int else ' ' end as w
        from generate_series(0, ${2 * WORDS_PER_PAGE - 1}) n where c.id + p > 0
      ) t))), ${WORDS_PER_PAGE}
    from unnest(${sql.param(contentIds.slice(start, start + 10))}::int[]) c(id), generate_series(0, ${PAGES_PER_TEXT - 1}) p`);
  await refreshContentWords(database.db, contentIds.slice(start, start + 10));
}
console.log(`… stored with their vocabulary in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The learner's words: the texts' 20,000 most frequent at levels 0–4, and 30,000 that occur in none of them, saved
// over the years (one a minute, back from now; a hundred at a time share their minute, as a page marked known does).
await database.db.execute(sql`
  insert into user_words (user_id, language, lowercase, level, updated_at)
  select ${learner.id}, 'en', case when n <= 20000 then 'w' || n else 'other' || n end, n % 5,
    now() - (case when n % 500 < 100 then n - n % 500 else n end) * interval '1 minute'
  from generate_series(1, ${SAVED_WORDS}) n`);
await database.db.execute(sql`update users set word_count = ${SAVED_WORDS} where id = ${learner.id}`);
await database.db.execute(sql`analyze`);

const stats = await database.db.execute<{ distinct: number; rows: number }>(sql`
  select round(avg(n))::int as distinct, sum(n)::int as rows
  from (select count(*) as n from content_words where content_id = any(${sql.param(contentIds)}::int[]) group by content_id) s`);
const vocabulary = stats.rows[0];

/** A screen of cards: 24 texts from a random place in the library. */
function screen(): number[] {
  const first = Math.floor(Math.random() * (contentIds.length - SCREEN));
  return contentIds.slice(first, first + SCREEN);
}

function percentiles(times: number[]) {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

async function timed(run: () => Promise<void>, count = RUNS) {
  const times: number[] = [];
  for (let n = 0; n < count + 3; n++) {
    const start = performance.now();
    await run();
    if (n >= 3) times.push(performance.now() - start);
  }
  return percentiles(times);
}

async function get(url: string) {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

if (runs('coverage')) await coverageFigures();
if (runs('c')) await listFigures();
if (runs('b')) await saveFigures();

async function coverageFigures() {
  const cards = await timed(async () => {
    const answer = await get(`/api/v1/coverage/texts/en?ids=${screen().join(',')}`);
    envelopeSchema(endpoints.textCoverage.details).parse(answer);
  });

  /** The baseline: the same counts for the same screen, from the pages' tokens instead of the stored vocabulary. */
  const fromPages = await timed(async () => {
    await database.db.execute(sql`
    with vocabulary as (
      select p.content_id as id, t->>'lowercase' as lowercase, count(*) as occurrences
      from pages p, jsonb_array_elements(p.sections) s, jsonb_array_elements(s->'tokens') t
      where p.content_id = any(${sql.param(screen())}::int[]) and (t->>'isWord')::boolean group by 1, 2
    ),
    saved as (
      select w.lowercase, w.level from user_words w where w.user_id = ${learnerId} and w.language = 'en'
        and w.lowercase = any (array(select distinct lowercase from vocabulary))
    )
    select v.id, sum(v.occurrences), sum(v.occurrences) filter (where s.level = 4),
      sum(v.occurrences) filter (where s.level >= 1), count(*) filter (where coalesce(s.level, 0) = 0)
    from vocabulary v left join saved s using (lowercase) group by v.id`);
  });

  const newWords = await timed(async () => {
    const id = contentIds[Math.floor(Math.random() * contentIds.length)];
    envelopeSchema(endpoints.textNewWords.details).parse(await get(`/api/v1/coverage/new-words/en/${id}`));
  });

  const refresh = await timed(async () => {
    const id = contentIds[Math.floor(Math.random() * contentIds.length)] ?? 0;
    await database.db.transaction((tx) => refreshContentWords(tx, [id]));
  });

  const [sample] = envelopeSchema(endpoints.textCoverage.details).parse(
    await get(`/api/v1/coverage/texts/en?ids=${screen().join(',')}`),
  ).details;
  console.log(
    `\n${SAVED_WORDS.toLocaleString('en')} saved words, ${TEXTS} texts of ${(PAGES_PER_TEXT * WORDS_PER_PAGE).toLocaleString('en')} words (about ${vocabulary?.distinct} distinct each, ${vocabulary?.rows.toLocaleString('en')} vocabulary rows), ${RUNS} runs, ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
  );
  console.log(
    `a sample card: known ${sample?.knownPercent} %, familiar ${sample?.familiarPercent} %, ${sample?.newWords} new words, ${sample?.band}`,
  );
  console.log('                                              p50        p95');
  console.log(
    `GET /coverage/texts, a screen of ${SCREEN} cards  ${ms(cards.p50)}  ${ms(cards.p95)}   (goal ≤ 50 ms p95)`,
  );
  console.log(`  the same counts from the pages' tokens      ${ms(fromPages.p50)}  ${ms(fromPages.p95)}   (baseline)`);
  console.log(
    `  ratio                                      ${(cards.p50 / fromPages.p50).toFixed(2).padStart(6)}×    ${(cards.p95 / fromPages.p95).toFixed(2).padStart(6)}×`,
  );
  console.log(`GET /coverage/new-words, one text          ${ms(newWords.p50)}  ${ms(newWords.p95)}`);
  console.log(`writing one text's vocabulary afresh       ${ms(refresh.p50)}  ${ms(refresh.p95)}`);
}

/** (c) The vocabulary screen's list of the 50,000 words: what a learner waits for on opening it, and on searching. */
async function listFigures() {
  const list = async (query: Record<string, string>) => {
    const search = new URLSearchParams({ homeLang: 'de', ...query });
    const answer = envelopeSchema(endpoints.vocabulary.details).parse(await get(`/api/v1/vocabulary/en?${search}`));
    if (answer.details.words.length === 0) throw new Error(`no words for ${search}`);
    return answer.details;
  };
  const first = await timed(async () => {
    await list({});
  }, LIST_RUNS);
  // Searches of 2–3 letters as a learner types them: "w1" matches 11,111 words, "w12" 1,111, "ot" 30,000.
  const prefixes = ['w1', 'w12', 'w57', 'ot', 'oth', 'w9', 'w40'];
  const searched = await timed(async () => {
    await list({ q: prefixes[Math.floor(Math.random() * prefixes.length)] ?? 'w1' });
  }, LIST_RUNS);
  const frequent = await timed(async () => {
    await list({ sort: 'frequency' });
  });
  const sample = await list({ q: 'w12' });
  console.log(
    `\n(c) the vocabulary list of ${SAVED_WORDS.toLocaleString('en')} saved words, pages of 50, ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}`,
  );
  console.log(`a sample search: "w12" matches ${sample.total.toLocaleString('en')} words`);
  console.log('                                              p50        p95');
  console.log(
    `GET /vocabulary, the first page (recent)     ${ms(first.p50)}  ${ms(first.p95)}   (${LIST_RUNS} runs; goal ≤ 30 ms p95)`,
  );
  console.log(
    `GET /vocabulary?q=, a search of 2–3 letters  ${ms(searched.p50)}  ${ms(searched.p95)}   (${LIST_RUNS} runs; goal ≤ 30 ms p95)`,
  );
  console.log(`GET /vocabulary, most frequent first        ${ms(frequent.p50)}  ${ms(frequent.p95)}   (${RUNS} runs)`);
}

/**
 * (b) A word save with the daily counters (the level before it read under a row lock, and the day's row raised when
 * the save saved a word or made one known) against the statement without them: the two alternate, which goes first
 * changing every run, each on words of its own, so the machine's load weighs on both alike.
 */
async function saveFigures() {
  /**
   * (b)'s baseline: the word save's statement without the daily progress counters (migration 0019), kept in the bench
   * alone so that a save is measured against it in the same run: today's statement (the sentence and source of issue
   * #29 and the shared `paidSave` included) less the counters and the word's level before the save they need.
   */
  const saveWithoutCounters = statement<SaveWordNames, { updated: boolean; inserted: boolean }>(
    (p) => sql`
      with owner as (
        select word_count < word_limit as has_room, word_count, credit_amount from users
        where id = ${p.userId} for update
      ),
      existing as (
        update user_words w set level = ${p.level}, updated_at = ${p.now}::timestamptz,
          sentence = coalesce(w.sentence, ${p.sentence}::text),
          source_content_id = case when w.sentence is null then ${p.sourceContentId}::int else w.source_content_id end,
          source_page_id = case when w.sentence is null then ${p.sourcePageId}::int else w.source_page_id end,
          source_video_id = case when w.sentence is null then ${p.sourceVideoId}::text else w.source_video_id end
        where w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = ${p.lowercase}
          and exists (select 1 from owner)
        returning 1
      ),
      inserted as (
        insert into user_words (user_id, language, lowercase, level, updated_at, sentence, source_content_id,
          source_page_id, source_video_id)
        select ${p.userId}, ${p.language}, ${p.lowercase}, ${p.level}, ${p.now}::timestamptz, ${p.sentence}::text,
          ${p.sourceContentId}::int, ${p.sourcePageId}::int, ${p.sourceVideoId}::text
        from owner where owner.has_room and not exists (select 1 from existing)
        on conflict do nothing
        returning 1
      ),
      changed as (
        select ${p.lowercase}::text as lowercase where exists (select 1 from existing) or exists (select 1 from inserted)
      ),
      ${paidSave(p, p.level, sql`(select count(*) from inserted)`)}
      select exists (select 1 from existing) as updated, exists (select 1 from inserted) as inserted,
        (select count(*)::int from owner) as users, (select has_room from owner) as has_room, ${balancesAfter}`,
  );
  const learningDay = new Date().toISOString().slice(0, 10);
  const kinds = [
    // A word the learner never saved, at level 1: the day's words saved go up.
    { name: 'a new word saved (level 1)', level: 1, word: (n: number, side: string) => `saved-${side}-${n}` },
    // A saved word from level 2 to 3 (w5k+2 are at level 2): no counter changes, the level is still read and locked.
    {
      name: 'a level 2 word set to 3',
      level: 3,
      word: (n: number, side: string) => `w${5 * (n + (side === 'b' ? 1_000 : 0)) + 2}`,
    },
    // A saved word from level 1 to 4 (w5k+1 are at level 1): the day's words made known go up.
    {
      name: 'a level 1 word made known',
      level: 4,
      word: (n: number, side: string) => `w${5 * (n + (side === 'b' ? 1_000 : 0)) + 1}`,
    },
  ];
  // A save takes about a millisecond on PGlite: its times to a hundredth.
  const fine = (value: number) => `${value.toFixed(2).padStart(6)} ms`;
  const rows: string[] = [];
  for (const kind of kinds) {
    const counted: number[] = [];
    const baseline: number[] = [];
    const withCounters = async (n: number) => {
      const start = performance.now();
      const result = await saveUserWord(
        database.db,
        learnerId,
        { lowercase: kind.word(n, 'a'), level: kind.level as 1 | 3 | 4, language: 'en' },
        { now: new Date(), learningDay },
      );
      if ('limitReached' in result) throw new Error('word limit');
      if (n >= 3) counted.push(performance.now() - start);
    };
    const without = async (n: number) => {
      const start = performance.now();
      const [row] = await saveWithoutCounters(database.db, {
        userId: learnerId,
        level: kind.level,
        language: 'en',
        lowercase: kind.word(n, 'b'),
        now: new Date().toISOString(),
        learningDay,
        sentence: null,
        sourceContentId: null,
        sourcePageId: null,
        sourceVideoId: null,
      });
      if (!row?.updated && !row?.inserted) throw new Error('the baseline saved nothing');
      if (n >= 3) baseline.push(performance.now() - start);
    };
    for (let n = 0; n < SAVE_RUNS + 3; n++) {
      if (n % 2 === 0) {
        await withCounters(n);
        await without(n);
      } else {
        await without(n);
        await withCounters(n);
      }
    }
    const a = percentiles(counted);
    const b = percentiles(baseline);
    const ratio = `${(a.p50 / b.p50).toFixed(2)}× / ${(a.p95 / b.p95).toFixed(2)}×`;
    rows.push(`${kind.name.padEnd(28)}${fine(a.p50)} / ${fine(a.p95)}    ${fine(b.p50)} / ${fine(b.p95)}    ${ratio}`);
  }
  const [today] = (
    await database.db.execute<{ words_saved: number; words_known: number }>(sql`
      select words_saved, words_known from daily_progress
      where user_id = ${learnerId} and language = 'en' and day = ${learningDay}::date`)
  ).rows;
  console.log(
    `\n(b) a word save with the daily counters and without them, ${SAVE_RUNS} runs of each alternating after 3 warm-ups, ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'} (goal ≤ 1.1×)`,
  );
  console.log(`today's counters after them: ${today?.words_saved} words saved, ${today?.words_known} made known`);
  console.log(`${''.padEnd(28)}with them (p50 / p95)    without (p50 / p95)      ratio`);
  for (const row of rows) console.log(row);
}

await app.close();
await database.close();
