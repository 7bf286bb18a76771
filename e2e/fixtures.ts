import { test as base } from '@playwright/test';

type Options = {
  /** Leave the browser as a first visit finds it; otherwise the first visit's language choice counts as skipped. */
  firstVisit: boolean;
};

/** Playwright's test, with every journey starting past the first visit's language choice unless it asks otherwise. */
export const test = base.extend<Options>({
  firstVisit: [false, { option: true }],
  page: async ({ page, firstVisit }, use) => {
    if (!firstVisit) {
      await page.addInitScript(() => {
        if (localStorage.getItem('folio.preferences') === null) {
          localStorage.setItem(
            'folio.preferences',
            JSON.stringify({ state: { languageChoiceDone: true }, version: 3 }),
          );
        }
      });
    }
    await use(page);
  },
});

export { expect } from '@playwright/test';
