import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { firstContentId, seedFixtures } from './helpers.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
});
afterAll(() => app.close());

describe('GET /api/v1/content/:targetLang', () => {
  it('lists the categories of one language with their sub-categories and contents', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/content/de' });
    expect(response.statusCode).toBe(200);
    const body = envelopeSchema(endpoints.categories.details).parse(response.json());
    expect(body.status).toBe(200);
    expect(body.details).toEqual([
      {
        id: expect.any(Number),
        title: 'Alltag',
        subCategories: [
          {
            id: expect.any(Number),
            title: 'Zu Hause',
            description: 'Kleine Szenen',
            contents: [{ id: expect.any(Number), title: 'Der Morgen', description: 'Ein ruhiger Morgen', level: 'A1' }],
          },
        ],
      },
    ]);
  });

  it('answers an empty list for a language without content', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/content/hu' });
    expect(response.json()).toEqual({ message: 'success', status: 200, details: [] });
  });

  it('refuses an unknown language with a 400 envelope naming the field', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/content/xx' });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.details[0]).toMatchObject({ code: 'invalid_input', field: 'targetLang' });
  });
});

describe('GET /api/v1/content/:targetLang/:contentId/:pageId', () => {
  it('returns the selected page, its sections of tokens and the list of pages', async () => {
    const id = await firstContentId(app, 'en');
    const response = await app.inject({ method: 'GET', url: `/api/v1/content/en/${id}/1` });
    expect(response.statusCode).toBe(200);
    const { details } = envelopeSchema(endpoints.reader.details).parse(response.json());
    expect(details.selectedPage).toEqual({ id: 1, pageType: 'chapter' });
    expect(details.pages).toEqual([
      { id: 0, title: 'the keeper' },
      { id: 1, title: 'the storm' },
    ]);
    const text = details.sections.map((s) => s.tokens.map((t) => t.display).join('')).join('\n');
    expect(text).toBe('A storm comes in. Mara does not sleep.');
  });

  it('answers 404 for a page past the last one', async () => {
    const id = await firstContentId(app, 'en');
    const response = await app.inject({ method: 'GET', url: `/api/v1/content/en/${id}/7` });
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('not_found');
  });

  it('answers 404 when the content belongs to another language', async () => {
    const id = await firstContentId(app, 'en');
    const response = await app.inject({ method: 'GET', url: `/api/v1/content/de/${id}/0` });
    expect(response.statusCode).toBe(404);
  });

  it('refuses a non-numeric content id with 400', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/content/en/abc/0' });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.field).toBe('contentId');
  });
});

describe('seeding', () => {
  it('creates nothing new when run again', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/v1/content/en' })).json();
    await seedFixtures(app);
    const after = (await app.inject({ method: 'GET', url: '/api/v1/content/en' })).json();
    expect(after).toEqual(before);
  });
});
