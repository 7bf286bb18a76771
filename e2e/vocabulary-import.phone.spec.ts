import { fileURLToPath } from 'node:url';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

test("on a 360 px phone the Import dialog's preview fits the screen and its Import is within reach", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  await page.goto('/words');
  await page.getByRole('button', { name: 'Import' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Import words' });
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Word file').setInputFiles(fileURLToPath(new URL('./files/lute-terms.csv', import.meta.url)));
  await dialog.getByRole('button', { name: 'Read the file' }).tap();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toBeVisible();
  await expectNoAxeViolations(page);
  const submit = dialog.getByRole('button', { name: 'Import' });
  await submit.scrollIntoViewIfNeeded();
  await expect(submit).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("on a 360 px phone an Anki package's fields fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  await page.goto('/words');
  await page.getByRole('button', { name: 'Import' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Import words' });
  await dialog.getByLabel('Word file').setInputFiles(fileURLToPath(new URL('./files/anki-deck.apkg', import.meta.url)));
  await dialog.getByRole('button', { name: 'Read the file' }).tap();
  await expect(dialog.getByRole('region', { name: 'Anki fields' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
