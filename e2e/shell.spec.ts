import { expectNoAxeViolations } from './axe';
import { firstTextPath } from './every-route';
import { expect, test } from './fixtures';

test('placeholder pages say so', async ({ page }) => {
  for (const path of ['/help', '/profile']) {
    await page.goto(path);
    await expect(page.getByText("sorry this isn't implemented yet :(")).toBeVisible();
  }
});

test('the FAQ answers ten questions and the terms name the age rules and UK law', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('summary')).toHaveCount(10);
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Terms and conditions' }).first().click();
  await expect(page.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeVisible();
  await expect(page.getByText(/13/).first()).toBeVisible();
  await expect(page.getByText(/England and Wales/).first()).toBeVisible();
});

test('checkout results are headed by the word and lead back to the store', async ({ page }) => {
  await page.goto('/store/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('success');
  await page.goto('/store/pro/success');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('success');
  await page.goto('/store/cancel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('cancel');
  await expect(page.getByText('The payment was cancelled and nothing was charged.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Back to the store' }).click();
  await expect(page).toHaveURL(/\/store$/);
});

test('the word-limit links explain streaks and coins', async ({ page }) => {
  await page.goto('/streaks');
  await expect(page.getByRole('heading', { level: 1, name: 'Your streak' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/coins');
  await expect(page.getByRole('heading', { level: 1, name: 'Coins and diamonds' })).toBeVisible();
});

test('picking a target language goes home and shows its library', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('button', { name: /^Learning/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /^Learning DE/ })).toBeVisible();
  await expect(page.getByRole('region').first()).toBeVisible();
});

test('a menu opened while the screen is still loading stays open when the screen arrives', async ({ page }) => {
  // The FAQ's code is held back until the menu is open.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/faq-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/faq');
  await page.getByRole('button', { name: /^Learning/ }).click();
  await expect(page.getByRole('button', { name: /German/ })).toBeVisible();
  release();
  await expect(page.locator('summary')).toHaveCount(10);
  await expect(page.getByRole('button', { name: /German/ })).toBeVisible();
});

test('the interface language follows the footer picker and Arabic reads right to left', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Interface language').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The text being read keeps its own language's direction inside the right-to-left interface.
  await page.goto(await firstTextPath(page));
  const text = page.locator('.reader-text');
  await expect(text).toHaveAttribute('lang', 'en');
  // Asked until it holds: just after the page opens, the app may still be taking over the text the server painted.
  await expect(text).toHaveCSS('direction', 'ltr');
  await expect(page.getByRole('tablist')).toHaveCSS('direction', 'rtl');
});

test('each screen has its own document title', async ({ page }) => {
  const titles = new Set<string>();
  for (const path of ['/', '/store/cancel', '/faq', '/tncs', '/login']) {
    await page.goto(path);
    await expect(page).not.toHaveTitle('Folio');
    titles.add(await page.title());
  }
  await page.goto('/');
  const card = page.getByRole('region').first().getByRole('link').first();
  // The card's title, without the level tag beside it.
  const text = await card.locator('.content-card-title').evaluate((element) => element.firstChild?.textContent ?? '');
  await card.click();
  await expect(page).toHaveTitle(`${text} · Folio`);
  expect([...titles]).toEqual([
    'Home · Folio',
    'Payment cancelled · Folio',
    'FAQ · Folio',
    'Terms and conditions · Folio',
    'Log in · Folio',
  ]);
});
