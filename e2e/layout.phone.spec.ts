import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { startingWith, textIn } from './catalog';
import { firstTextPath, pickLocale, routes, walkOnTheRealServerOnly } from './every-route';
import { expect, test } from './fixtures';
import { tabStopsCovered } from './focus';
import { grant, signUp } from './learners';

const widths = [360, 390, 414];

/** At each phone width: nothing wider than the screen, and the burger and both pickers on it (named in `locale`). */
async function expectFitsPhones(page: Page, path: string, locale = 'en') {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(clientWidth);
    for (const control of [
      page.getByRole('button', { name: textIn(locale, 'Open menu'), exact: true }),
      page.getByRole('button', { name: startingWith(locale, 'Learning') }),
      page.getByRole('button', { name: startingWith(locale, 'I speak') }),
    ]) {
      const box = await control.boundingBox();
      expect(box, `${path} at ${width} px`).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    }
  }
}

async function checkEveryRoute(page: Page) {
  for (const path of [...routes, await firstTextPath(page)]) {
    await page.goto(path);
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expectFitsPhones(page, path);
  }
}

// Nineteen screens at three widths each: a long walk, given three times the usual time on a busy CI machine.
test('every screen fits a phone for a visitor', async ({ page }) => {
  walkOnTheRealServerOnly();
  test.slow();
  await checkEveryRoute(page);
});

test('every screen fits a phone for a member, the balances in the burger menu', async ({ page }) => {
  walkOnTheRealServerOnly();
  test.slow();
  await signUp(page);
  await checkEveryRoute(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).tap();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('list', { name: 'Your balances' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the header and the reader fit a phone in the longest interface languages', async ({ page }) => {
  walkOnTheRealServerOnly();
  const readerPath = await firstTextPath(page);
  await signUp(page);
  for (const locale of ['de', 'fi', 'hu']) {
    await pickLocale(page, locale);
    for (const path of ['/', readerPath, '/store']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectFitsPhones(page, `${path} in ${locale}`, locale);
    }
  }
});

test("the top bar's three links stay on one line at 360 px in the languages with the longest names", async ({
  page,
}) => {
  await page.goto('/faq');
  await page.setViewportSize({ width: 360, height: 844 });
  for (const locale of ['es', 'fr']) {
    await pickLocale(page, locale);
    await page.goto('/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const links = page.locator('.top-bar a');
    await expect(links).toHaveCount(3);
    const tops = await links.evaluateAll((elements) => elements.map((link) => link.getBoundingClientRect().top));
    expect(new Set(tops).size, `${locale}: ${tops.join(', ')}`).toBe(1);
  }
});

test('a long notification is fully readable', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: /^Notifications/ }).tap();
  const message = page.getByRole('list', { name: 'Notifications' }).getByText(/^Welcome to Folio/);
  await expect(message).toBeVisible();
  const box = await message.boundingBox();
  const viewport = page.viewportSize();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= (viewport?.width ?? 0)).toBe(true);
  expect(await message.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectNoAxeViolations(page);
});

test('the translation panel is pinned to the bottom and the selected word stays above it', async ({ page }) => {
  await page.goto(await firstTextPath(page));
  // A short phone, so the pinned panel covers part of the text.
  await page.setViewportSize({ width: 390, height: 400 });
  const panel = page.locator('.reader-panel');
  const panelBox = await panel.boundingBox();
  expect((panelBox?.y ?? 0) + (panelBox?.height ?? 0)).toBeCloseTo(400, 0);
  const covered = await page.evaluate(() => {
    const top = document.querySelector('.reader-panel')?.getBoundingClientRect().top ?? 0;
    const words = [...document.querySelectorAll<HTMLElement>('[data-w]')];
    const word = words.find((element) => element.getBoundingClientRect().bottom > top + 4);
    word?.setAttribute('data-probe', '');
    return Boolean(word);
  });
  expect(covered).toBe(true);
  const word = page.locator('[data-probe]');
  await word.focus();
  await page.keyboard.press('Enter');
  await expect(word).toHaveAttribute('data-selected', '');
  await expect
    .poll(async () => {
      const wordBox = await word.boundingBox();
      const pinned = await panel.boundingBox();
      return (wordBox?.y ?? 0) + (wordBox?.height ?? 0) <= (pinned?.y ?? 0);
    })
    .toBe(true);
});

test('every control reached by Tab after the text scrolls into view clear of the pinned translation panel', async ({
  page,
}) => {
  await page.goto(await firstTextPath(page));
  await page.setViewportSize({ width: 360, height: 640 });
  await expect(page.getByRole('button', { name: /Read Next|Finished/ })).toBeVisible();
  // From the text's word on to the page's controls and the footer's links.
  await page.locator('[data-w]').first().focus();
  const covered = await tabStopsCovered(page, 25, '.reader-panel');
  expect(covered).toEqual([]);
});

test.describe('a first visit from a German browser', () => {
  test.use({ locale: 'de-DE', firstVisit: true });

  test('speaks German at once: the first tap shows a German translation', async ({ page }) => {
    await page.goto(await firstTextPath(page));
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: new RegExp(`${startingWith('de', 'I speak').source} DE`) }),
    ).toBeVisible();
    await page.locator('[data-w]').first().tap();
    const translation = page.locator('.reader-panel .translation-text');
    await expect(translation).not.toBeEmpty();
    await expect(page.locator('.reader-panel')).not.toContainText(/Choose your own language|No translation found/);
  });
});

test.describe('a first visit from an English browser', () => {
  test.use({ locale: 'en-US', firstVisit: true });

  test('asks which language to learn before the first text', async ({ page }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Folio' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('I want to learn').selectOption('de');
    await dialog.getByRole('button', { name: 'Start' }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Learning DE/ })).toBeVisible();
  });
});

test('a member confirms a purchase on the phone: the dialog keeps Yes on screen', async ({ page }, testInfo) => {
  if (testInfo.project.name === 'full-phone') {
    // On the real server: a new learner given coins by the operator's command.
    const learner = await signUp(page);
    grant(learner.email, { coins: 1250 });
  } else {
    await page.goto('/login');
    await page.getByLabel('Email').fill('reader@example.com');
    await page.getByLabel('Password', { exact: true }).fill('reading42');
    await page.getByRole('button', { name: 'Log in' }).tap();
    await expect(page).toHaveURL(/\/$/);
  }
  await page.goto('/store');
  await page.getByRole('button', { name: '+50 words for 625 coins' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  const yes = dialog.getByRole('button', { name: 'Yes' });
  await expect(yes).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport();
  await yes.tap();
  await expect(page.getByText('Bought: +50 words')).toBeVisible();
});

test("the server's painted page stays where the app's reader puts it", async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'full-phone', 'the real server paints the text; the mocks do not');
  const reader = await firstTextPath(page);
  const firstParagraphTop = () =>
    page.evaluate(() => document.querySelector('.reader-text p')?.getBoundingClientRect().top);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 844 });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(reader);
    await expect(page.locator('.first-paint-reader .reader-text p').first()).toBeVisible();
    const painted = await firstParagraphTop();
    await page.unroute('**/assets/*.js');
    await page.goto(reader);
    await expect(page.getByRole('tabpanel').locator('[data-level]').first()).toBeVisible();
    expect(await firstParagraphTop(), `at ${width} px`).toBe(painted);
  }
});
