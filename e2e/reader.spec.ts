import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { firstTextPath } from './every-route';
import { expect, test } from './fixtures';
import { signUp as signUpLearner } from './learners';

/** The lowercase form that occurs most often on the page, and how often. */
async function mostFrequentWord(page: Page): Promise<{ word: string; count: number }> {
  return page.evaluate(() => {
    const counts = new Map<string, number>();
    for (const element of document.querySelectorAll<HTMLElement>('[data-w]')) {
      const word = element.dataset.w ?? '';
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    const [word = '', count = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    return { word, count };
  });
}

async function signUp(page: Page) {
  await signUpLearner(page);
  await expect(page.getByRole('list', { name: 'Your balances' })).toBeVisible();
}

async function openFirstText(page: Page) {
  // The library's first category (a member's "My texts" comes before it).
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  await library.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
}

test('a visitor reads and is asked to log in on a level key', async ({ page }) => {
  await page.goto('/');
  await openFirstText(page);
  const { word } = await mostFrequentWord(page);
  await page.locator(`[data-w="${word}"]`).first().click();
  await page.keyboard.press('2');
  const dialog = page.getByRole('dialog', { name: 'You are not logged in' });
  await expect(dialog).toContainText('In order to save your word progress, you need to have an account');
  await expectNoAxeViolations(page);
  await expect(dialog.getByRole('link', { name: 'Signup' })).toBeVisible();
});

test('a member taps a word, levels it everywhere, keeps it after a reload and reads to the end', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await openFirstText(page);

  const { word, count } = await mostFrequentWord(page);
  expect(count).toBeGreaterThan(1);
  const occurrences = page.locator(`[data-w="${word}"]`);
  await occurrences.first().click();
  const box = page.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-word')).not.toBeEmpty();
  await expect(box.locator('.translation-text')).not.toBeEmpty();
  await expect(box).not.toContainText(/Translating|No translation found|An error occurred/);
  await expectNoAxeViolations(page);

  // The level is saved after the key's frame: the reload waits for the save's answer, not for the paint alone.
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/userword'),
  );
  await page.keyboard.press('2');
  for (let i = 0; i < count; i++) await expect(occurrences.nth(i)).toHaveAttribute('data-level', '2');
  expect((await saved).ok()).toBe(true);

  await page.reload();
  await expect(page.locator(`[data-w="${word}"]`).first()).toHaveAttribute('data-level', '2');

  const bottomButton = page.getByRole('button', { name: /^(Read Next|Finished)$/ });
  for (let pages = 0; pages < 10 && (await bottomButton.textContent()) === 'Read Next'; pages++) {
    // Each page mounts its own reader: wait until this page's button is gone before reading the next one's label.
    const current = await bottomButton.elementHandle();
    await bottomButton.click();
    await page.waitForFunction((element) => !element?.isConnected, current);
    await expect(bottomButton).toBeVisible();
  }
  await expect(bottomButton).toHaveText('Finished');
  await bottomButton.click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("the server's first paint", () => {
  test('a visitor reads the page before the app has started, and then reads it in the app', async ({
    page,
  }, testInfo) => {
    test.skip(!testInfo.project.name.startsWith('full'), 'the real server paints the text; the mocks do not');
    const reader = await firstTextPath(page);
    // The app's scripts never arrive: what shows is the server's HTML and the stylesheet alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(reader);
    const painted = page.locator('.first-paint-reader .reader-text p').first();
    await expect(painted).toBeVisible();
    const text = (await painted.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(20);

    await page.unroute('**/assets/*.js');
    await page.goto(reader);
    await expect(page.getByRole('tabpanel').locator('p').first()).toHaveText(text);
    await expect(page.locator('.first-paint-reader')).toHaveCount(0);
  });

  test("a member's painted page stays hidden unless the link names the page", async ({ page }, testInfo) => {
    test.skip(!testInfo.project.name.startsWith('full'), 'the real server paints the text; the mocks do not');
    const reader = await firstTextPath(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    // Any stored session: the page index.html's own script looks for one before the app has loaded.
    await page.addInitScript(() => localStorage.setItem('folio.user', '{}'));
    await page.goto(reader);
    await expect(page.locator('.first-paint-reader .reader-text p').first()).toBeHidden();
    await page.goto(`${reader}?page=0`);
    await expect(page.locator('.first-paint-reader .reader-text p').first()).toBeVisible();
  });

  test("a member's painted page shows their levels in its first frame, and the app takes those words over", async ({
    page,
  }, testInfo) => {
    test.skip(!testInfo.project.name.startsWith('full'), 'the real server paints the text; the mocks do not');
    await signUp(page);
    const reader = `${await firstTextPath(page)}?page=0`;
    await page.goto(reader);
    const { word } = await mostFrequentWord(page);
    await page.locator(`[data-w="${word}"]`).first().click();
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/v1/userword') && answer.ok());
    await page.keyboard.press('3');
    await saved;

    // Each frame, before it is painted: the first in which the word shows keeps the level it shows then.
    await page.addInitScript((saved) => {
      const probe = window as unknown as { firstFrameLevel?: string | null; paintedWord?: Element };
      const check = () => {
        const element = document.querySelector<HTMLElement>(`.reader-text [data-w="${saved}"]`);
        if (!element?.checkVisibility({ visibilityProperty: true })) return requestAnimationFrame(check);
        probe.firstFrameLevel = element.dataset.level ?? null;
        probe.paintedWord = element;
      };
      requestAnimationFrame(check);
    }, word);
    // The level the word showed in its first frame ('null': none), once it has shown.
    const firstFrame = () =>
      page.waitForFunction(() => {
        const probe = window as { firstFrameLevel?: string | null };
        return 'firstFrameLevel' in probe && String(probe.firstFrameLevel);
      });

    // The app's scripts never arrive: the server's HTML, its inline scripts and the stylesheet alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(reader);
    expect(await (await firstFrame()).jsonValue()).toBe('3');
    const painted = page.locator(`.first-paint-reader [data-w="${word}"]`).first();
    const unsaved = page.locator('.first-paint-reader [data-w]:not([data-level="3"])').first();
    const background = (element: Element) => getComputedStyle(element).backgroundColor;
    expect(await painted.evaluate(background)).not.toBe(await unsaved.evaluate(background));

    await page.unroute('**/assets/*.js');
    await page.goto(reader);
    expect(await (await firstFrame()).jsonValue()).toBe('3');
    await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
    // The word the learner saw first is the one the app's reader holds: taken over, not painted again.
    const inReader = await page.evaluate(() => {
      const { paintedWord } = window as { paintedWord?: Element };
      return paintedWord?.isConnected === true && paintedWord.closest('[role="tabpanel"]') !== null;
    });
    expect(inReader).toBe(true);
  });
});

test('a member marks the rest of a page as known on Read Next and finds its words known on going back', async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await openFirstText(page);
  const newWords = await page.evaluate(
    () => new Set([...document.querySelectorAll<HTMLElement>('[data-w]')].map((element) => element.dataset.w)).size,
  );
  expect(newWords).toBeGreaterThan(1);

  const option = page.getByRole('checkbox', { name: 'Mark the rest as known' });
  await option.check();
  await page.getByRole('button', { name: 'Read Next' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByRole('listitem', { name: 'Words saved of your word limit' })).toHaveText(
    new RegExp(`^Words\\s*${newWords}/\\d+$`),
  );
  await expect(option).toBeChecked();

  await page.getByRole('tab').nth(1).click();
  await page.getByRole('button', { name: /^1\. / }).click();
  await expect(page).toHaveURL(/page=0/);
  await expect(page.locator('[data-w]').first()).toHaveAttribute('data-level', '4');
  await expect(page.locator('[data-w]:not([data-level="4"])')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("a member who marks the rest of a page known finds the text's card knowing more of it", async ({ page }) => {
  await signUp(page);
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  const card = library.first().getByRole('link').first();
  // A new learner knows none of it yet: the card's figure is its link's description.
  await expect(card).toHaveAccessibleDescription(/^0% known \d+ new words? Hard$/);
  await card.click();
  await page.getByRole('checkbox', { name: 'Mark the rest as known' }).check();
  const marked = page.waitForResponse((answer) => answer.url().endsWith('/known') && answer.ok());
  await page.getByRole('button', { name: /^(Read Next|Finished)$/ }).click();
  await marked;

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(card).toHaveAccessibleDescription(/^[1-9]\d*% known/);
});
