import { expectNoAxeViolations } from './axe';
import { firstTextPath, pickLocale } from './every-route';
import { expect, test } from './fixtures';
import { signUp } from './learners';

test('a visitor browses the library, opens a page and keeps it on refresh', async ({ page }) => {
  await page.goto('/');
  const firstCategory = page.getByRole('region').first();
  await expect(firstCategory.getByRole('heading', { level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);

  // The row's own buttons, not the Scroll back and forward beside its title.
  const subCategories = firstCategory.getByRole('button', { name: /^(?!Scroll )/ });
  await subCategories.last().click();
  await expect(subCategories.last()).toHaveAttribute('aria-pressed', 'true');

  const card = firstCategory.getByRole('link').first();
  const title = (await card.locator('span').first().textContent()) ?? '';
  await card.click();

  await expect(page).toHaveURL(/\/reader\/\d+/);
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
  const text = page.getByRole('tabpanel');
  await expect(text.locator('p').first()).not.toBeEmpty();
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(title.length).toBeGreaterThan(0);

  const firstParagraph = await text.locator('p').first().textContent();
  await page.reload();
  await expect(page.getByRole('tabpanel').locator('p').first()).toHaveText(firstParagraph ?? '');
});

test('on a phone the contents open in a bottom sheet whose backdrop closes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  const firstCategory = page.getByRole('region').first();
  await firstCategory
    .getByRole('button', { name: /^(?!Scroll )/ })
    .first()
    .click();

  const sheet = page.getByRole('dialog');
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.mouse.click(195, 40);
  await expect(sheet).toBeHidden();
});

test('the reader lists the pages and opens the one chosen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/reader\/\d+/);

  const pagesTab = page.getByRole('tab').nth(1);
  await pagesTab.click();
  const pageButtons = page.getByRole('tabpanel').getByRole('button');
  await expect(pageButtons.first()).toHaveAttribute('aria-current', 'page');
  await pageButtons.nth(1).click();

  await expect(page).toHaveURL(/page=1/);
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
});

test('a shared link to a text in another language opens it in that language', async ({ page }) => {
  await page.goto('/');
  const href = await page.getByRole('region').first().getByRole('link').first().getAttribute('href');
  await page.getByRole('button', { name: /^Learning/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await expect(page.getByRole('button', { name: /^Learning DE/ })).toBeVisible();
  await page.goto(href ?? '/');
  await expect(page.getByRole('button', { name: /^Learning EN/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
});

test('a member opens "Learn these words" from a card on a phone, taps a word and sees its translation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  // On a phone a sub-category's cards open in a bottom sheet.
  const library = page.getByRole('region').filter({ hasNot: page.getByRole('heading', { name: 'My texts' }) });
  await library
    .first()
    .getByRole('button', { name: /^(?!Scroll )/ })
    .first()
    .click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('link').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // Found by where it leads: its name is a message id in a build made before the catalogs have its strings.
  await sheet.locator('a[href^="/learn/"]').first().click();

  await expect(page).toHaveURL(/\/learn\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const word = page.locator('.learn-list [data-w]').first();
  await word.click();
  const box = page.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-word')).toHaveText((await word.textContent()) ?? '');
  await expect(box.locator('.translation-text')).not.toBeEmpty();
  await expect(box).not.toContainText(/Translating|No translation found|An error occurred/);
  await expectNoAxeViolations(page);

  await page.keyboard.press('l');
  const next = page.locator('.learn-list [data-w]').nth(1);
  await expect(next).toHaveAttribute('data-selected');
  await page.keyboard.press('4');
  await expect(next).toHaveAttribute('data-level', '4');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('in a right-to-left interface "Learn these words" lays its rows out from the right, the word in its own language', async ({
  page,
}) => {
  await signUp(page);
  const reader = await firstTextPath(page);
  await pickLocale(page, 'ar');
  await page.goto(reader.replace('/reader/', '/learn/'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const row = page.locator('.learn-list .reader-paragraph').first();
  const times = row.locator('.learn-occurrences');
  const word = row.locator('[data-w]');
  await expect(word).toBeVisible();
  // The row's first cell (how often the word occurs) stands at the right, the word at the left.
  const [timesBox, wordBox] = [await times.boundingBox(), await word.boundingBox()];
  expect(timesBox && wordBox && timesBox.x > wordBox.x + wordBox.width).toBe(true);
  await expect(row.locator('.learn-rank')).toHaveAttribute('lang', 'ar');
  expect(await word.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).not.toBe('ar');
});
