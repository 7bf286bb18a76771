/**
 * Flashcards in the browser (issue #29's speed point): in headless Chromium at a 4× CPU throttle, Space (Reveal) →
 * the first frame showing the answer, and a grade key → the first frame showing the next card. On the real server
 * (embedded PGlite, the built SPA), a learner with 40 German words and 20 cards; `BENCH_MOCKS=1` runs the mock build
 * instead (its API works in the page itself, on the main thread the figures measure). Each round reveals and grades
 * the card in front, then undoes the grade (not measured), so three cards suffice. For reference, each round also
 * measures a key the app ignores (the frame's own cost) and the smallest visible change (one word's colour, set by the
 * bench in the key's own event): the browser's floor for any answer to a key.
 *
 *   npm run bench:flashcards-browser     (builds dist, or dist-bench with BENCH_MOCKS, unless BENCH_SKIP_BUILD)
 */
import { chromium, type Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { buildBenchApp, builtSpa, settleBenchData, signUpBenchLearner, temporaryDatabase } from '../bench-app.ts';
import { serveBenchBuild } from '../serve.ts';

const mocks = process.env.BENCH_MOCKS === '1';

const port = 4198;
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const gap = Number(process.env.BENCH_KEY_GAP ?? 300);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Each key press records (an unhandled key, x, at its next frame: the frame's own cost), at the first rendered frame whose DOM shows the press's effect (the answer for Space, a
 * new word for a grade), the time since the event.
 */
async function installProbes(page: Page) {
  await page.evaluate(() => {
    const probes = window as unknown as { benchFigures: number[] };
    probes.benchFigures = [];
    const afterNextFrame = (then: () => void) =>
      requestAnimationFrame(() => void scheduler.postTask(then, { priority: 'user-blocking' }));
    window.addEventListener(
      'keydown',
      (event) => {
        // What the screen shows (the next card's nodes and the answer are made before they show, transparent).
        const visible = (selector: string) =>
          [...document.querySelectorAll<HTMLElement>(selector)].find((element) =>
            element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
          );
        const shownWord = () => visible('.flashcard-word')?.textContent;
        const word = shownWord();
        const shown =
          event.key === ' '
            ? () => visible('.flashcard-back') !== undefined
            : event.key === 'x' || event.key === 'v'
              ? () => true
              : () => shownWord() !== word;
        if (event.key !== ' ' && event.key !== 'x' && event.key !== 'v' && !/^[1-4]$/.test(event.key)) return;
        // The smallest visible change, for reference: the shown word's colour, flipped in the key's own event.
        if (event.key === 'v') {
          const element = visible('.flashcard-word');
          if (element) element.style.color = element.style.color ? '' : 'rgb(200, 0, 0)';
        }
        const check = () =>
          afterNextFrame(() => {
            const elapsed = performance.now() - event.timeStamp;
            if (shown() || elapsed > 2000) probes.benchFigures.push(elapsed);
            else check();
          });
        check();
      },
      { capture: true },
    );
  });
}

async function recorded(page: Page, count: number): Promise<number> {
  await page.waitForFunction((n) => (window as unknown as { benchFigures: number[] }).benchFigures.length === n, count);
  return page.evaluate((n) => (window as unknown as { benchFigures: number[] }).benchFigures[n - 1] ?? 0, count);
}

/** The stored session and preferences of a German learner reading in English. */
function storeLearner(user: unknown) {
  localStorage.setItem('folio.user', JSON.stringify(user));
  localStorage.setItem(
    'folio.preferences',
    JSON.stringify({
      state: { homeLang: 'en', targetLang: 'de', locale: 'en', levelsShown: true, speechOn: false },
      version: 2,
    }),
  );
}

/** The mock build, its reader account given 20 cards through the mock API. */
async function mockedLearner(page: Page) {
  const server = await serveBenchBuild(port);
  await page.goto(`${server.base}/faq`);
  await page.getByRole('banner').waitFor();
  const user = await page.evaluate(async () => {
    const response = await fetch('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', password: 'reading42' }),
    });
    const { details } = (await response.json()) as { details: { token: string } };
    await fetch('/api/v1/flashcards/de/cards/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${details.token}` },
      body: JSON.stringify({ count: 20 }),
    });
    return details;
  });
  await page.evaluate(storeLearner, user);
  // The mock API writes its state on pagehide: leave the page so the next one reads the cards.
  await page.goto(`${server.base}/favicon.svg`);
  return { base: server.base, stop: async () => server.stop() };
}

/** The real server on a database of its own: a learner with 40 German words at levels 1–3 and 20 cards of them. */
async function realLearner(page: Page) {
  const dist = builtSpa();
  const { database, remove } = await temporaryDatabase('flashcards-browser');
  const app = await buildBenchApp(database, { wordLimit: 1_000, name: 'flashcards-browser', staticDir: dist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const base = `http://127.0.0.1:${address.port}`;
  const learner = await signUpBenchLearner(app, 'cardsbrowser');
  await database.db.execute(sql`
    insert into user_words (user_id, language, lowercase, level, updated_at, sentence)
    select u.id, 'de', 'wort' || n, 1 + n % 3, now() - n * interval '1 minute', 'Ein Satz mit wort' || n || ' darin.'
    from users u, generate_series(1, 40) n where u.username = 'cardsbrowser'`);
  await database.db.execute(sql`update users set word_count = 40 where username = 'cardsbrowser'`);
  const batch = await app.inject({
    method: 'POST',
    url: '/api/v1/flashcards/de/cards/batch',
    headers: { authorization: `Bearer ${learner.token}` },
    payload: { count: 20 },
  });
  if (batch.statusCode !== 200) throw new Error(`Add 20 answered ${batch.statusCode}`);
  await settleBenchData(database);
  await page.context().addInitScript(storeLearner, { ...learner, wordCount: 40 });
  return {
    base,
    stop: async () => {
      await app.close();
      await remove();
    },
  };
}

async function main() {
  const browser = await chromium.launch(chromiumLaunchOptions);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const server = mocks ? await mockedLearner(page) : await realLearner(page);
  try {
    await page.goto(`${server.base}/flashcards`);
    await page.locator('.flashcards-actions .button-primary').first().click();
    await page.locator('[data-slot="current"] .flashcard-word').waitFor();
    await installProbes(page);
    const cdp = await page.context().newCDPSession(page);

    const idle: number[] = [];
    const visible: number[] = [];
    const reveals: number[] = [];
    const grades: number[] = [];
    let pressed = 0;
    const measure = async (key: string, into: number[]) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      try {
        await page.keyboard.press(key);
        pressed += 1;
        into.push(await recorded(page, pressed));
      } finally {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
      await page.waitForTimeout(gap);
    };
    for (let round = 0; round < rounds; round++) {
      await measure('x', idle);
      await measure('v', visible);
      await measure(' ', reveals);
      await measure('3', grades);
      // The grade's own call and the undo settle before the next round (their work is not a press's frame).
      await page.keyboard.press('u');
      await page.waitForFunction(
        () => document.querySelector('[data-slot="current"] .flashcard-back:not([data-concealed])') === null,
      );
      await page.waitForTimeout(gap * 2);
    }
    const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`;
    console.log(
      `\nFlashcards in the browser: 4× CPU throttle, headless Chromium at 390 px, ${rounds} rounds, ${mocks ? 'the mock build' : 'the real server (embedded PGlite)'}`,
    );
    console.log(`unhandled key → next frame      median ${f(median(idle))}   (the frame's own cost)`);
    console.log(
      `one word's colour → next frame  median ${f(median(visible))}   max ${f(Math.max(...visible))}   (the smallest visible change)`,
    );
    const ratio = (values: number[]) => (median(values) / median(visible)).toFixed(2);
    console.log(
      `Space (Reveal) → answer shown   median ${f(median(reveals))}   max ${f(Math.max(...reveals))}   ${ratio(reveals)}× the smallest change`,
    );
    console.log(
      `grade key → next card shown     median ${f(median(grades))}   max ${f(Math.max(...grades))}   ${ratio(grades)}× the smallest change`,
    );
    if (process.env.BENCH_DEBUG) {
      console.log('reveals', reveals.map((ms) => ms.toFixed(1)).join(' '));
      console.log('grades', grades.map((ms) => ms.toFixed(1)).join(' '));
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
