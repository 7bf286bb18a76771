/**
 * Reader benchmark: a 10,000-token page in headless Chromium with a 4× CPU throttle standing in for a phone.
 * Measures (1) keydown → next rendered frame when a level key recolours every occurrence of the page's most
 * frequent word, and (2) tap → the frame that shows the word in the translation box; for the app and for a naive
 * reference (levels as one Map in React state) built from the same page, markup and stylesheet, in the same run.
 * With BENCH_SAVED_PHRASES=5000 (issue #31), a second learner of the app has as many phrases saved besides: twenty
 * pairs of words the page holds in a row (none with the word the keys level) and the rest starting with the page's
 * words but never occurring; their key and tap figures are compared with the first learner's in the same run, and a
 * level key on a phrase the page holds several times (every occurrence recoloured) is timed too.
 *
 *   npm run bench:reader            (builds dist-bench, serves it, runs, prints figures and ratios)
 */
import os from 'node:os';
import { type Browser, type CDPSession, chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { serveBenchBuild } from '../serve.ts';

const port = 4199;
const keyRuns = Number(process.env.BENCH_KEY_RUNS ?? 40);
const tapRuns = Number(process.env.BENCH_TAP_RUNS ?? 15);
const keyGap = Number(process.env.BENCH_KEY_GAP ?? 250);
/**
 * Words the learner has saved before (none by default); 50,000 stands for a learner of many years. The mock API
 * keeps its data in session storage, whose quota holds no more than about 100,000.
 */
const savedWords = Number(process.env.BENCH_SAVED_WORDS ?? 0);
/** Phrases a second learner of the app has saved besides (none by default: that learner is not measured). */
const savedPhrases = Number(process.env.BENCH_SAVED_PHRASES ?? 0);
const pagePhrases = 20;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * Installs the probes. Each key press and each click records, once the next frame after it has been rendered,
 * the time since the event; the runner reads the records back (a long-pending evaluate per press is avoided).
 */
async function installProbes(page: Page) {
  await page.evaluate(() => {
    const probes = window as unknown as { benchKeys: number[]; benchTaps: number[] };
    probes.benchKeys = [];
    probes.benchTaps = [];
    // The rendering steps run right after the frame's animation callbacks; a user-blocking task posted there runs
    // as soon as they end, ahead of the page's own timers and messages (which would otherwise be counted too).
    const afterNextFrame = (then: () => void) =>
      requestAnimationFrame(() => void scheduler.postTask(then, { priority: 'user-blocking' }));
    window.addEventListener(
      'keydown',
      (event) => afterNextFrame(() => probes.benchKeys.push(performance.now() - event.timeStamp)),
      { capture: true },
    );
    window.addEventListener(
      'click',
      (event) => {
        const word = (event.target as HTMLElement).closest<HTMLElement>('[data-w]');
        const display = word?.textContent;
        const check = () =>
          afterNextFrame(() => {
            const elapsed = performance.now() - event.timeStamp;
            // A word inside a saved phrase shows the phrase first: the box then holds the word among others.
            const shown = document.querySelector('.translation-word')?.textContent?.toLowerCase() ?? '';
            const tapped = display?.toLowerCase() ?? '';
            if (shown === tapped || (tapped !== '' && shown.split(' ').includes(tapped)) || elapsed > 2000) {
              probes.benchTaps.push(elapsed);
            } else {
              check();
            }
          });
        if (word) check();
      },
      { capture: true },
    );
  });
}

/** Waits until the probe has recorded its count-th figure, and returns that figure. */
async function recorded(page: Page, kind: 'benchKeys' | 'benchTaps', count: number): Promise<number> {
  await page.waitForFunction(({ k, n }) => (window as unknown as Record<string, number[]>)[k]?.length === n, {
    k: kind,
    n: count,
  });
  return page.evaluate(({ k, n }) => (window as unknown as Record<string, number[]>)[k]?.[n - 1] ?? 0, {
    k: kind,
    n: count,
  });
}

/** One implementation under test: its page, the page's most frequent word, and the figures measured so far. */
type Subject = {
  page: Page;
  cdp: CDPSession;
  word: string;
  count: number;
  pressed: number;
  tapped: number;
  keys: number[];
  idle: number[];
  taps: number[];
};

async function prepare(page: Page): Promise<Subject> {
  await installProbes(page);
  const { word, count } = await page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll<HTMLElement>('[data-w]')) {
      counts.set(element.dataset.w ?? '', (counts.get(element.dataset.w ?? '') ?? 0) + 1);
    }
    const [top = '', n = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    return { word: top, count: n };
  });
  await page.locator(`[data-w="${word}"]`).first().click();
  await recorded(page, 'benchTaps', 1);
  const cdp = await page.context().newCDPSession(page);
  return { page, cdp, word, count, pressed: 0, tapped: 1, keys: [], idle: [], taps: [] };
}

/** The share of the machine's cores that were busy over the next `ms` milliseconds. */
async function busyShare(ms: number): Promise<number> {
  const sample = () =>
    os.cpus().reduce(
      (sum, { times }) => ({
        idle: sum.idle + times.idle,
        total: sum.total + times.user + times.nice + times.sys + times.idle + times.irq,
      }),
      { idle: 0, total: 0 },
    );
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  const total = after.total - before.total;
  return total > 0 ? 1 - (after.idle - before.idle) / total : 0;
}

/**
 * Waits (up to 3 s) until the machine is quiet: the other page's aftermath (the reference repaints its whole text,
 * and its renderer goes on rasterising for up to a second or two) otherwise lands on this page's figures, which no
 * phone running one page would see (it added about 4 ms to the app's keys).
 */
async function machineQuiet() {
  const until = Date.now() + 3000;
  while (Date.now() < until && (await busyShare(100)) > 0.1) {}
}

/**
 * Runs one measured step with the page throttled 4× (a phone) and the other page not: a second throttled
 * renderer, even an idle one, added about 6 ms to every figure of the first on our 2 cores (its throttling thread
 * competes), which no phone has.
 */
async function asPhone<T>(subject: Subject, step: () => Promise<T>): Promise<T> {
  await machineQuiet();
  await subject.cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  try {
    return await step();
  } finally {
    await subject.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
}

function press(subject: Subject, key: string): Promise<number> {
  return asPhone(subject, async () => {
    await subject.page.keyboard.press(key);
    subject.pressed += 1;
    const figure = await recorded(subject.page, 'benchKeys', subject.pressed);
    // A learner reads between two presses: the previous save has settled before the next key.
    await subject.page.waitForTimeout(keyGap);
    return figure;
  });
}

/**
 * Taps a word the way a learner does: one already on screen. The word is scrolled into view and the page left to
 * settle first, and the tap is raw input (Playwright's own click would run its hit-target checks inside the
 * page's event, which the figure would then include).
 */
function tap(subject: Subject, nth: number): Promise<number> {
  return asPhone(subject, async () => {
    const word = subject.page.locator('[data-w]').nth(nth);
    // Centred: at the bottom edge the sticky translation panel would cover it.
    await word.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await subject.page.waitForTimeout(keyGap);
    const box = await word.boundingBox();
    if (!box) throw new Error(`word ${nth} is not shown`);
    await subject.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    subject.tapped += 1;
    const figure = await recorded(subject.page, 'benchTaps', subject.tapped);
    await subject.page.waitForTimeout(keyGap);
    return figure;
  });
}

/**
 * Measures both implementations press by press, alternating, so a slower or faster spell of the machine falls on
 * both alike; the ratio is what the goal is about.
 */
async function measureInterleaved(subjects: Subject[]) {
  for (let run = 0; run < 3; run++) for (const subject of subjects) await press(subject, String((run % 4) + 1));
  for (let run = 0; run < keyRuns; run++) {
    for (const subject of subjects) subject.keys.push(await press(subject, String(((run + 3) % 4) + 1)));
  }
  // A key nobody handles: the cost of the frame itself, paid by both implementations alike.
  for (let run = 0; run < 10; run++) for (const subject of subjects) subject.idle.push(await press(subject, 'x'));
  const lastLevel = String(((keyRuns + 2) % 4) + 1);
  const recoloured = await Promise.all(
    subjects.map(({ page, word, count }) =>
      page.evaluate(
        ({ w, level, n }) =>
          [...document.querySelectorAll<HTMLElement>(`[data-w="${w}"]`)].filter((e) => e.dataset.level === level)
            .length === n,
        { w: word, level: lastLevel, n: count },
      ),
    ),
  );
  for (let run = 0; run < tapRuns; run++) {
    for (const subject of subjects) subject.taps.push(await tap(subject, 200 + run * 97));
  }
  return subjects.map((subject, index): Figures => {
    if (process.env.BENCH_DEBUG) {
      console.log('keys', subject.keys.map((ms) => ms.toFixed(1)).join(' '));
      console.log('taps', subject.taps.map((ms) => ms.toFixed(1)).join(' '));
    }
    return {
      keyMedian: median(subject.keys),
      keyMax: Math.max(...subject.keys),
      tapMedian: median(subject.taps),
      idleMedian: median(subject.idle),
      recoloured: recoloured[index] ?? false,
    };
  });
}

type Figures = { keyMedian: number; keyMax: number; tapMedian: number; idleMedian: number; recoloured: boolean };

async function main() {
  const server = await serveBenchBuild(port);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await openApp(browser, server.base, []);
    const tokens = await page.evaluate(() => document.querySelectorAll('[data-w]').length);
    const withPhrases = savedPhrases > 0 ? await openApp(browser, server.base, await phrasesFor(page)) : undefined;

    // The naive reference, in a context of its own (its own renderer process).
    const naiveContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const naivePage = await naiveContext.newPage();
    await naivePage.goto(`${server.base}/bench/reader/naive.html`);
    await naivePage.locator('[data-w]').first().waitFor();

    const subjects = [await prepare(page), await prepare(naivePage)];
    if (withPhrases) subjects.splice(1, 0, await prepare(withPhrases));
    const measured = await measureInterleaved(subjects);
    const app = measured[0];
    const naive = measured.at(-1);
    const phrased = withPhrases ? measured[1] : undefined;
    if (!app || !naive) throw new Error('nothing measured');
    const phraseKey = withPhrases && subjects[1] ? await phraseKeys(subjects[1]) : undefined;

    const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`;
    const ratio = app.keyMedian / naive.keyMedian;
    console.log(
      `\nReader benchmark: ${tokens} word tokens (about 10,000 tokens), 4× CPU throttle, headless Chromium; ` +
        `${savedWords} more saved words (BENCH_SAVED_WORDS)`,
    );
    console.log(
      `${keyRuns} level keys and ${tapRuns} taps each, ${keyGap} ms apart, alternating app and naive reference`,
    );
    console.log(`                                app             naive reference   app / naive`);
    console.log(
      `level key → next frame, median ${f(app.keyMedian)}       ${f(naive.keyMedian)}         ${ratio.toFixed(2)}×`,
    );
    console.log(`level key → next frame, max    ${f(app.keyMax)}       ${f(naive.keyMax)}`);
    console.log(
      `tap → translation box, median  ${f(app.tapMedian)}       ${f(naive.tapMedian)}         ${(app.tapMedian / naive.tapMedian).toFixed(2)}×`,
    );
    console.log(
      `unhandled key → next frame      ${f(app.idleMedian)}       ${f(naive.idleMedian)}   (the frame's own cost)`,
    );
    const work = (x: Figures) => Math.max(x.keyMedian - x.idleMedian, 0.1);
    console.log(
      `level key work beyond that      ${f(work(app))}       ${f(work(naive))}         ${(work(app) / work(naive)).toFixed(2)}×`,
    );
    console.log(
      `every occurrence recoloured:   ${app.recoloured ? 'yes' : 'NO'}               ${naive.recoloured ? 'yes' : 'NO'}`,
    );
    if (phrased && phraseKey) {
      const against = (x: number, y: number) => `${(x / y).toFixed(2)}×`;
      console.log(
        `\nWith ${savedPhrases.toLocaleString('en')} saved phrases besides (BENCH_SAVED_PHRASES), ${pagePhrases} of them on the page:`,
      );
      console.log(`                                with phrases    without           with / without (goal ≤ 1.1×)`);
      console.log(
        `level key → next frame, median ${f(phrased.keyMedian)}       ${f(app.keyMedian)}         ${against(phrased.keyMedian, app.keyMedian)}`,
      );
      console.log(
        `tap → translation box, median  ${f(phrased.tapMedian)}       ${f(app.tapMedian)}         ${against(phrased.tapMedian, app.tapMedian)}`,
      );
      console.log(`every occurrence recoloured:   ${phrased.recoloured ? 'yes' : 'NO'}`);
      console.log(
        `a level key on "${phraseKey.phrase}" (${phraseKey.count} times on the page): median ${f(phraseKey.median)}, ` +
          `max ${f(phraseKey.max)}, every occurrence recoloured: ${phraseKey.recoloured ? 'yes' : 'NO'} ` +
          `(goal: the level key's, median ≤ 40 ms)`,
      );
    }
    // The absolute goals were set where the naive reference took 96 ms; how fast is this machine right now?
    const pace = naive.keyMedian / 96;
    console.log(
      `\nMachine pace: the naive reference took ${naive.keyMedian.toFixed(0)} ms here, 96 ms where the goals were set ` +
        `(${pace.toFixed(2)}×${pace > 1.2 ? '; absolute figures read high in this run' : ''}).`,
    );
    console.log('Goals: key median ≤ 40 ms and max ≤ 80 ms, at most 0.35× naive; tap median ≤ 50 ms.');
    const goals: [string, boolean][] = [
      ['key median', app.keyMedian <= 40],
      ['key max', app.keyMax <= 80],
      ['ratio', ratio <= 0.35],
      ['tap median', app.tapMedian <= 50],
      ['every occurrence recoloured', app.recoloured],
    ];
    const missed = goals.filter(([, met]) => !met).map(([name]) => name);
    console.log(missed.length === 0 ? 'All goals met.' : `Goals NOT met: ${missed.join(', ')}.`);
  } finally {
    await browser.close();
    server.stop();
  }
}

/**
 * The app in a context of its own (the mock API keeps its data in the page's session storage), as a logged-in
 * learner reading English with German as home language, BENCH_SAVED_WORDS words saved (none on the page) and the
 * phrases given, on the 10,000-token page.
 */
async function openApp(browser: Browser, base: string, phrases: readonly string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/faq`);
  await page.getByRole('banner').waitFor();
  const username = await page.evaluate(async () => {
    const response = await fetch('/api/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'reader@example.com', password: 'reading42' }),
    });
    const { details } = (await response.json()) as { details: { username: string } };
    localStorage.setItem('folio.user', JSON.stringify(details));
    localStorage.setItem(
      'folio.preferences',
      JSON.stringify({
        state: { homeLang: 'de', targetLang: 'en', locale: 'en', levelsShown: true, speechOn: false },
        version: 2,
      }),
    );
    return details.username;
  });
  // The mock API keeps its data in session storage when its page goes; on a page without it (the favicon), give
  // the learner their saved words and phrases and room for more.
  await page.goto(`${base}/favicon.svg`);
  await page.evaluate(
    ({ saved, learner, phrases: more }) => {
      const stored = JSON.parse(sessionStorage.getItem('folio.mock-db') ?? '{}') as {
        users: { username: string; wordLimit: number }[];
        words: [string, { lowercase: string; level: number; language: string }[]][];
      };
      const words = stored.words.find(([name]) => name === learner)?.[1] ?? [];
      for (let n = 0; n < saved; n++) words.push({ lowercase: `saved${n}`, level: (n % 4) + 1, language: 'en' });
      more.forEach((lowercase, n) => {
        words.push({ lowercase, level: (n % 4) + 1, language: 'en' });
      });
      const room = saved + more.length;
      for (const user of stored.users) if (user.username === learner) user.wordLimit += room;
      sessionStorage.setItem('folio.mock-db', JSON.stringify(stored));
      const user = JSON.parse(localStorage.getItem('folio.user') ?? '{}') as { wordLimit: number };
      localStorage.setItem('folio.user', JSON.stringify({ ...user, wordLimit: user.wordLimit + room }));
    },
    { saved: savedWords, learner: username, phrases },
  );
  await page.goto(`${base}/reader/900?page=0`);
  await page.locator('[data-w]').first().waitFor();
  return page;
}

/**
 * A learner's phrases for the page `page` shows: its most frequent pairs of words in a row (spaces only between them)
 * without the page's most frequent word, then made-up ones that start with the page's words and never occur.
 */
async function phrasesFor(page: Page): Promise<string[]> {
  const { pairs, words } = await page.evaluate((wanted) => {
    const elements = [...document.querySelectorAll<HTMLElement>('[data-w]')];
    const counts = new Map<string, number>();
    for (const element of elements) counts.set(element.dataset.w ?? '', (counts.get(element.dataset.w ?? '') ?? 0) + 1);
    const top = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
    const found = new Map<string, number>();
    const range = document.createRange();
    elements.forEach((element, at) => {
      const next = elements[at + 1];
      if (!next || next.parentElement !== element.parentElement) return;
      range.setStartAfter(element);
      range.setEndBefore(next);
      const [a = '', b = ''] = [element.dataset.w, next.dataset.w];
      if (!/^\s+$/.test(range.toString()) || a === top || b === top || a === b) return;
      found.set(`${a} ${b}`, (found.get(`${a} ${b}`) ?? 0) + 1);
    });
    return {
      pairs: [...found]
        .sort((x, y) => y[1] - x[1])
        .slice(0, wanted)
        .map(([pair]) => pair),
      words: [...counts.keys()],
    };
  }, pagePhrases);
  const phrases = [...pairs];
  for (let n = phrases.length; n < savedPhrases; n++) phrases.push(`${words[n % words.length]} zq${n}`);
  return phrases;
}

/**
 * Level keys on the page's most frequent saved phrase: its first word tapped (a phrase is chosen before its word),
 * then ten keys timed as the word keys are; every occurrence (marked before the keys) must carry the last level.
 */
async function phraseKeys(subject: Subject) {
  const { phrase, count } = await subject.page.evaluate(() => {
    /** A phrase's words from its first word's element to its last's. */
    const textOf = (start: HTMLElement) => {
      const words = [start.dataset.w];
      for (let at = start.nextElementSibling; at instanceof HTMLElement; at = at.nextElementSibling) {
        if (!at.dataset.w) continue;
        words.push(at.dataset.w);
        if (at.dataset.phrasePart === 'end') break;
      }
      return words.join(' ');
    };
    const starts = [...document.querySelectorAll<HTMLElement>('[data-phrase-part="start"]')];
    const counts = new Map<string, number>();
    for (const start of starts) counts.set(textOf(start), (counts.get(textOf(start)) ?? 0) + 1);
    const [top = '', n = 0] = [...counts].sort((x, y) => y[1] - x[1])[0] ?? [];
    for (const start of starts) if (textOf(start) === top) start.setAttribute('data-bench-phrase', '');
    return { phrase: top, count: n };
  });
  if (count === 0) throw new Error('no saved phrase is marked on the page');
  const first = subject.page.locator('[data-bench-phrase]').first();
  await first.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await first.click();
  subject.tapped += 1;
  await recorded(subject.page, 'benchTaps', subject.tapped);
  const keys: number[] = [];
  for (let run = 0; run < 10; run++) keys.push(await press(subject, String((run % 4) + 1)));
  const level = String(((10 - 1) % 4) + 1);
  const recoloured = await subject.page.evaluate(
    (l) =>
      [...document.querySelectorAll<HTMLElement>('[data-bench-phrase]')].every((start) => start.dataset.phrase === l),
    level,
  );
  return { phrase, count, median: median(keys), max: Math.max(...keys), recoloured };
}

await main();
