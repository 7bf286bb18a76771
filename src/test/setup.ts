import '@testing-library/jest-dom/vitest';
import { resetMockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { activateLocale } from '@/i18n/i18n';

// jsdom lays nothing out, so it has no scrolling to do.
Element.prototype.scrollIntoView = function scrollIntoView() {};

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetMockDb();
  localStorage.clear();
});

afterAll(() => server.close());
