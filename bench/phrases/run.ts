/**
 * Issue #31's server figure: a page's levels (GET /userword/page/…) for a learner with 50,000 saved words and 5,000
 * saved phrases, against the same call for a learner with the same 50,000 words and no phrase, the two asked in turn
 * in the same run (goal ≤ 1.2×). Twenty phrases occur on the page; the others are the library's words two or three
 * at a time: those starting with a pair the page holds in a row are found by the index of first two words, then
 * checked against the page's words. Then the known-word figures of a screen of the library's cards (GET
 * /coverage/texts), where the learner's phrases at levels 1–4 are counted too, for the same two learners in turn
 * (no goal in the issue; printed to watch).
 *
 *   npm run bench:phrases            (a temporary embedded PGlite; DATABASE_URL=… to run on PostgreSQL)
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/client.ts';
import { migrateDatabase } from '../../server/src/db/migrate.ts';
import { readSeedFiles, seedContent } from '../../server/src/services/seed.ts';
import {
  buildBenchApp,
  englishPageNear250Words,
  median,
  settleBenchData,
  signUpBenchLearner,
  temporaryDatabase,
} from '../bench-app.ts';

const WORDS = 50_000;
const PHRASES = 5_000;
const RUNS = 300;

const temporary = process.env.DATABASE_URL ? undefined : await temporaryDatabase('phrases');
const database = temporary?.database ?? (await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 }));
if (!temporary) await migrateDatabase(database.pool);
await seedContent(database.db, await readSeedFiles());
const app = await buildBenchApp(database, { wordLimit: WORDS + PHRASES + 1_000, name: 'phrases' });
const page = await englishPageNear250Words(database);
const stamp = Date.now().toString(36);

/**
 * A learner with the page's words and the library's saved, and made-up words to 50,000, and `phrases` phrases. The
 * made-up words are the library's with a number after them ("the1", "the2"), so the saved words spread over the
 * primary key as a real vocabulary does, and the page's words sit among them, not side by side (made-up words all
 * starting with "word" left the learner without phrases a best case no learner has: bench/README, bench:phrases).
 */
async function learnerWith(name: string, phrases: number): Promise<string> {
  const username = `${name}${stamp}`;
  const { token } = await signUpBenchLearner(app, username);
  await database.db.execute(sql`
    with page_words as (
      select distinct token->>'lowercase' as lowercase
      from pages p, jsonb_array_elements(p.sections) section, jsonb_array_elements(section->'tokens') token
      where p.content_id = ${page.id} and p.number = ${page.number} and (token->>'isWord')::boolean
    ),
    library as (
      select distinct token->>'lowercase' as lowercase
      from pages p join contents c on c.id = p.content_id,
        jsonb_array_elements(p.sections) section, jsonb_array_elements(section->'tokens') token
      where c.language = 'en' and (token->>'isWord')::boolean
    ),
    made_up as (
      select lowercase || n as lowercase from library, generate_series(1, ${WORDS} / (select count(*) from library)::int + 1) n
    ),
    words as (
      select lowercase from (
        select lowercase, 0 as rank from page_words
        union all select lowercase, 1 from library
        union all select lowercase, 2 from made_up
      ) every
      group by lowercase order by min(rank), hashtext(lowercase) limit ${WORDS}
    )
    insert into user_words (user_id, language, lowercase, level, updated_at)
    select u.id, 'en', w.lowercase, 1 + abs(hashtext(w.lowercase)) % 4, now()
    from users u, words w where u.username = ${username}`);
  if (phrases > 0) {
    // Twenty phrases of the page itself (pairs of words it holds in a row), and the rest made of the library's words
    // two or three at a time, as a learner's phrases from years of reading elsewhere: some start with the page's
    // words, and the index must tell them apart.
    await database.db.execute(sql`
      with tokens as (
        select p.content_id = ${page.id} and p.number = ${page.number} as on_page, section.part, token.at,
          p.content_id, p.number, token.value->>'lowercase' as lowercase
        from pages p join contents c on c.id = p.content_id,
          jsonb_array_elements(p.sections) with ordinality section(value, part),
          jsonb_array_elements(section.value->'tokens') with ordinality token(value, at)
        where c.language = 'en' and (token.value->>'isWord')::boolean
      ),
      page_pairs as (
        select array_agg(distinct pair) as pairs from (
          select lowercase || ' ' || lead(lowercase) over (partition by part order by at) as pair from tokens
          where on_page
        ) p where pair is not null
      ),
      library as (select array_agg(distinct lowercase) as words from tokens)
      insert into user_words (user_id, language, lowercase, level, updated_at)
      select u.id, 'en',
        case when n <= 20 then pairs[1 + (n * 7) % array_length(pairs, 1)]
        else words[1 + floor(random() * array_length(words, 1))::int] || ' '
          || words[1 + floor(random() * array_length(words, 1))::int]
          || case when n % 2 = 0 then '' else ' ' || words[1 + floor(random() * array_length(words, 1))::int] end
        end,
        1 + n % 4, now()
      from users u, page_pairs, library, generate_series(1, ${phrases}) n where u.username = ${username}
      on conflict do nothing`);
    // A pair drawn twice is saved once: top up to the count.
    await database.db.execute(sql`
      insert into user_words (user_id, language, lowercase, level, updated_at)
      select u.id, 'en', 'phrase' || n || ' filler', 1, now()
      from users u, generate_series(1, ${phrases}) n where u.username = ${username}
        and n <= ${phrases} - (select count(*) from user_words w where w.user_id = u.id and strpos(w.lowercase, ' ') > 0)`);
  }
  await database.db.execute(sql`
    update users set word_count = (select count(*) from user_words w where w.user_id = users.id)
    where username = ${username}`);
  return token;
}

const withoutPhrases = await learnerWith('nophrase', 0);
const withPhrases = await learnerWith('phrases', PHRASES);
// The page's own twenty and no other: what the answer's twenty more entries cost, apart from the other phrases.
const withPagePhrases = await learnerWith('pagephrases', 20);
await settleBenchData(database);
const [saved] = (
  await database.db.execute<{ phrases: number }>(sql`
    select count(*)::int as phrases from user_words w join users u on u.id = w.user_id
    where u.username = ${`phrases${stamp}`} and strpos(w.lowercase, ' ') > 0`)
).rows;

const pageUrl = `/api/v1/userword/page/en/${page.id}/${page.number}`;
const screen = (
  await database.db.execute<{ id: number }>(
    sql`select id from contents where language = 'en' and owner_id is null and published order by id limit 24`,
  )
).rows.map((row) => row.id);
const coverageUrl = `/api/v1/coverage/texts/en?ids=${screen.join(',')}`;

async function timed(url: string, token: string): Promise<{ ms: number; items: number }> {
  const start = performance.now();
  const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const ms = performance.now() - start;
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
  return { ms, items: (response.json() as { details: unknown[] }).details.length };
}

/** The call asked for each learner in turn, after a warm-up, so the machine's moods fall on all alike. */
async function inTurn(url: string) {
  const learners = { none: withoutPhrases, page: withPagePhrases, some: withPhrases };
  const times = { none: [] as number[], page: [] as number[], some: [] as number[] };
  const items = { none: 0, page: 0, some: 0 };
  for (let n = -20; n < RUNS; n++) {
    for (const [name, token] of Object.entries(learners) as [keyof typeof learners, string][]) {
      const { ms, items: listed } = await timed(url, token);
      if (n < 0) continue;
      times[name].push(ms);
      items[name] = listed;
    }
  }
  return { ...times, items };
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0;
const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
function report(title: string, unit: string, goal: string, timed: Awaited<ReturnType<typeof inTurn>>) {
  const { none, page, some, items } = timed;
  const line = (name: string, values: number[], count: number) =>
    console.log(
      `  ${name.padEnd(34)} median ${median(values).toFixed(2)} ms, p95 ${p95(values).toFixed(2)} ms (${count} ${unit})`,
    );
  console.log(title);
  line('no phrase:', none, items.none);
  line('only the 20 phrases the page holds:', page, items.page);
  line('with all the phrases:', some, items.some);
  console.log(`  ratio all ÷ none (median):          ${(median(some) / median(none)).toFixed(2)}×${goal}`);
  console.log(`  ratio all ÷ the page's 20 (median): ${(median(some) / median(page)).toFixed(2)}×`);
}

report(
  `A page's levels (${page.words} words), ${WORDS.toLocaleString('en')} saved words, ${kind}, ${RUNS} runs ` +
    `(${saved?.phrases.toLocaleString('en')} distinct phrases saved):`,
  'listed',
  ' (goal ≤ 1.2×)',
  await inTurn(pageUrl),
);
report(
  `The known-word figures of ${screen.length} library cards, the same learners, ${RUNS} runs:`,
  'cards',
  '',
  await inTurn(coverageUrl),
);

await app.close();
if (temporary) await temporary.remove();
else await database.close();
