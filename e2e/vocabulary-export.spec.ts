import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

const wordCount = (page: Page) => page.getByRole('listitem', { name: 'Words saved of your word limit' });

/** A new member (who speaks German) saves two words of the first text, at levels 1 and 3. */
async function saveTwoWords(page: Page): Promise<string[]> {
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  await library.first().getByRole('link').first().click();
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  const words = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll<HTMLElement>('[data-w]')].map((element) => element.dataset.w ?? '')),
  ]);
  const picked = words.filter((word) => word.length >= 3).slice(0, 2);
  for (const [index, word] of picked.entries()) {
    await page.locator(`[data-w="${word}"]`).first().click();
    await page.keyboard.press(String(index * 2 + 1));
  }
  await expect(wordCount(page)).toHaveText(/^Words\s*2\//);
  return picked;
}

test('a learner exports their words as CSV', async ({ page }) => {
  const saved = await saveTwoWords(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await expect(page.getByText('2 words saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export words' });
  await expect(dialog.getByRole('radio', { name: 'CSV, for a spreadsheet' })).toBeChecked();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^folio-words-en-\d{4}-\d\d-\d\d\.csv$/);
  const path = await file.path();
  const text = (await readFile(path)).toString('utf8');
  const lines = text.split('\r\n');
  expect(lines[0]).toBe('\uFEFFlanguage,word,level,meaning,note,sentence,source,updated,card_state');
  const rows = lines.slice(1, -1).map((line) => line.split(',').slice(0, 3));
  expect(rows.map((row) => row.join(',')).sort()).toEqual(
    saved.map((word, index) => `en,${word},${index * 2 + 1}`).sort(),
  );
  await expect(dialog).toBeHidden();
});
