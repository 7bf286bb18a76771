import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BASE, type EndpointName, endpoints } from '#contract/endpoints.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * Calls of the contract the server does not serve yet, each with the issue that builds it. The mocks answer them
 * for the SPA's screens meanwhile; this list may only shrink.
 */
const notYetServed: Partial<Record<EndpointName, string>> = {
  subscriptionCheckout: '#11 (store and Stripe)',
  tokenCheckout: '#11 (store and Stripe)',
  products: '#11 (store and Stripe)',
  buyItem: '#11 (store and Stripe)',
  checkDiscount: '#11 (store and Stripe)',
};

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
  expect(missing).toEqual(Object.keys(notYetServed).sort());
});
