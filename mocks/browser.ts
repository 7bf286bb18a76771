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
worker.events.on('response:mocked', () => sessionStorage.setItem(STORAGE_KEY, serializeMockDb()));
