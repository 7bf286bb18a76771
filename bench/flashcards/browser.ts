/**
 * Flashcards in the browser (issue #29's speed point): in headless Chromium at a 4× CPU throttle, Space (Reveal) →
 * the first frame showing the answer, and a grade key → the first frame showing the next card, on the mock build.
 * Each round reveals and grades the card in front, then undoes the grade (not measured), so three cards suffice.
 *
 *   node bench/flashcards/browser.ts     (builds dist-bench unless BENCH_SKIP_BUILD, serves it, prints figures)
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../e2e/chromium.ts';
import { serveBenchBuild } from '../serve.ts';

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
        const word = document.querySelector('.flashcard-word')?.textContent;
        const shown =
          event.key === ' '
            ? () => document.querySelector('.flashcard-back') !== null
            : event.key === 'x'
              ? () => true
              : () => document.querySelector('.flashcard-word')?.textContent !== word;
        if (event.key !== ' ' && event.key !== 'x' && !/^[1-4]$/.test(event.key)) return;
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

async function main() {
  const server = await serveBenchBuild(port);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${server.base}/faq`);
    await page.getByRole('banner').waitFor();
    await page.evaluate(async () => {
      const response = await fetch('/api/v1/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.com', password: 'reading42' }),
      });
      const { details } = (await response.json()) as { details: { token: string } };
      localStorage.setItem('folio.user', JSON.stringify(details));
      localStorage.setItem(
        'folio.preferences',
        JSON.stringify({
          state: { homeLang: 'en', targetLang: 'de', locale: 'en', levelsShown: true, speechOn: false },
          version: 2,
        }),
      );
      await fetch('/api/v1/flashcards/de/cards/batch', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${details.token}` },
        body: JSON.stringify({ count: 20 }),
      });
    });
    // The mock API writes its state on pagehide: leave the page so the next one reads the cards.
    await page.goto(`${server.base}/favicon.svg`);
    await page.goto(`${server.base}/flashcards`);
    await page.locator('.flashcards-actions .button-primary').first().click();
    await page.locator('.flashcard-word').waitFor();
    await installProbes(page);
    const cdp = await page.context().newCDPSession(page);

    const idle: number[] = [];
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
      await measure(' ', reveals);
      await measure('3', grades);
      // The grade's own call and the undo settle before the next round (their work is not a press's frame).
      await page.keyboard.press('u');
      await page.waitForFunction(() => document.querySelector('.flashcard-back') === null);
      await page.waitForTimeout(gap * 2);
    }
    const f = (ms: number) => `${ms.toFixed(1).padStart(6)} ms`;
    console.log(`\nFlashcards in the browser: 4× CPU throttle, headless Chromium at 390 px, ${rounds} rounds`);
    console.log(`unhandled key → next frame      median ${f(median(idle))}   (the frame's own cost)`);
    console.log(`Space (Reveal) → answer shown   median ${f(median(reveals))}   max ${f(Math.max(...reveals))}`);
    console.log(`grade key → next card shown     median ${f(median(grades))}   max ${f(Math.max(...grades))}`);
    if (process.env.BENCH_DEBUG) {
      console.log('reveals', reveals.map((ms) => ms.toFixed(1)).join(' '));
      console.log('grades', grades.map((ms) => ms.toFixed(1)).join(' '));
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
