import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { seedStarterLibrary } from '../../server/src/services/seed.ts';
import {
  buildBenchApp,
  builtSpa,
  median,
  resourceTimings,
  signUpBenchLearner,
  temporaryDatabase,
} from '../bench-app.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROWS = Number(process.env.BENCH_ROWS ?? 2_000);
const SAVED_WORDS = 50_000;
const _root = path.resolve(import.meta.dirname, '../..');

const dist = builtSpa();
const { database, remove } = await temporaryDatabase('vocabulary-browser');
await seedStarterLibrary(database.db);
const app = await buildBenchApp(database, {
  wordLimit: SAVED_WORDS + 1_000,
  name: 'vocabulary-browser',
  staticDir: dist,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('not listening');
const base = `http://127.0.0.1:${address.port}`;

// The learner's words, saved over the years as bench/vocabulary saves them: one a minute back from now.
const username = `vocabbrowser${Date.now().toString(36)}`;
const learner = await signUpBenchLearner(app, username);
await database.db.execute(sql`
  insert into user_words (user_id, language, lowercase, level, updated_at)
  select u.id, 'en', 'word' || n, n % 5, now() - n * interval '1 minute'
  from users u, generate_series(1, ${SAVED_WORDS}) n where u.username = ${username}`);
await database.db.execute(sql`update users set word_count = ${SAVED_WORDS} where username = ${username}`);
await database.db.execute(sql`analyze`);
const user = { ...learner, wordCount: SAVED_WORDS };

/** What shows `/`'s and `/words`' content: the end of the task that renders it is timed from navigation start. */
const screens = {
  '/': '.content-card',
  '/words': '.vocabulary-list [data-w]',
} as const;
type Screen = keyof typeof screens;
/** What the page writes to its console once its content is shown. */
const shownMessage = 'folio-bench: shown';
/** The header's balances: with the content, the screen a member sees whole (`/` renders them a commit later). */
const headerSelector = '.header > .balances';
/** What the page writes once its content and the header's balances are both shown. */
const wholeMessage = 'folio-bench: whole';

async function newLearnerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ({ user, selectors, shownMessage, headerSelector, wholeMessage }) => {
      localStorage.setItem('folio.user', JSON.stringify(user));
      localStorage.setItem(
        'folio.preferences',
        JSON.stringify({ state: { targetLang: 'en', homeLang: 'de', languageChoiceDone: true }, version: 3 }),
      );
      const probe = window as unknown as { shown?: number; whole?: number };
      const visible = (selector: string) =>
        document.querySelector(selector)?.checkVisibility({ visibilityProperty: true }) === true;
      const observer = new MutationObserver(() => {
        if (probe.shown === undefined && selectors.some(visible)) {
          probe.shown = -1;
          // The time inside the next frame's callback, not the frame's own timestamp: that one is taken as the frame
          // begins, before the task that rendered the content, so a screen's render would not count.
          requestAnimationFrame(() => {
            probe.shown = performance.now();
            console.debug(shownMessage);
          });
        }
        if (probe.shown === undefined || probe.whole !== undefined || !visible(headerSelector)) return;
        probe.whole = -1;
        observer.disconnect();
        requestAnimationFrame(() => {
          probe.whole = performance.now();
          console.debug(wholeMessage);
        });
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    },
    { user, selectors: Object.values(screens), shownMessage, headerSelector, wholeMessage },
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

type Moments = { shown: number; whole: number };

/**
 * Opens `screen` cold (a new context), then warm (again in that context); ms to its content's first frame, and to the
 * first frame with its content and the header's balances.
 */
async function visit(browser: Browser, screen: Screen): Promise<{ cold: Moments; warm: Moments }> {
  const page = await newLearnerPage(browser);
  const shown = async () => {
    // Told by the page's console, not asked: a script evaluated in the page (waitForFunction) would run the
    // driver's injected code in the middle of the visit being timed.
    const told = page.waitForEvent('console', { predicate: (message) => message.text() === wholeMessage });
    await page.goto(base + screen, { waitUntil: 'commit' });
    await told;
    if (process.env.BENCH_DEBUG) console.log(`${screen}\n${(await resourceTimings(page)).join('\n')}`);
    return page.evaluate(() => {
      const { shown, whole } = window as unknown as Moments;
      return { shown, whole };
    });
  };
  const cold = await shown();
  await page.goto('about:blank');
  const warm = await shown();
  await page.context().close();
  return { cold, warm };
}

/** Scrolls `/words` until `ROWS` rows are listed; the long tasks and long animation frames meanwhile. */
async function scrollThrough(browser: Browser) {
  const page = await newLearnerPage(browser);
  await page.goto(`${base}/words`);
  await page.waitForSelector(screens['/words']);
  await page.evaluate(() => {
    const seen = { tasks: [] as number[], frames: [] as number[] };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.tasks.push(entry.duration);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.frames.push(entry.duration);
    }).observe({ type: 'long-animation-frame' });
  });
  // A live collection's length: counting rows costs the page almost nothing between its frames.
  const rows = () => page.evaluate(() => document.getElementsByClassName('reader-paragraph').length);
  const started = Date.now();
  let listed = await rows();
  while (listed < ROWS) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The next page arrives when the list's end comes into view, or by its "Load more" button.
    await page
      .waitForFunction((before) => document.getElementsByClassName('reader-paragraph').length > before, listed, {
        polling: 100,
        timeout: 10_000,
      })
      .catch(async () => {
        await page.locator('.vocabulary-more button').click();
      });
    listed = await rows();
    if (process.env.BENCH_DEBUG) {
      const tasks = await page.evaluate(() => (window as unknown as { seen: { tasks: number[] } }).seen.tasks.length);
      console.log(`  ${listed} rows, ${tasks} long tasks so far`);
    }
  }
  const seen = await page.evaluate(() => (window as unknown as { seen: { tasks: number[]; frames: number[] } }).seen);
  await page.context().close();
  return { ...seen, listed, seconds: (Date.now() - started) / 1000 };
}

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  console.log(`/ and /words with ${SAVED_WORDS.toLocaleString('en')} saved words, 4× CPU, ${RUNS} runs, ${base}`);
  for (const screen of Object.keys(screens) as Screen[]) await visit(browser, screen);
  const runs: Record<Screen, { cold: Moments; warm: Moments }[]> = { '/': [], '/words': [] };
  for (let run = 0; run < RUNS; run++) {
    for (const screen of Object.keys(screens) as Screen[]) runs[screen].push(await visit(browser, screen));
  }
  const medians = (screen: Screen, moment: keyof Moments) => ({
    cold: median(runs[screen].map((visit) => visit.cold[moment])),
    warm: median(runs[screen].map((visit) => visit.warm[moment])),
  });
  const home = medians('/', 'shown');
  const words = medians('/words', 'shown');
  const homeWhole = medians('/', 'whole');
  const wordsWhole = medians('/words', 'whole');
  console.log(
    `                      cold       warm   (median ms from navigation to the frame after its content is rendered)`,
  );
  console.log(`/ (its cards)      ${home.cold.toFixed(0).padStart(6)} ${home.warm.toFixed(0).padStart(10)}`);
  console.log(`/words (its rows)  ${words.cold.toFixed(0).padStart(6)} ${words.warm.toFixed(0).padStart(10)}`);
  console.log(
    `/words ÷ /         ${(words.cold / home.cold).toFixed(2).padStart(6)} ${(words.warm / home.warm).toFixed(2).padStart(10)}   (goal ≤ 1.2)`,
  );
  console.log(`With the header's balances (the first frame that shows both):`);
  console.log(`/                  ${homeWhole.cold.toFixed(0).padStart(6)} ${homeWhole.warm.toFixed(0).padStart(10)}`);
  console.log(
    `/words             ${wordsWhole.cold.toFixed(0).padStart(6)} ${wordsWhole.warm.toFixed(0).padStart(10)}`,
  );
  console.log(
    `/words ÷ /         ${(wordsWhole.cold / homeWhole.cold).toFixed(2).padStart(6)} ${(wordsWhole.warm / homeWhole.warm).toFixed(2).padStart(10)}`,
  );

  const scrolled = await scrollThrough(browser);
  const over = (values: number[]) => values.filter((duration) => duration > 50);
  const longest = (values: number[]) => (values.length ? Math.max(...values) : 0);
  console.log(`Scrolled /words to ${scrolled.listed.toLocaleString('en')} rows in ${scrolled.seconds.toFixed(1)} s:`);
  console.log(
    `  long tasks over 50 ms: ${over(scrolled.tasks).length} (longest ${longest(scrolled.tasks).toFixed(0)} ms)   (goal: none)`,
  );
  console.log(
    `  long animation frames over 50 ms: ${over(scrolled.frames).length} (longest ${longest(scrolled.frames).toFixed(0)} ms)`,
  );
} finally {
  await browser.close();
  await app.close();
  await remove();
}
