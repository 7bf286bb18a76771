import { interfaceLocales } from '../src/contract/languages';
import { startingWith, textIn } from './catalog';
import { expectEveryScreenAccessible, firstTextPath, walkOnTheRealServerOnly } from './every-route';
import { expect, test } from './fixtures';
import { signUp } from './learners';

// Every screen through axe: a long walk, given three times the usual time on a busy CI machine.
test('axe finds nothing on any screen for a member, in English and in Arabic by turns', async ({ page }) => {
  walkOnTheRealServerOnly();
  test.slow();
  await signUp(page);
  await expectEveryScreenAccessible(page, 'desktop');
});

test('each of the 19 interface languages names the navigation and sets the document language', async ({ page }) => {
  await page.goto('/faq');
  const picker = page.getByRole('contentinfo').getByRole('combobox');
  for (const locale of interfaceLocales) {
    await picker.selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    const navigation = page.getByRole('banner');
    await expect(navigation.getByRole('link', { name: textIn(locale, 'Home'), exact: true }).first()).toBeAttached();
    await expect(navigation.getByRole('button', { name: startingWith(locale, 'Learning') })).toBeVisible();
  }
});

test('the whole reading loop works by keyboard alone', async ({ page }) => {
  await signUp(page);
  await page.goto(await firstTextPath(page));
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  // Tab to the text: its first word takes the focus.
  for (let press = 0; press < 40; press++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => Boolean(document.activeElement?.closest('[data-w]')))) break;
  }
  const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.w ?? '');
  const first = await focused();
  expect(first).not.toBe('');
  await page.keyboard.press('Enter');
  const box = page.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-word')).not.toBeEmpty();
  // l moves to the next word, h back; a level key levels the word the focus is on, and is announced.
  await page.keyboard.press('l');
  const second = await focused();
  expect(second).not.toBe('');
  await page.keyboard.press('h');
  expect(await focused()).toBe(first);
  await page.keyboard.press('l');
  await page.keyboard.press('3');
  await expect(page.locator(`[data-w="${second}"]`).first()).toHaveAttribute('data-level', '3');
  await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'level 3' })).toContainText(second, {
    ignoreCase: true,
  });
  // On to the next page without a mouse.
  for (let press = 0; press < 80; press++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (name === 'Read Next' || name === 'Finished') break;
  }
  const url = page.url();
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(url);
});
