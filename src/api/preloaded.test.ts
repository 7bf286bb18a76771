import { server } from '@mocks/node';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { wordEndpoints } from '@/contract/endpoints/words';
import { signedIn } from '@/test/accounts';
import { fetchDetails } from './client';
import { writeStoredUser } from './session';

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
