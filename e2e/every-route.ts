import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expect, test } from './fixtures';

/** Every screen of the app but the reader (whose path depends on the library) and the video player. */
export const routes = [
  '/',
  '/youtube',
  '/words',
  '/login',
  '/signup',
  '/faq',
  '/help',
  '/tncs',
  '/flashcards',
  '/profile',
  '/store',
  '/store/success',
  '/store/cancel',
  '/store/pro/success',
  '/coins',
  '/limits',
  '/streaks',
  '/uploader',
  '/queue',
];

/**
 * The walks through every screen run on the real server only: the screens are the same code on both builds, and the
 * mocks answer as the server does (the conformance suite), so a second walk on the mocks found nothing the first did
 * not, at a large share of the journeys' time (decision 0032). The mocked projects keep every other journey.
 */
export function walkOnTheRealServerOnly() {
  test.skip(test.info().project.name.startsWith('mocked'), 'every screen is walked on the real server');
}

/**
 * The reader's path of the first text of the English library, as the API under test numbers it (asked from the
 * page, so the mocks' service worker answers on the mocked app).
 */
export async function firstTextPath(page: Page): Promise<string> {
  if (page.url() === 'about:blank') await page.goto('/faq');
  // The app is up (on the mocked app, its service worker now answers the page's calls).
  await page.getByRole('banner').waitFor();
  const id = await page.evaluate(async () => {
    const response = await fetch('/api/v1/content/en');
    const categories = (await response.json()).details as { subCategories: { contents: { id: number }[] }[] }[];
    return categories[0]?.subCategories[0]?.contents[0]?.id;
  });
  if (id === undefined) throw new Error('The library lists no text');
  return `/reader/${id}`;
}

/** The interface language a learner picked, kept in preferences as the footer's picker keeps it. */
export async function pickLocale(page: Page, locale: string) {
  await page.evaluate((picked) => {
    const stored = JSON.parse(localStorage.getItem('folio.preferences') ?? '{"state":{},"version":3}');
    localStorage.setItem(
      'folio.preferences',
      JSON.stringify({ ...stored, state: { ...stored.state, locale: picked } }),
    );
  }, locale);
}

/**
 * Every screen through axe, in English or in Arabic (right to left): no WCAG 2.1 A/AA violation. The two walks (a
 * desktop window and a phone) take the languages in turns from opposite ends, so each screen is seen in both
 * languages and at both widths, in half the walking of every language at every width (decision 0032).
 */
export async function expectEveryScreenAccessible(page: Page, walk: 'desktop' | 'phone') {
  const reader = await firstTextPath(page);
  const locales = walk === 'desktop' ? ['en', 'ar'] : ['ar', 'en'];
  for (const [index, path] of [...routes, reader].entries()) {
    const locale = locales[index % 2] ?? 'en';
    await pickLocale(page, locale);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expectNoAxeViolations(page);
  }
}
