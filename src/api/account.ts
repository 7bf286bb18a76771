import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { accountEndpoints } from '@/contract/endpoints/account';
import type { LearnerBalances, User } from '@/contract/entities';
import { fetchDetails } from './client';
import { privateQueryRoots } from './query-client';
import { readStoredUser, writeStoredUser } from './session';

/** The logged-in user lives in the query cache, seeded from and written back to local storage. */
export const userQueries = {
  current: () =>
    queryOptions({
      queryKey: ['user'] as const,
      queryFn: (): User | null => readStoredUser(),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export function storeUser(queryClient: QueryClient, user: User): void {
  writeStoredUser(user);
  queryClient.setQueryData(userQueries.current().queryKey, user);
}

/** Words the header counts before the server does (a page being marked known), per query client. */
const wordsAhead = new WeakMap<QueryClient, Set<{ count: number }>>();
/** How many times balances were kept (a save's answer, words counted ahead), per query client. */
const balancesKept = new WeakMap<QueryClient, number>();

const keptBalances = (queryClient: QueryClient) => balancesKept.get(queryClient) ?? 0;

function keepBalances(queryClient: QueryClient, user: User): void {
  balancesKept.set(queryClient, keptBalances(queryClient) + 1);
  storeUser(queryClient, user);
}

function countWords(queryClient: QueryClient, by: number): void {
  const user = queryClient.getQueryData(userQueries.current().queryKey);
  if (user && by !== 0) keepBalances(queryClient, { ...user, wordCount: user.wordCount + by });
}

/**
 * Counts new words in the header at once, before the server has: balances answered meanwhile (a page saved, a word
 * saved) keep them counted. The function returned stops counting them ahead: once saved (the answer's balances,
 * stored next, count them) or refused (they are taken off).
 */
export function countWordsAhead(queryClient: QueryClient, count: number): (saved: boolean) => void {
  const ahead = { count };
  const counted = wordsAhead.get(queryClient) ?? new Set();
  wordsAhead.set(queryClient, counted.add(ahead));
  countWords(queryClient, count);
  return (saved) => {
    if (counted.delete(ahead) && !saved) countWords(queryClient, -count);
  };
}

/**
 * What a save answered of the learner's record (coins, word count, the streak when it changed), kept at once. A call
 * that never changes the word count (a page read, a card reviewed) takes only its `earnings`: it runs beside word
 * saves, and its count, read before one of them committed, may arrive after that save's answer and undo it.
 */
export function storeBalances(
  queryClient: QueryClient,
  balances: LearnerBalances,
  takes: 'all' | 'earnings' = 'all',
): void {
  const user = queryClient.getQueryData(userQueries.current().queryKey);
  if (!user) return;
  const { creditAmount, streak = user.streak } = balances;
  let wordCount = user.wordCount;
  if (takes === 'all') {
    wordCount = balances.wordCount;
    for (const { count } of wordsAhead.get(queryClient) ?? []) wordCount += count;
  }
  // Most saves earn nothing: the stored user and everything that reads it stay as they are.
  const same =
    wordCount === user.wordCount &&
    creditAmount === user.creditAmount &&
    streak.length === user.streak.length &&
    streak.every((day, index) => day === user.streak[index]);
  if (!same) keepBalances(queryClient, { ...user, wordCount, creditAmount, streak });
}

/** What a refresh needs to know when it answers: the balances kept when it was asked for. */
export type RefreshAsked = { balances: number };

export const refreshAsked = (queryClient: QueryClient): RefreshAsked => ({ balances: keptBalances(queryClient) });

/**
 * Keeps the learner's record a refresh answered. The server read it when the refresh arrived: balances a save answered
 * after the refresh was asked for may be newer, and are kept as they are; words still counted ahead stay counted. A
 * session left meanwhile (logged out, or in again as someone else) stays left: the answer is the old session's.
 */
export function storeRefreshedUser(queryClient: QueryClient, fresh: User, asked: RefreshAsked): void {
  const user = queryClient.getQueryData(userQueries.current().queryKey);
  if (!user || user.token !== fresh.token) return;
  if (keptBalances(queryClient) !== asked.balances) {
    const { wordCount, creditAmount, streak } = user;
    storeUser(queryClient, { ...fresh, wordCount, creditAmount, streak });
    return;
  }
  let { wordCount } = fresh;
  for (const { count } of wordsAhead.get(queryClient) ?? []) wordCount += count;
  storeUser(queryClient, { ...fresh, wordCount });
}

/** Leaving the session clears the user, the saved words and every cached private query. */
export function clearSession(queryClient: QueryClient): void {
  writeStoredUser(null);
  queryClient.setQueryData(userQueries.current().queryKey, null);
  for (const root of privateQueryRoots) queryClient.removeQueries({ queryKey: [root] });
  // Pages read in this session may be the learner's own texts: the next visitor fetches what they may read.
  queryClient.removeQueries({ queryKey: ['content', 'reader'] });
}

/** Ends the session on the server (best effort) and forgets it here whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    meta: { silent: true },
    mutationFn: () => fetchDetails(accountEndpoints.logout),
    onSettled: () => clearSession(queryClient),
  });
}

/** Whether the daily refresh is due: refreshAt has passed. */
export function refreshDue(user: User | null | undefined, now = Date.now()): boolean {
  return Boolean(user && Date.parse(user.refreshAt) <= now);
}

/**
 * Asks the server for the learner's record now (balances granted or paid elsewhere, e.g. by a webhook) and keeps it.
 * A failure keeps the stored record: the screen still works with what it had.
 */
export async function refreshUserNow(queryClient: QueryClient): Promise<void> {
  if (!queryClient.getQueryData(userQueries.current().queryKey)) return;
  const asked = refreshAsked(queryClient);
  try {
    storeRefreshedUser(queryClient, await fetchDetails(accountEndpoints.refresh), asked);
  } catch {}
}

export function useRefreshUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'refresh'],
    // The app asks as it starts, on a route change or a tab's return: offline, the stored record simply stays.
    meta: { background: true },
    mutationFn: () => fetchDetails(accountEndpoints.refresh),
    onMutate: () => refreshAsked(queryClient),
    onSuccess: (user, _variables, asked) => storeRefreshedUser(queryClient, user, asked),
  });
}
