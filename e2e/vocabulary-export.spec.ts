import { readFile } from 'node:fs/promises';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { saveWordsOfFirstText } from './learners';

test('a learner exports their words as CSV', async ({ page }) => {
  const saved = await saveWordsOfFirstText(page, [1, 3]);
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
  expect(lines[0]).toBe('\uFEFFlanguage,word,level,meaning,note,sentence,source,added,updated,card_state,parent');
  const rows = lines.slice(1, -1).map((line) => line.split(',').slice(0, 3));
  expect(rows.map((row) => row.join(',')).sort()).toEqual(
    saved.map((word, index) => `en,${word},${index * 2 + 1}`).sort(),
  );
  await expect(dialog).toBeHidden();
});

test('a learner exports their words as an Anki deck, made while the dialog waits', async ({ page }) => {
  await saveWordsOfFirstText(page, [1, 3]);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Words' }).click();
  await expect(page.getByText('2 words saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export words' });
  await dialog.getByRole('radio', { name: 'Anki deck (.apkg), a card for each word' }).check();
  await expectNoAxeViolations(page);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^folio-words-en-\d{4}-\d\d-\d\d\.apkg$/);
  const bytes = await readFile(await file.path());
  // A zip's local file header.
  expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  await expect(dialog).toBeHidden();
});
