import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { type SeedFile, seedContent } from '../../server/src/services/seed.ts';
import {
  buildBenchApp,
  builtSpa,
  median,
  resourceTimings,
  settleBenchData,
  signUpBenchLearner,
  temporaryDatabase,
} from '../bench-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** `BENCH_PAGES=250,1500`: only those pages (by their words) are measured. */
const measuredWords = process.env.BENCH_PAGES?.split(',').map(Number);
/**
 * The learners, by their saved words; with `BENCH_SAVED_PHRASES` (issue #31) one more, with 50,000 words and that many
 * phrases besides: a hundred of them pairs of words the bench texts hold in a row, the rest pairs that never occur.
 */
const savedPhrases = Number(process.env.BENCH_SAVED_PHRASES ?? 0);
const VOCABULARIES = ['0', '5000', '50000', ...(savedPhrases > 0 ? ['phrases'] : [])] as const;
const wordsOf = (learner: string) => (learner === 'phrases' ? 50_000 : Number(learner));
const nameOf = (learner: string) =>
  (learner === 'phrases'
    ? `50,000 + ${savedPhrases.toLocaleString('en')} phrases`
    : Number(learner).toLocaleString('en')
  ).padStart(24);
const _root = path.resolve(import.meta.dirname, '../..');

/** A made-up word for a number: letters only, so the tokenizer takes it as a word (bacu, dife, …). */
function wordFor(n: number): string {
  const consonants = 'bcdfghklmnprstvz';
  const vowels = 'aeiou';
  let word = '';
  let rest = n + 1;
  while (rest > 0) {
    word += `${consonants[rest % consonants.length]}${vowels[Math.floor(rest / consonants.length) % vowels.length]}`;
    rest = Math.floor(rest / (consonants.length * vowels.length));
  }
  return word;
}

/** A text of `words` words from a vocabulary of 600, in sentences of 12 and paragraphs of five sentences. */
function textOf(words: number): string {
  const paragraphs: string[] = [];
  let sentence: string[] = [];
  let paragraph: string[] = [];
  for (let n = 0; n < words; n++) {
    sentence.push(wordFor((n * 7919) % 600));
    if (sentence.length === 12 || n === words - 1) {
      paragraph.push(`${sentence.join(' ')}.`);
      sentence = [];
    }
    if (paragraph.length === 5 || n === words - 1) {
      paragraphs.push(paragraph.join(' '));
      paragraph = [];
    }
  }
  return paragraphs.join('\n\n');
}

const pages = [
  { name: '250-word page', slug: 'bench-short', words: 250 },
  { name: '1,500-word page', slug: 'bench-long', words: 1_500 },
  { name: '10,000-word page', slug: 'bench-book', words: 10_000 },
] as const;

const library: SeedFile = {
  language: 'en',
  categories: [
    {
      title: 'Bench',
      subCategories: [
        {
          title: 'First paint',
          description: 'Texts of known length',
          contents: pages.map((page) => ({
            slug: page.slug,
            title: page.name,
            description: `${page.words} words`,
            pageType: 'page' as const,
            pages: [{ title: page.name, text: textOf(page.words) }],
          })),
        },
      ],
    },
  ],
};

const dist = builtSpa();
const { database, remove } = await temporaryDatabase('first-paint');
await seedContent(database.db, [library]);
const app = await buildBenchApp(database, {
  wordLimit: 1_000_000,
  name: 'first-paint',
  staticDir: dist,
});
if (process.env.BENCH_DEBUG) {
  app.addHook('onResponse', async (request, reply) => {
    console.log(`  server ${request.url} ${reply.elapsedTime.toFixed(1)} ms at ${performance.now().toFixed(0)}`);
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');
const base = `http://127.0.0.1:${address.port}`;

const contentIds = new Map<string, number>();
for (const row of (await database.db.execute<{ id: number; slug: string }>(sql`select id, slug from contents`)).rows) {
  contentIds.set(row.slug, row.id);
}

/**
 * A learner with this many saved English words (every word of the bench texts, then made-up ones) and phrases: the
 * first hundred pairs of words the texts hold in a row, the others pairs of a text's word and a made-up one.
 */
async function learnerWith(learner: string): Promise<object> {
  const saved = wordsOf(learner);
  const phrases = learner === 'phrases' ? savedPhrases : 0;
  const username = `paint${learner}`;
  const user = await signUpBenchLearner(app, username);
  await database.db.execute(sql`
    insert into user_words (user_id, language, lowercase, level, updated_at)
    select u.id, 'en', case when n < 600 then ${sql.raw(`(${vocabularySql()})`)} else 'filler' || n end, 1 + n % 4, now()
    from users u, generate_series(0, ${saved - 1}) n where u.username = ${username}`);
  const pairs = textPairs(100);
  await database.db.execute(sql`
    insert into user_words (user_id, language, lowercase, level, updated_at)
    select u.id, 'en', case when n < ${pairs.length} then (string_to_array(${pairs.join('|')}, '|'))[n + 1]
      else ${sql.raw(`(${vocabularySql('n % 600')})`)} || ' zq' || n end, 1 + n % 4, now()
    from users u, generate_series(0, ${phrases - 1}) n where u.username = ${username}`);
  await database.db.execute(sql`update users set word_count = ${saved + phrases} where username = ${username}`);
  return { ...user, wordCount: saved + phrases };
}

/** Pairs of words the bench texts hold in a row within a sentence, the first `count` distinct ones. */
function textPairs(count: number): string[] {
  const pairs = new Set<string>();
  for (const { words } of pages) {
    for (const sentence of textOf(words).split('.')) {
      const inSentence = sentence.trim().split(/\s+/).filter(Boolean);
      for (let at = 1; at < inSentence.length && pairs.size < count; at++) {
        if (inSentence[at - 1] !== inSentence[at]) pairs.add(`${inSentence[at - 1]} ${inSentence[at]}`);
      }
    }
  }
  return [...pairs];
}

/** The SQL array lookup of the 600 made-up words by n (the same words the texts are made of). */
function vocabularySql(index = 'n'): string {
  const words = Array.from({ length: 600 }, (_, n) => `'${wordFor(n)}'`).join(',');
  return `(array[${words}])[${index} + 1]`;
}

console.log(`Saving the words of ${VOCABULARIES.length} learners (${VOCABULARIES.join(', ')}) …`);
const learners = new Map<string, object>();
for (const saved of VOCABULARIES) learners.set(saved, await learnerWith(saved));
await settleBenchData(database);

/**
 * Milliseconds from navigation start to the first frame showing the text (visible, whoever painted it), to the first
 * showing it coloured by the learner's levels, and to the first showing the app's reader (its toolbar's buttons).
 */
type Figures = { text: number; coloured: number; app: number };
/** One figure per kind of visit and per moment. */
type Visit = { cold: Figures; warm: Figures };
const kinds = ['cold', 'warm'] as const;
const moments = ['text', 'coloured', 'app'] as const;

/**
 * Opens a page in a fresh context (cold), then again in the same context (warm: its assets cached); answers both
 * times from navigation start to the first animation frame after each moment is in the document: a word of the
 * text visible (not hidden while its levels are on their way), a visible word with its level, the app's reader.
 */
async function measure(browser: Browser, user: object, contentId: number): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ user }) => {
      localStorage.setItem('folio.user', JSON.stringify(user));
      localStorage.setItem(
        'folio.preferences',
        JSON.stringify({ state: { targetLang: 'en', homeLang: 'de', languageChoiceDone: true }, version: 3 }),
      );
      const probe = window as unknown as { firstText?: number; firstColoured?: number; firstApp?: number };
      const visible = (selector: string) => {
        const element = document.querySelector(selector);
        return element?.checkVisibility({ visibilityProperty: true }) === true;
      };
      // A word found visible while the stylesheets are still on their way is not yet shown (rendering waits for
      // them, and so does the next frame): the moment counts only if the word is still visible at that frame.
      const atNextFrame = (moment: 'firstText' | 'firstColoured' | 'firstApp', shown: () => boolean) => {
        probe[moment] = -1;
        requestAnimationFrame((frame) => {
          probe[moment] = shown() ? frame : undefined;
        });
      };
      const text = () => visible('.reader-body [data-w]');
      const coloured = () => visible('.reader-body [data-w][data-level]');
      const app = () => document.querySelector('.reader-toolbar button') !== null;
      const observer = new MutationObserver(() => {
        if (probe.firstText === undefined && text()) atNextFrame('firstText', text);
        if (probe.firstColoured === undefined && coloured()) atNextFrame('firstColoured', coloured);
        if (probe.firstApp === undefined && app()) atNextFrame('firstApp', app);
        if (
          [probe.firstText, probe.firstColoured, probe.firstApp].every((moment) => moment !== undefined && moment > 0)
        ) {
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    },
    { user },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const url = `${base}/reader/${contentId}?page=0`;
  if (process.env.BENCH_DEBUG) {
    page.on('requestfinished', (request) => {
      const timing = request.timing();
      console.log(`  ${request.url().replace(base, '')} ${(timing.responseEnd - timing.requestStart).toFixed(0)} ms`);
    });
    page.on('requestfailed', (request) => console.log(`  FAILED ${request.url().replace(base, '')}`));
  }
  const visit = async (label: string): Promise<Figures> => {
    if (process.env.BENCH_DEBUG) console.log(`-- ${label}`);
    await page.goto(url);
    await page.waitForFunction(() => {
      const { firstText = -1, firstColoured = -1, firstApp = -1 } = window as unknown as Record<string, number>;
      return firstText > 0 && firstColoured > 0 && firstApp > 0;
    });
    if (process.env.BENCH_DEBUG) console.log((await resourceTimings(page)).join('\n'));
    const figures = await page.evaluate(() => {
      const { firstText = 0, firstColoured = 0, firstApp = 0 } = window as unknown as Record<string, number>;
      return { text: firstText, coloured: firstColoured, app: firstApp };
    });
    if (process.env.BENCH_DEBUG)
      console.log(`   text ${figures.text.toFixed(0)}, coloured ${figures.coloured.toFixed(0)}`);
    return figures;
  };
  const label = `${(user as { username?: string }).username ?? ''}`;
  const cold = await visit(`${label} cold`);
  await page.goto('about:blank');
  const warm = await visit(`${label} warm`);
  await context.close();
  return { cold, warm };
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log(`First paint of the reader, 4× CPU, median of ${RUNS} runs, embedded PGlite, ${base}`);
  console.log("Columns: text visible, text coloured, app's reader (ms from navigation start); cold, then warm.");
  for (const { name, slug, words } of pages) {
    if (measuredWords && !measuredWords.includes(words)) continue;
    const contentId = contentIds.get(slug);
    if (contentId === undefined) throw new Error(`no ${slug}`);
    const learnerOf = (saved: string) => {
      const user = learners.get(saved);
      if (!user) throw new Error('no learner');
      return user;
    };
    // A first visit each warms the server's caches and the JIT; then the learners take turns, run by run, so a
    // slower moment of the machine is shared by all three.
    for (const saved of VOCABULARIES) await measure(browser, learnerOf(saved), contentId);
    const runs = new Map<string, Visit[]>(VOCABULARIES.map((saved) => [saved, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const saved of VOCABULARIES) runs.get(saved)?.push(await measure(browser, learnerOf(saved), contentId));
    }
    const results = new Map<string, Visit>();
    const cell = (ms: number) => `${ms.toFixed(0).padStart(5)}`;
    for (const saved of VOCABULARIES) {
      const visits = runs.get(saved) ?? [];
      const figures = (kind: (typeof kinds)[number]): Figures => ({
        text: median(visits.map((visit) => visit[kind].text)),
        coloured: median(visits.map((visit) => visit[kind].coloured)),
        app: median(visits.map((visit) => visit[kind].app)),
      });
      const visit = { cold: figures('cold'), warm: figures('warm') };
      results.set(saved, visit);
      const row = (kind: (typeof kinds)[number]) =>
        `${kind} ${moments.map((moment) => cell(visit[kind][moment])).join(' ')} ms, coloured/text ${(visit[kind].coloured / visit[kind].text).toFixed(2)}`;
      console.log(`${name.padEnd(17)} ${nameOf(saved)} saved   ${row('cold')}   ${row('warm')}`);
    }
    const none = results.get('0');
    const ratios = (most: Visit, kind: (typeof kinds)[number]) =>
      none
        ? `${kind} ${moments.map((moment) => (most[kind][moment] / none[kind][moment]).toFixed(2).padStart(5)).join(' ')}`
        : '';
    const most = results.get('50000');
    if (most)
      console.log(
        `${name.padEnd(17)} ${'50,000 / 0'.padStart(24)}       ${ratios(most, 'cold')}   ${ratios(most, 'warm')}`,
      );
    const phrased = results.get('phrases');
    if (phrased) {
      console.log(
        `${name.padEnd(17)} ${'with phrases / 0'.padStart(24)}       ${ratios(phrased, 'cold')}   ${ratios(phrased, 'warm')}`,
      );
    }
  }
  console.log(
    'Goals: coloured ≤ 1.15× text on every page; ratio 50,000 / 0 ≤ 1.1 (with the phrases too); the 250-word page coloured in ≤ 400 ms at 50,000 words.',
  );
} finally {
  await browser.close();
  await app.close();
  await remove();
}
