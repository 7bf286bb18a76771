import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 3 } });
  await seedFixtures(app);
});
afterAll(() => app.close());

function save(token: string, lowercase: string, level = 2) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language: 'en' },
  });
}

async function listWords(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/userword?language=en', headers: authed(token) });
  return envelopeSchema(endpoints.userWords.details).parse(response.json()).details;
}

async function firstPageWords(token: string) {
  const contentId = await firstContentId(app, 'en');
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/userword/page/en/${contentId}/0`,
    headers: authed(token),
  });
  return envelopeSchema(endpoints.pageWords.details).parse(response.json()).details;
}

describe('saved phrases', () => {
  // The fixture's first English page: "Mara keeps the light. The cat keeps Mara. …".
  it("come with a page's levels when all their words are on the page", async () => {
    const token = await signupLearner(app);
    await save(token, 'keeps the light');
    expect(await firstPageWords(token)).toEqual([{ lowercase: 'keeps the light', level: 2, language: 'en' }]);
  });

  it("stay out of a page's levels when one of their words is not on it", async () => {
    const token = await signupLearner(app);
    await save(token, 'keeps the storm');
    expect(await firstPageWords(token)).toEqual([]);
  });

  it("stay out of a page's levels when their first words are on it but not in a row", async () => {
    const token = await signupLearner(app);
    await save(token, 'keeps light');
    expect(await firstPageWords(token)).toEqual([]);
  });

  it('come beside the single words of the page', async () => {
    const token = await signupLearner(app);
    await save(token, 'light', 1);
    await save(token, 'the cat', 3);
    expect(await firstPageWords(token)).toEqual(
      expect.arrayContaining([
        { lowercase: 'light', level: 1, language: 'en' },
        { lowercase: 'the cat', level: 3, language: 'en' },
      ]),
    );
  });

  it('count as one word against the word limit', async () => {
    const token = await signupLearner(app);
    await save(token, 'light');
    await save(token, 'give up');
    expect((await save(token, 'in spite of')).statusCode).toBe(200);
    expect((await save(token, 'carry on')).statusCode).toBe(403);
  });

  it.each([
    ['one word and a space', 'give '],
    ['eight words', 'one two three four five six seven eight'],
    ['a sentence end', 'give. up'],
    ['a control character', 'give\u0000 up'],
    ['over 200 characters', `${'a'.repeat(120)} ${'b'.repeat(90)}`],
  ])('are refused with %s', async (_, lowercase) => {
    const token = await signupLearner(app);
    expect((await save(token, lowercase)).statusCode).toBe(400);
    expect(await listWords(token)).toEqual([]);
  });

  it('saved by two tabs at once make one row', async () => {
    const token = await signupLearner(app);
    const answers = await Promise.all([save(token, 'give up', 1), save(token, 'give up', 2)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await listWords(token)).toHaveLength(1);
  });

  it('saved in parallel never pass the word limit', async () => {
    const token = await signupLearner(app);
    await save(token, 'light');
    const answers = await Promise.all(
      ['give up', 'carry on', 'in spite of', 'as well'].map((phrase) => save(token, phrase)),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    expect(await listWords(token)).toHaveLength(3);
  });
});
