import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { tabStopsCovered } from './focus';
import { signUp } from './learners';

type Saved = { word: string; level: number };

const wordCount = (page: Page) => page.getByRole('listitem', { name: 'Words saved of your word limit' });

/** The first text of the library (a member's "My texts" comes before it). */
async function openFirstText(page: Page) {
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  await library.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
}

/** Three distinct words of the page, none part of another (a search for one lists it alone). */
async function threeWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll<HTMLElement>('[data-w]')].map((element) => element.dataset.w ?? '')),
  ]);
  const picked: string[] = [];
  for (const word of words) {
    if (word.length < 3 || picked.some((other) => other.includes(word) || word.includes(other))) continue;
    picked.push(word);
    if (picked.length === 3) return picked;
  }
  throw new Error('The page has fewer than three words to save');
}

/** A new member saves three words of the first text at levels 1, 2 and 3, and waits until the header counts them. */
async function saveThreeWords(page: Page): Promise<Saved[]> {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await openFirstText(page);
  const saved = (await threeWords(page)).map((word, index) => ({ word, level: index + 1 }));
  for (const { word, level } of saved) {
    await page.locator(`[data-w="${word}"]`).first().click();
    await page.keyboard.press(String(level));
  }
  await expect(wordCount(page)).toHaveText(/^Words\s*3\//);
  return saved;
}

const rows = (page: Page) => page.locator('.vocabulary-list .reader-paragraph');
const listedWord = (page: Page, word: string) => page.locator(`.vocabulary-list [data-w="${word}"]`);

test('a member finds the words saved in the reader on Words, filters, searches, levels one there and removes one', async ({
  page,
}) => {
  const saved = await saveThreeWords(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await expect(page).toHaveURL(/\/words$/);
  await expect(rows(page)).toHaveCount(3);
  for (const { word, level } of saved)
    await expect(listedWord(page, word)).toHaveAttribute('data-level', String(level));
  await expect(page.getByText('3 words saved', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  const [first, second, third] = saved;
  if (!first || !second || !third) throw new Error('three words were saved');

  await page.getByRole('button', { name: /^Level 2\b/ }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(listedWord(page, second.word)).toBeVisible();
  await page.getByRole('button', { name: /^Level 2\b/ }).click();
  await expect(rows(page)).toHaveCount(3);

  await page.getByLabel('Search').fill(third.word.toUpperCase());
  await expect(rows(page)).toHaveCount(1);
  await expect(listedWord(page, third.word)).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expect(rows(page)).toHaveCount(3);

  await listedWord(page, first.word).click();
  // The word as the sentence it was saved in writes it ("Sunday" for sunday).
  await expect(page.getByRole('region', { name: 'Translation' }).locator('.translation-word')).toHaveText(
    new RegExp(`^${first.word}$`, 'i'),
  );
  await page.keyboard.press('4');
  await expect(listedWord(page, first.word)).toHaveAttribute('data-level', '4');
  await expect(page.getByRole('button', { name: /^Level 4\b/ })).toHaveText(/1$/);

  // Named by the word as the row writes it: a name keeps its capital.
  await page.getByRole('checkbox', { name: new RegExp(`^${second.word}$`, 'i') }).check();
  await page.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove 1 word?' });
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(listedWord(page, second.word)).toHaveCount(0);
  await expect(wordCount(page)).toHaveText(/^Words\s*2\//);

  // What the server holds: the level set here and the removal stay after a reload.
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await expect(listedWord(page, first.word)).toHaveAttribute('data-level', '4');
  await expect(wordCount(page)).toHaveText(/^Words\s*2\//);
  await expectNoAxeViolations(page);
});

test('a row reached by Tab on Words scrolls clear of the word panel', async ({ page }) => {
  await saveThreeWords(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await expect(rows(page)).toHaveCount(3);
  // A low window: the rows start below the panel, which sticks to its bottom.
  await page.setViewportSize({ width: 1280, height: 420 });
  await page.getByLabel('Search').focus();
  expect(await tabStopsCovered(page, 20, '.reader-panel')).toEqual([]);
});

test('a visitor is offered an account on Words', async ({ page }) => {
  await page.goto('/words');
  await expect(page.getByRole('heading', { name: 'Keep every word you learn' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Register for free' })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expectNoAxeViolations(page);
});
