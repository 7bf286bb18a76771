import { server } from '@mocks/node';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { wordEndpoints } from '@/contract/endpoints/words';
import { signedIn } from '@/test/accounts';
import { fetchDetails } from './client';
import { writeStoredUser } from './session';
import { vocabularyQueries } from './vocabulary';

const url = '/api/v1/userword/page/en/7/0';
const params = { targetLang: 'en', contentId: 7, pageId: 0 } as const;
const preload = (response: Promise<unknown>) => {
  (globalThis as { folioLevels?: unknown }).folioLevels = { url, response };
};
/** Counts the app's own requests for the page's levels, answering each with one saved word. */
function serverAnswers() {
  const requests: string[] = [];
  server.use(
    http.get(`*${url}`, ({ request }) => {
      requests.push(request.url);
      return HttpResponse.json({
        message: 'done',
        status: 200,
        details: [{ lowercase: 'asked', level: 2, language: 'en' }],
      });
    }),
  );
  return requests;
}

afterEach(() => {
  delete (globalThis as { folioLevels?: unknown }).folioLevels;
  delete (globalThis as { folioData?: unknown }).folioData;
});

describe("the levels the page's script asked for", () => {
  it('answer the first request for them, without asking again', async () => {
    writeStoredUser(signedIn('reader'));
    const requests = serverAnswers();
    preload(
      Promise.resolve({
        message: 'done',
        status: 200,
        details: [{ lowercase: 'preloaded', level: 4, language: 'en' }],
      }),
    );
    expect(await fetchDetails(wordEndpoints.pageWords, { params })).toEqual([
      { lowercase: 'preloaded', level: 4, language: 'en' },
    ]);
    expect(requests).toHaveLength(0);
  });

  it('answer once: the next request asks the server', async () => {
    writeStoredUser(signedIn('reader'));
    const requests = serverAnswers();
    preload(Promise.resolve({ message: 'done', status: 200, details: [] }));
    await fetchDetails(wordEndpoints.pageWords, { params });
    expect(await fetchDetails(wordEndpoints.pageWords, { params })).toEqual([
      { lowercase: 'asked', level: 2, language: 'en' },
    ]);
    expect(requests).toHaveLength(1);
  });

  it('are asked for again when the preload failed', async () => {
    writeStoredUser(signedIn('reader'));
    const requests = serverAnswers();
    preload(Promise.reject(new Error('500')));
    expect(await fetchDetails(wordEndpoints.pageWords, { params })).toEqual([
      { lowercase: 'asked', level: 2, language: 'en' },
    ]);
    expect(requests).toHaveLength(1);
  });

  it("never answer another page's request", async () => {
    writeStoredUser(signedIn('reader'));
    const requests = serverAnswers();
    preload(Promise.resolve({ message: 'done', status: 200, details: [] }));
    server.use(
      http.get('*/api/v1/userword/page/en/7/1', () => HttpResponse.json({ message: 'done', status: 200, details: [] })),
    );
    await fetchDetails(wordEndpoints.pageWords, { params: { ...params, pageId: 1 } });
    expect((globalThis as { folioLevels?: { url: string } }).folioLevels?.url).toBe(url);
    expect(requests).toHaveLength(0);
  });
});

describe("the vocabulary screen's first page the page's script asked for", () => {
  /** A first page of one word, as the server answers it. */
  const firstPage = (lowercase: string) => ({
    message: 'done',
    status: 200,
    details: {
      words: [
        {
          lowercase,
          level: 2,
          meaning: null,
          meaningIsOwn: false,
          note: null,
          sentence: null,
          occurrences: 1,
          updatedAt: '2026-11-28T06:00:00.000Z',
        },
      ],
      total: 1,
      next: null,
    },
  });
  const list = (sort: 'recent' | 'az') =>
    vocabularyQueries.list({ language: 'de', homeLang: 'en', levels: [], q: '', sort });

  it("answers the list's first request at the address the script wrote, without asking again", async () => {
    writeStoredUser(signedIn('reader'));
    const requests: string[] = [];
    server.use(
      http.get('*/api/v1/vocabulary/de', ({ request }) => {
        requests.push(request.url);
        return HttpResponse.json(firstPage('asked'));
      }),
    );
    (globalThis as { folioData?: unknown }).folioData = [
      { url: '/api/v1/vocabulary/de?homeLang=en&sort=recent', response: Promise.resolve(firstPage('preloaded')) },
    ];
    const queryClient = new QueryClient();
    const recent = await queryClient.fetchInfiniteQuery(list('recent'));
    expect(recent.pages[0]?.words.map((word) => word.lowercase)).toEqual(['preloaded']);
    const az = await queryClient.fetchInfiniteQuery(list('az'));
    expect(az.pages[0]?.words.map((word) => word.lowercase)).toEqual(['asked']);
    expect(requests).toHaveLength(1);
  });
});
