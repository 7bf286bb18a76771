import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { signedIn } from '@/test/accounts';
import { storeBalances, userQueries } from './account';
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
