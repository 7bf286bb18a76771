import { expectNoAxeViolations } from './axe';
import { firstTextPath } from './every-route';
import { expect, test } from './fixtures';
import { signUp } from './learners';

test('on a phone a member opens Words from the burger menu, taps a saved word and levels it, all within the screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const reader = await firstTextPath(page);
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await page.goto(reader);
  const word = await page.locator('[data-w]').first().getAttribute('data-w');
  if (!word) throw new Error('The page has no word');
  await page.locator(`[data-w="${word}"]`).first().tap();
  await page.keyboard.press('1');
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('listitem', { name: 'Words saved of your word limit' })).toHaveText(/^Words\s*1\//);
  await menu.getByRole('link', { name: 'Words' }).tap();

  await expect(page).toHaveURL(/\/words$/);
  const listed = page.locator(`.vocabulary-list [data-w="${word}"]`);
  await expect(listed).toHaveAttribute('data-level', '1');
  // The level filters start where the search field does: no frame of their own takes the narrow screen's width.
  const firstLevel = await page.getByRole('button', { name: /^Level 0\b/ }).boundingBox();
  const search = await page.getByLabel('Search').boundingBox();
  expect(firstLevel?.x).toBe(search?.x);
  await expectNoAxeViolations(page);
  await listed.tap();
  const box = page.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-word')).toHaveText(new RegExp(`^${word}$`, 'i'));
  await expect(box.locator('.translation-text')).not.toBeEmpty();
  await page.keyboard.press('3');
  await expect(listed).toHaveAttribute('data-level', '3');

  await page.getByRole('checkbox', { name: new RegExp(`^${word}$`, 'i') }).check();
  await expect(page.getByRole('region', { name: 'Selected words' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('on a 360 px phone the Export dialog fits the screen and its Download is within reach', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  await page.goto('/words');
  await page.getByRole('button', { name: 'Export' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Export words' });
  const download = dialog.getByRole('button', { name: 'Download' });
  await expect(download).toBeInViewport();
  const box = await download.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 360).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoAxeViolations(page);
});
