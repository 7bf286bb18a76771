import type { Page } from '@playwright/test';

/**
 * Presses Tab `steps` times and answers the controls that were focused while something sticky or pinned (`cover`, a
 * CSS selector) lay over their middle: a keyboard user could not see where they were. Controls inside `cover` and the
 * sticky header itself are not counted.
 */
export async function tabStopsCovered(page: Page, steps: number, cover: string): Promise<string[]> {
  const covered: string[] = [];
  for (let step = 0; step < steps; step++) {
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate((cover) => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused.closest(cover) || focused.closest('.header')) return null;
      const box = focused.getBoundingClientRect();
      const onTop = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return onTop?.closest(cover) || onTop?.closest('.header') ? focused.outerHTML.slice(0, 80) : null;
    }, cover);
    if (hidden) covered.push(hidden);
  }
  return covered;
}
