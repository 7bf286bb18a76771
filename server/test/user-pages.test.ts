import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
});
afterAll(() => app.close());

describe('user pages', () => {
  it('records a finished page and lists it by language', async () => {
    const token = await signupLearner(app);
    const contentId = await firstContentId(app, 'en');
    const saved = await app.inject({
      method: 'POST',
      url: '/api/v1/user-page',
      headers: authed(token),
      payload: { contentId, pageId: 1, language: 'en' },
    });
    expect(saved.statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: '/api/v1/user-page/en', headers: authed(token) });
    expect(envelopeSchema(endpoints.userPages.details).parse(list.json()).details).toEqual([
      { contentId, pageId: 1, language: 'en' },
    ]);
    const other = await app.inject({ method: 'GET', url: '/api/v1/user-page/de', headers: authed(token) });
    expect(envelopeSchema(endpoints.userPages.details).parse(other.json()).details).toEqual([]);
  });

  it('refuses a page that does not exist', async () => {
    const token = await signupLearner(app);
    const contentId = await firstContentId(app, 'en');
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/user-page',
      headers: authed(token),
      payload: { contentId, pageId: 9, language: 'en' },
    });
    expect(response.statusCode).toBe(404);
  });
});
