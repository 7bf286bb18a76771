import '@testing-library/jest-dom/vitest';
import { resetMockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { activateLocale, loadCatalog } from '@/i18n/i18n';

// A budget for what a test waits to see (findBy…, waitFor), not a figure it checks: a file's first test imports its
// route's lazy chunk, which on a busy CI machine running two workers takes longer than the library's default second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lays nothing out, so it has no scrolling to do.
Element.prototype.scrollIntoView = function scrollIntoView() {};
Element.prototype.scrollTo = function scrollTo() {};

// jsdom has no media queries: width and height ones are read from innerWidth/innerHeight, which tests set.
function matchMedia(query: string) {
  const matches = () =>
    [...query.matchAll(/\((max|min)-(width|height):\s*(\d+)px\)/g)].every(([, bound, axis, px]) => {
      const size = axis === 'width' ? window.innerWidth : window.innerHeight;
      return bound === 'max' ? size <= Number(px) : size >= Number(px);
    });
  return {
    media: query,
    get matches() {
      return matches();
    },
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}
Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  await activateLocale('en');
  // Components render here without their route, which would load the screens' catalog.
  await loadCatalog('lazy');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  localStorage.clear();
});

afterAll(() => server.close());
