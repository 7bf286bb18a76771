import { afterAll, beforeAll, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { glosses } from '../src/db/schema/learning.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { firstContentId, seedFixtures } from './helpers.ts';

let app: TestApp;
let contentId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
  contentId = await firstContentId(app, 'en');
});
afterAll(() => app.close());

async function translationsOfPage(page: number) {
  const response = await app.inject({ method: 'GET', url: `/api/v1/translations/${contentId}/${page}/de/en` });
  return envelopeSchema(endpoints.pageTranslations.details).parse(response.json()).details;
}

it('serves the seeded glossary for every word token of the page', async () => {
  const list = await translationsOfPage(0);
  // "Mara keeps the light. The cat keeps Mara. / Every night, the light turns." has 13 word tokens.
  expect(list).toHaveLength(13);
  expect(list.filter((item) => item.translatesTo === 'hütet')).toHaveLength(2);
});

it('writes the glossary afresh when seeding again', async () => {
  const before = (await app.database.db.select().from(glosses)).length;
  await seedFixtures(app);
  expect((await app.database.db.select().from(glosses)).length).toBe(before);
});
