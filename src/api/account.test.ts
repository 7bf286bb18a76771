import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { clearSession, countWordsAhead, refreshAsked, storeBalances, storeRefreshedUser, userQueries } from './account';
import { readStoredUser } from './session';

function withUser() {
  const queryClient = new QueryClient();
  const user = signedIn('reader', { wordCount: 7, creditAmount: 40, streak: ['2026-11-26', '2026-11-27'] });
  queryClient.setQueryData(userQueries.current().queryKey, user);
  return { queryClient, user };
}

describe("a save's balances", () => {
  it('are kept in the stored user when they changed', () => {
    const { queryClient } = withUser();
    storeBalances(queryClient, { wordCount: 8, creditAmount: 41 });
    expect(queryClient.getQueryData(userQueries.current().queryKey)).toMatchObject({
      wordCount: 8,
      creditAmount: 41,
      streak: ['2026-11-26', '2026-11-27'],
    });
    expect(readStoredUser()).toMatchObject({ wordCount: 8, creditAmount: 41 });
  });

  it('leave the user as it is when the save earned nothing', () => {
    const { queryClient, user } = withUser();
    storeBalances(queryClient, { wordCount: 7, creditAmount: 40, streak: ['2026-11-26', '2026-11-27'] });
    expect(queryClient.getQueryData(userQueries.current().queryKey)).toBe(user);
  });
});

describe('words counted ahead of the server', () => {
  const wordCount = (queryClient: QueryClient) => queryClient.getQueryData(userQueries.current().queryKey)?.wordCount;

  it('stay counted through balances answered meanwhile, and are taken off when refused', () => {
    const { queryClient } = withUser();
    const settle = countWordsAhead(queryClient, 5);
    expect(wordCount(queryClient)).toBe(12);
    storeBalances(queryClient, { wordCount: 8, creditAmount: 40 });
    expect(wordCount(queryClient)).toBe(13);
    settle(false);
    expect(wordCount(queryClient)).toBe(8);
  });

  it("are not undone by a page save's older count that arrives after the words' own answer", () => {
    const { queryClient } = withUser();
    const settle = countWordsAhead(queryClient, 5);
    settle(true);
    storeBalances(queryClient, { wordCount: 12, creditAmount: 40 });
    storeBalances(queryClient, { wordCount: 7, creditAmount: 41 }, 'earnings');
    expect(queryClient.getQueryData(userQueries.current().queryKey)).toMatchObject({ wordCount: 12, creditAmount: 41 });
  });

  it('are left to the answer once saved', () => {
    const { queryClient } = withUser();
    const settle = countWordsAhead(queryClient, 5);
    settle(true);
    storeBalances(queryClient, { wordCount: 12, creditAmount: 45 });
    expect(wordCount(queryClient)).toBe(12);
  });
});

describe("a refresh's answer", () => {
  const stored = (queryClient: QueryClient) => queryClient.getQueryData(userQueries.current().queryKey);

  it('replaces the record when nothing was saved while it was on its way', () => {
    const { queryClient, user } = withUser();
    const asked = refreshAsked(queryClient);
    storeRefreshedUser(queryClient, { ...user, wordCount: 20, creditAmount: 90, wordLimit: 150 }, asked);
    expect(stored(queryClient)).toMatchObject({ wordCount: 20, creditAmount: 90, wordLimit: 150 });
  });

  it('keeps the balances of a save answered while it was on its way: the server read the record before', () => {
    const { queryClient, user } = withUser();
    const asked = refreshAsked(queryClient);
    storeBalances(queryClient, { wordCount: 8, creditAmount: 41, streak: ['2026-11-27'] });
    storeRefreshedUser(queryClient, { ...user, wordCount: 7, creditAmount: 40, wordLimit: 150 }, asked);
    expect(stored(queryClient)).toMatchObject({
      wordCount: 8,
      creditAmount: 41,
      streak: ['2026-11-27'],
      wordLimit: 150,
    });
  });

  it('is dropped when the learner logged out while it was on its way', () => {
    const { queryClient, user } = withUser();
    const asked = refreshAsked(queryClient);
    clearSession(queryClient);
    storeRefreshedUser(queryClient, user, asked);
    expect(stored(queryClient)).toBeNull();
    expect(readStoredUser()).toBeNull();
  });

  it('keeps counting the words counted ahead of the server', () => {
    const { queryClient, user } = withUser();
    countWordsAhead(queryClient, 5);
    const asked = refreshAsked(queryClient);
    storeRefreshedUser(queryClient, { ...user, wordCount: 9 }, asked);
    expect(stored(queryClient)?.wordCount).toBe(14);
  });
});
