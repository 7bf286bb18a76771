import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { logOut, saveWordsOfFirstText, signUp } from './learners';

const luteTerms = fileURLToPath(new URL('./files/lute-terms.csv', import.meta.url));
/** Four notes of Anki's Basic type: in review for 30 and 3 days, new, and suspended. */
const ankiDeck = fileURLToPath(new URL('./files/anki-deck.apkg', import.meta.url));

/** Opens Import on Words, reads the file and answers the preview's dialog. */
async function previewImport(page: Page, file: { name: string; mimeType: string; buffer: Buffer } | string) {
  await page.goto('/words');
  await page.getByRole('button', { name: 'Import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import words' });
  await dialog.getByLabel('Word file').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Read the file' }).click();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toBeVisible();
  return dialog;
}

test("a learner's CSV export imported into a new account lists the same words at the same levels", async ({ page }) => {
  const saved = await saveWordsOfFirstText(page, [1, 3]);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Export words' }).getByRole('button', { name: 'Download' }).click();
  const csv = await readFile(await (await download).path());

  await logOut(page);
  await signUp(page);
  const dialog = await previewImport(page, { name: 'words.csv', mimeType: 'text/csv', buffer: csv });
  await expect(dialog.getByText('Read as: Folio CSV')).toBeVisible();
  await expect(dialog.getByText('New words: 2')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  for (const [index, word] of saved.entries()) {
    await expect(page.locator(`.vocabulary-list [data-w="${word}"]`)).toHaveAttribute(
      'data-level',
      String(index * 2 + 1),
    );
  }
  await expect(page.getByText('2 words saved', { exact: true })).toBeVisible();
});

test('a Lute CSV imports its terms at their levels and lists the ignored one as left out', async ({ page }) => {
  await signUp(page);
  const dialog = await previewImport(page, luteTerms);
  await expect(dialog.getByText('Read as: Lute CSV')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Rows left out' })).toContainText('Ignored in Lute or LWT');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.vocabulary-list [data-w="lighthouse"]')).toHaveAttribute('data-level', '4');
  await expect(page.locator('.vocabulary-list [data-w="harbour"]')).toHaveAttribute('data-level', '1');
  await expect(page.locator('.vocabulary-list [data-w="ferry"]')).toHaveCount(0);
});

test("an Anki package's notes arrive at the levels of their cards, the suspended one left out", async ({ page }) => {
  await signUp(page);
  const dialog = await previewImport(page, ankiDeck);
  const fields = dialog.getByRole('region', { name: 'Anki fields' });
  await expect(fields.getByLabel('Word')).toHaveValue('0');
  await expect(fields.getByLabel('Meaning')).toHaveValue('1');
  await expect(dialog.getByText('New words: 3')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Rows left out' })).toContainText('Suspended in Anki');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.vocabulary-list [data-w="lighthouse"]')).toHaveAttribute('data-level', '4');
  await expect(page.locator('.vocabulary-list [data-w="harbour"]')).toHaveAttribute('data-level', '2');
  await expect(page.locator('.vocabulary-list [data-w="tide"]')).toHaveAttribute('data-level', '1');
  await expect(page.locator('.vocabulary-list [data-w="ferry"]')).toHaveCount(0);
});

test('the learner chooses which Anki field is the word: the package is read again and those words arrive', async ({
  page,
}) => {
  await signUp(page);
  const dialog = await previewImport(page, ankiDeck);
  const fields = dialog.getByRole('region', { name: 'Anki fields' });
  await fields.getByLabel('Word').selectOption({ label: 'Back (phare, port quai, marée)' });
  await fields.getByLabel('Meaning').selectOption({ label: 'Front (lighthouse, harbour, tide)' });
  await expect(fields.getByRole('status')).toBeVisible();
  await fields.getByRole('button', { name: 'Read again with these fields' }).click();
  await expect(fields.getByRole('status')).toBeHidden();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.vocabulary-list [data-w="phare"]')).toHaveAttribute('data-level', '4');
  await expect(page.locator('.vocabulary-list [data-w="lighthouse"]')).toHaveCount(0);
});
