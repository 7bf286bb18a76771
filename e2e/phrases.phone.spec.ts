import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';
import { signUp } from './learners';

test('on a 360 px phone, a learner chooses a phrase with a long press and a tap, and levels it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  await page.getByRole('button', { name: /^I speak/ }).tap();
  await page.getByRole('button', { name: /German/ }).tap();
  const mine = page.getByRole('region', { name: 'My texts' });
  await mine.getByRole('button', { name: 'Import' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Import a text' });
  await dialog.getByLabel('Title').fill('Not giving up');
  await dialog.getByLabel('Paste your text').fill('The climbers never give up, even in the snow.');
  await dialog.getByRole('button', { name: 'Import' }).tap();
  await mine.getByRole('link', { name: /Not giving up/ }).tap({ timeout: 20_000 });
  const give = page.locator('.reader-text [data-w="give"]');
  const up = page.locator('.reader-text [data-w="up"]');
  await expect(give).toBeVisible();

  // A finger resting on "give" starts the phrase; a tap on "up" ends it.
  await give.dispatchEvent('pointerdown', { pointerType: 'touch', button: 0, isPrimary: true });
  await expect(give).toHaveAttribute('data-selected');
  await give.dispatchEvent('pointerup', { pointerType: 'touch', button: 0, isPrimary: true });
  await give.dispatchEvent('click');
  await up.tap();
  const box = page.getByRole('region', { name: 'Translation' });
  await expect(box.locator('.translation-word')).toHaveText('give up');
  await expect(up).toHaveAttribute('data-selected');
  await page.getByRole('group', { name: 'Level' }).getByRole('button', { name: '2', exact: true }).tap();
  await expect(give).toHaveAttribute('data-phrase', '2');
  await expect(up).toHaveAttribute('data-phrase', '2');
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoAxeViolations(page);
});
