import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { dictionaryEntries, glosses } from '../src/db/schema/learning.ts';
import { defaultUsageLimits } from '../src/deps.ts';
import { deeplProvider } from '../src/services/translation/deepl.ts';
import { libreTranslateProvider } from '../src/services/translation/libretranslate.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { startFakeProvider } from './fake-provider.ts';
import { firstContentId, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;
let contentId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app, { glosses: false });
  contentId = await firstContentId(app, 'en');
  // Page 0 of the fixture: "Mara keeps the light. The cat keeps Mara.\n\nEvery night, the light turns."
  await app.database.db.insert(glosses).values([
    {
      contentId,
      pageNumber: 0,
      tokenId: 0,
      lowercase: 'mara',
      language: 'en',
      homeLanguage: 'de',
      translatesTo: 'Mara',
    },
    {
      contentId,
      pageNumber: 0,
      tokenId: 6,
      lowercase: 'light',
      language: 'en',
      homeLanguage: 'de',
      translatesTo: 'das Licht',
    },
  ]);
  await app.database.db.insert(dictionaryEntries).values([
    { sourceLanguage: 'en', targetLanguage: 'de', headword: 'cat', gloss: 'die Katze', source: 'test' },
    { sourceLanguage: 'en', targetLanguage: 'de', headword: 'keep', gloss: 'behalten', source: 'test' },
    { sourceLanguage: 'en', targetLanguage: 'de', headword: 'night', gloss: 'die Nacht', source: 'test' },
  ]);
});
afterAll(() => app.close());

async function pageTranslations(lang = 'de') {
  const response = await app.inject({ method: 'GET', url: `/api/v1/translations/${contentId}/0/${lang}/en` });
  return envelopeSchema(endpoints.pageTranslations.details).parse(response.json()).details;
}

function translate(lowerCase: string, extra: object = {}, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/translation',
    headers,
    payload: { tokenId: 99, lowerCase, targetLanguage: 'en', homeLanguage: 'de', ...extra },
  });
}

describe("a page's translations", () => {
  it("take the content's glossary first, then the library's glosses of the word, then the dictionary", async () => {
    const list = await pageTranslations();
    const byToken = new Map(list.map((item) => [item.tokenId, item.translatesTo]));
    expect(byToken.get(0)).toBe('Mara');
    expect(byToken.get(6)).toBe('das Licht');
    expect(byToken.get(11)).toBe('die Katze');
    // "light" in the second paragraph has no gloss of its own: the word's gloss elsewhere serves.
    const lightTokens = list.filter((item) => item.translatesTo === 'das Licht');
    expect(lightTokens.length).toBe(2);
  });

  it('find an inflected form through its base form', async () => {
    const list = await pageTranslations();
    expect(list.filter((item) => item.translatesTo === 'behalten')).toHaveLength(2);
  });

  it("come in the order of the page's words, across its paragraphs", async () => {
    const ids = (await pageTranslations()).map((item) => item.tokenId);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('leave out words nobody knows', async () => {
    const list = await pageTranslations();
    expect(list.some((item) => item.tokenId === 4)).toBe(false);
  });

  it('refuse the same home and target language', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/translations/${contentId}/0/en/en` });
    expect(response.statusCode).toBe(400);
  });
});

describe('translating one token', () => {
  it('answers from the dictionary', async () => {
    const response = await translate('nights');
    expect(envelopeSchema(endpoints.translate.details).parse(response.json()).details).toEqual({
      tokenId: 99,
      translatesTo: 'die Nacht',
    });
  });

  it("answers the token's own gloss when told where it stands", async () => {
    const response = await translate('light', { tokenId: 6, contentId, pageId: 0 });
    expect(envelopeSchema(endpoints.translate.details).parse(response.json()).details.translatesTo).toBe('das Licht');
  });

  it('says no_translation when nothing knows the word', async () => {
    const response = await translate('zyzzyva');
    expect(response.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toEqual({
      error: 'No translation found for this word',
      code: 'no_translation',
    });
  });

  it('is rate limited per user', async () => {
    const limited = await buildTestApp({
      limits: {
        ...defaultUsageLimits,
        translatePerIp: { name: 'translate-ip', limit: 1000, windowSeconds: 60 },
        translatePerUser: { name: 'translate-user', limit: 2, windowSeconds: 60 },
      },
    });
    try {
      const token = await signupLearner(limited);
      const send = () =>
        limited.inject({
          method: 'POST',
          url: '/api/v1/translation',
          headers: { authorization: `Bearer ${token}` },
          payload: { tokenId: 1, lowerCase: 'cat', targetLanguage: 'en', homeLanguage: 'de' },
        });
      await send();
      await send();
      const blocked = await send();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('machine translation providers', () => {
  it('asks LibreTranslate for an unknown word once, then answers from the cache', async () => {
    const fake = await startFakeProvider(() => ({ body: { translatedText: 'Zebra' } }));
    const withProvider = await buildTestApp({ providers: [libreTranslateProvider({ url: fake.url, apiKey: 'k' })] });
    try {
      const ask = () =>
        withProvider.inject({
          method: 'POST',
          url: '/api/v1/translation',
          payload: { tokenId: 1, lowerCase: 'zebra', targetLanguage: 'en', homeLanguage: 'de' },
        });
      expect((await ask()).json().details.translatesTo).toBe('Zebra');
      expect((await ask()).json().details.translatesTo).toBe('Zebra');
      expect(fake.received).toHaveLength(1);
      expect(fake.received[0]).toMatchObject({
        path: '/translate',
        body: { q: 'zebra', source: 'en', target: 'de', format: 'text', api_key: 'k' },
      });
    } finally {
      await withProvider.close();
      await fake.close();
    }
  });

  it("sends DeepL the word's paragraph as context", async () => {
    const fake = await startFakeProvider(() => ({ body: { translations: [{ text: 'wendet sich' }] } }));
    const withProvider = await buildTestApp({ providers: [deeplProvider({ apiKey: 'secret', url: fake.url })] });
    try {
      await seedFixtures(withProvider, { glosses: false });
      const id = await firstContentId(withProvider, 'en');
      const response = await withProvider.inject({
        method: 'POST',
        url: '/api/v1/translation',
        payload: {
          tokenId: 21,
          lowerCase: 'turns',
          targetLanguage: 'en',
          homeLanguage: 'de',
          contentId: id,
          pageId: 0,
        },
      });
      expect(response.json().details.translatesTo).toBe('wendet sich');
      expect(fake.received[0]?.headers.authorization).toBe('DeepL-Auth-Key secret');
      expect(fake.received[0]?.body).toEqual({
        text: ['turns'],
        source_lang: 'EN',
        target_lang: 'DE',
        context: 'Every night, the light turns.',
      });
    } finally {
      await withProvider.close();
      await fake.close();
    }
  });

  it('falls through a failing provider to the next', async () => {
    const broken = await startFakeProvider(() => ({ status: 503, body: {} }));
    const working = await startFakeProvider(() => ({ body: { translatedText: 'Apfel' } }));
    const withProviders = await buildTestApp({
      providers: [libreTranslateProvider({ url: broken.url }), libreTranslateProvider({ url: working.url })],
    });
    try {
      const response = await withProviders.inject({
        method: 'POST',
        url: '/api/v1/translation',
        payload: { tokenId: 1, lowerCase: 'apple', targetLanguage: 'en', homeLanguage: 'de' },
      });
      expect(response.json().details.translatesTo).toBe('Apfel');
    } finally {
      await withProviders.close();
      await broken.close();
      await working.close();
    }
  });
});
