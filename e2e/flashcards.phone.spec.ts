import { expectNoAxeViolations } from './axe';
import { firstTextPath } from './every-route';
import { expect, test } from './fixtures';
import { tabStopsCovered } from './focus';
import { signUp } from './learners';

test('on a phone a member reviews a card with the grade buttons at the bottom of the screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const reader = await firstTextPath(page);
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).click();
  await page.getByRole('button', { name: /German/ }).click();
  await page.goto(reader);
  const word = await page.locator('[data-w]').first().getAttribute('data-w');
  if (!word) throw new Error('The page has no word');
  await page.locator(`[data-w="${word}"]`).first().tap();
  await page.keyboard.press('2');
  const box = page.getByRole('region', { name: 'Translation' });
  await box.getByRole('button', { name: 'Add to flashcards' }).tap();
  await expect(page.getByText('Added to flashcards')).toBeVisible();

  await page.goto('/flashcards');
  await expect(page.locator('.flashcards-bucket').first().locator('dd')).toHaveText('1');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Review' }).tap();
  const reveal = page.getByRole('button', { name: 'Reveal' });
  await expect(reveal).toBeInViewport();
  await reveal.tap();
  const good = page.getByRole('button', { name: /^Good / });
  const bottom = await good.boundingBox();
  expect(bottom && bottom.y + bottom.height).toBeGreaterThan(740 - 120);
  await expect(good).toBeInViewport();
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Past the grades, Tab reaches the footer's links: each scrolls into view above the pinned bar, and scrolled to its
  // end the page shows the footer's last line above it.
  await page.getByRole('button', { name: /^Easy / }).focus();
  expect(await tabStopsCovered(page, 20, '.flashcard-grades')).toEqual([]);
  const footerEnd = await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    return document.querySelector('footer')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY;
  });
  expect(footerEnd).toBeLessThanOrEqual((await page.locator('fieldset.flashcard-grades').boundingBox())?.y ?? 0);
  await good.tap();
  await expect(page.getByRole('heading', { name: 'All caught up' })).toBeVisible();
});
