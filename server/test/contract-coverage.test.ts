import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, endpoints } from '#contract/endpoints.ts';
import { awaitingServer } from '../../mocks/conformance.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
});
afterAll(() => app.close());

it('serves every call of the contract, but the few an open issue is building', () => {
  const missing = Object.entries(endpoints)
    .filter(([, endpoint]) => !app.hasRoute({ method: endpoint.method, url: `${API_BASE}${endpoint.path}` }))
    .map(([name]) => name)
    .sort();
  // The list of calls awaiting the server (the store, #11) lives with the conformance suite, which skips them.
  expect(missing).toEqual([...awaitingServer].sort());
});
