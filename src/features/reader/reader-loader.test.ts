import { findUserByEmail, pagesOf, readerAccount } from '@mocks/db';
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/api/client';
import { contentQueries } from '@/api/content';
import { writeStoredUser } from '@/api/session';
import { wordQueries } from '@/api/words';
import { signedIn } from '@/test/accounts';
import { loadReaderPlace, type ReaderRequest } from './reader-loader';

// Content 1, "The Rainy Saturday", has pages 0–2 in the English library, and the mock reader has finished 0 and 1;
// content 9 is German.
const request: ReaderRequest = { contentId: 1, page: undefined, targetLang: 'en', homeLang: 'fr', preload: false };

function finishedPages(...pageIds: number[]) {
  const reader = findUserByEmail(readerAccount.email);
  if (!reader) throw new Error('No reader account');
  pagesOf(reader).push(...pageIds.map((pageId) => ({ contentId: 1, pageId, language: 'en' as const })));
}

let queryClient: QueryClient;
beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  writeStoredUser(null);
});

describe('the page a text opens on', () => {
  it('is the first for a visitor', async () => {
    expect(await loadReaderPlace(queryClient, request)).toMatchObject({ page: 0, finished: false });
  });

  it("is the one the link names, whatever the learner's progress", async () => {
    writeStoredUser(signedIn());
    expect(await loadReaderPlace(queryClient, { ...request, page: 0 })).toMatchObject({ page: 0, finished: false });
  });

  it('is the one after the highest finished for a member', async () => {
    writeStoredUser(signedIn());
    expect(await loadReaderPlace(queryClient, request)).toMatchObject({ page: 2, finished: false });
  });

  it('is the finished state, on the last page, when every page is finished', async () => {
    writeStoredUser(signedIn());
    finishedPages(2);
    expect(await loadReaderPlace(queryClient, request)).toMatchObject({
      page: 2,
      finished: true,
      title: 'The Rainy Saturday',
    });
    expect(queryClient.getQueryData(contentQueries.reader('en', 1, 3).queryKey)).toBeUndefined();
  });
});

describe('what opens with the page', () => {
  it("the member's levels of that page's words", async () => {
    writeStoredUser(signedIn());
    await loadReaderPlace(queryClient, request);
    const scope = wordQueries.scope({ language: 'en', contentId: 1, pageId: 2 });
    expect(queryClient.getQueryData(scope.queryKey)).toBeInstanceOf(Array);
  });

  it("the text's title and the next text of its sub-category", async () => {
    const place = await loadReaderPlace(queryClient, request);
    expect(place).toMatchObject({ title: 'The Rainy Saturday', next: { id: expect.any(Number) } });
  });
});

describe('a link to a text of another library', () => {
  it('names the language whose library holds it', async () => {
    expect(await loadReaderPlace(queryClient, { ...request, contentId: 9 })).toEqual({ language: 'de' });
  });

  it('fails as not found when it is only previewed', async () => {
    await expect(loadReaderPlace(queryClient, { ...request, contentId: 9, preload: true })).rejects.toSatisfy(
      (error) => error instanceof ApiRequestError && error.status === 404,
    );
  });

  it('fails as not found when no library holds it', async () => {
    await expect(loadReaderPlace(queryClient, { ...request, contentId: 4242 })).rejects.toSatisfy(
      (error) => error instanceof ApiRequestError && error.status === 404,
    );
  });
});
