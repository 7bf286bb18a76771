import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

const wordCount = (page: Page) => page.getByRole('listitem', { name: 'Words saved of your word limit' });
const translationBox = (page: Page) => page.getByRole('region', { name: 'Translation' });

/** The first text of the library (a member's "My texts" comes before it). */
async function openFirstText(page: Page) {
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  await library.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
}

/** The first word of the page of three letters or more. */
async function aWordOfThePage(page: Page): Promise<string> {
  const word = await page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('[data-w]')]
        .map((element) => element.dataset.w ?? '')
        .find((lowercase) => lowercase.length >= 3) ?? '',
  );
  if (!word) throw new Error('The page has no word of three letters');
  return word;
}

test("a member writes a word's meaning and note in the reader, finds them after a reload and on Words", async ({
  page,
}) => {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await openFirstText(page);
  const word = await aWordOfThePage(page);
  const occurrence = page.locator(`[data-w="${word}"]`).first();

  await occurrence.click();
  await translationBox(page).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${word}` });
  await expect(dialog.getByLabel('Your meaning')).toBeFocused();
  await page.keyboard.type('my own meaning');
  await expect(dialog.getByText('14 of 200 characters')).toBeVisible();
  await dialog.getByLabel('Note').fill('Seen in my first text.\nWorth keeping.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();

  await expect(dialog).toHaveCount(0);
  await expect(translationBox(page).getByText('Your meaning')).toBeVisible();
  await expect(translationBox(page).getByText('my own meaning')).toBeVisible();
  await expect(translationBox(page).getByText(/Seen in my first text\.\s+Worth keeping\./)).toBeVisible();
  // The word was not saved yet: writing its meaning saved it at level 1, counted against the limit.
  await expect(occurrence).toHaveAttribute('data-level', '1');
  await expect(wordCount(page)).toHaveText(/^Words\s*1\//);
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  await page.locator(`[data-w="${word}"]`).first().click();
  await expect(translationBox(page).getByText('my own meaning')).toBeVisible();
  await expect(translationBox(page).getByText(/Seen in my first text\.\s+Worth keeping\./)).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await expect(page).toHaveURL(/\/words$/);
  const row = page.locator('.vocabulary-list .reader-paragraph').filter({ has: page.locator(`[data-w="${word}"]`) });
  await expect(row.getByText('my own meaning')).toBeVisible();
  await expect(row.getByText(/Seen in my first text\.\s+Worth keeping\./)).toBeVisible();
  await expectNoAxeViolations(page);
});
