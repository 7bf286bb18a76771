import { setupWorker } from 'msw/browser';
import { restoreMockDb, serializeMockDb } from './db';
import { handlers } from './handlers';

const STORAGE_KEY = 'folio.mock-db';

/** In the browser the mock data lives as long as the tab: a reload (after login or signup) keeps it. */
const saved = sessionStorage.getItem(STORAGE_KEY);
if (saved) {
  try {
    restoreMockDb(saved);
  } catch {
    sessionStorage.removeItem(STORAGE_KEY);
  }
}

export const worker = setupWorker(...handlers);
// Kept when the page goes (a reload, a navigation), not after every answer: a learner with tens of thousands of
// saved words would otherwise write megabytes on the main thread per level key.
addEventListener('pagehide', () => sessionStorage.setItem(STORAGE_KEY, serializeMockDb()));
