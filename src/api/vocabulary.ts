import { infiniteQueryOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { maxBulkWords } from '@/contract/constants';
import type { VocabularyPage } from '@/contract/endpoints/vocabulary';
import { vocabularyEndpoints } from '@/contract/endpoints/vocabulary';
import type { LearnerBalances, ScopedWord, UserWord, VocabularySort, WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { countWordsAhead, storeBalances } from './account';
import { forgetCoverage, moveLevelCounts, refreshProgress } from './cache-resets';
import { fetchDetails } from './client';
import {
  cancelRefetches,
  findWord,
  listedWord,
  setEverywhere,
  syncListedLevels,
  type VocabularyPages,
  withoutWords,
  withWordLevels,
  wordQueries,
} from './words';

/**
 * What the vocabulary screen lists: the levels shown (none: every level), a search, an order, whether grouped by
 * family (the words without a parent, each with the words below it), and whether only the saved phrases.
 */
export type VocabularyFilters = {
  levels: readonly WordLevel[];
  q: string;
  sort: VocabularySort;
  family?: boolean;
  phrases?: boolean;
};

export type VocabularyList = VocabularyFilters & { language: LearningLanguage; homeLang: LearningLanguage };

const everyLevel = 5;

/** The same list however its filters were written: levels once each, in order (all five: none), the search trimmed. */
export function normalFilters({ levels, q, sort, family, phrases }: VocabularyFilters): VocabularyFilters {
  const distinct = [...new Set(levels)].sort((a, b) => a - b);
  return {
    levels: distinct.length === everyLevel ? [] : distinct,
    q: q.trim(),
    sort,
    family: family === true,
    phrases: phrases === true,
  };
}

/** The learner's saved words of a language on the screen: the list's own levels scope (words.ts). */
const listedScope = (language: LearningLanguage) => wordQueries.scope({ language, vocabulary: true }).queryKey;

/**
 * A page's words are the levels the text engine paints the list with (and the learner's own meanings its
 * translation box shows): they join the list's levels scope as the page arrives, before the list renders it.
 */
function keepListedLevels(queryClient: QueryClient, language: LearningLanguage, page: VocabularyPage): void {
  const listed = page.words.map((word) => listedWord(word, language));
  queryClient.setQueryData<ScopedWord[]>(listedScope(language), (saved) => withWordLevels(saved, listed));
}

/**
 * The vocabulary screen's list, paged by the server in keyset order (the page param is the previous page's `next`),
 * under the private `words` root, so a logout drops it. Asked again each time the screen opens (fresh for a second:
 * the one the route's loader has just asked for is not asked twice); a level change shows in its cached pages at
 * once (words.ts `setEverywhere`).
 */
export const vocabularyQueries = {
  all: () => [...wordQueries.all(), 'vocabulary'] as const,
  language: (language: LearningLanguage) => wordQueries.vocabulary(language),
  list: ({ language, homeLang, ...filters }: VocabularyList) => {
    const { levels, q, sort, family, phrases } = normalFilters(filters);
    return infiniteQueryOptions({
      queryKey: [...vocabularyQueries.language(language), homeLang, { levels, q, sort, family, phrases }],
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal, client }) => {
        const query: Record<string, string> = { homeLang, sort };
        if (levels.length > 0) query.levels = levels.join(',');
        if (q) query.q = q;
        if (pageParam) query.after = pageParam;
        if (family) query.family = '1';
        if (phrases) query.phrases = '1';
        const page = await fetchDetails(vocabularyEndpoints.vocabulary, {
          params: { targetLang: language },
          query,
          signal,
        });
        keepListedLevels(client, language, page);
        return page;
      },
      getNextPageParam: (last) => last.next,
      staleTime: 1_000,
      // A refetch asks for every page again: on focus it would also race the levels being set.
      refetchOnWindowFocus: false,
    });
  },
};

/** The list's pages without some words: fewer match. */
export function withoutListed(data: VocabularyPages, removed: Iterable<string>): VocabularyPages {
  const gone = new Set(removed);
  let count = 0;
  const pages = data.pages.map((page) => {
    const words = page.words.filter((word) => !gone.has(word.lowercase));
    count += page.words.length - words.length;
    return words.length === page.words.length ? page : { ...page, words };
  });
  if (count === 0) return data;
  return { ...data, pages: pages.map((page) => ({ ...page, total: Math.max(0, page.total - count) })) };
}

/** A change's words in calls of at most `maxBulkWords`, in order. */
export function bulkCalls<T>(words: readonly T[], size: number = maxBulkWords): T[][] {
  const calls: T[][] = [];
  for (let start = 0; start < words.length; start += size) calls.push(words.slice(start, start + size));
  return calls;
}

/** Several saved words of a language to one level, or removed (unsaved again). */
export type VocabularyChange = { language: LearningLanguage; words: readonly string[] } & (
  | { level: WordLevel }
  | { remove: true }
);

/** What the server has confirmed of a change so far: the calls answered before one failed, if one did. */
type Confirmed = { names: Set<string>; words: UserWord[]; balances: LearnerBalances | undefined };

type ChangeContext = {
  /** The changed words that were listed, as they were. */
  before: UserWord[];
  /** The list's cached pages before a removal: put back for the words the server did not remove. */
  pages: [readonly unknown[], VocabularyPages | undefined][];
  /** The header stops counting removed words ahead of the server. */
  settle: (saved: boolean) => void;
};

/** Each change's progress, read by its rollback (a change longer than one call may fail halfway). */
const progress = new WeakMap<VocabularyChange, Confirmed>();

function confirmedOf(change: VocabularyChange): Confirmed {
  let confirmed = progress.get(change);
  if (!confirmed) {
    confirmed = { names: new Set(), words: [], balances: undefined };
    progress.set(change, confirmed);
  }
  return confirmed;
}

const changeVocabularyKey = [...vocabularyQueries.all(), 'change'] as const;

/** The change shown at once: the words' levels everywhere they are cached, or the words gone from the list. */
function changeAtOnce(queryClient: QueryClient, change: VocabularyChange): ChangeContext {
  const { language } = change;
  cancelRefetches(queryClient, language);
  void queryClient.cancelQueries({
    queryKey: vocabularyQueries.language(language),
    predicate: (query) => query.state.data !== undefined,
  });
  const listed = queryClient.getQueryData<UserWord[]>(listedScope(language));
  const before = change.words.flatMap((lowercase) => findWord(listed, { lowercase, language }) ?? []);
  const pages = queryClient.getQueriesData<VocabularyPages>({ queryKey: vocabularyQueries.language(language) });
  if ('remove' in change) {
    setEverywhere(queryClient, language, (words) => withoutWords(words, before));
    queryClient.setQueriesData<VocabularyPages>({ queryKey: vocabularyQueries.language(language) }, (data) =>
      data ? withoutListed(data, change.words) : data,
    );
    moveLevelCounts(
      queryClient,
      language,
      before.map((word) => [word.level, -1] as const),
    );
    return { before, pages, settle: countWordsAhead(queryClient, -before.length) };
  }
  const { level } = change;
  setEverywhere(queryClient, language, (words) =>
    withWordLevels(
      words,
      before.map((word) => ({ ...word, level })),
    ),
  );
  return { before, pages, settle: () => {} };
}

/** Puts back what the server did not confirm of a refused change (a word changed again meanwhile keeps that). */
function rollBack(queryClient: QueryClient, change: VocabularyChange, context: ChangeContext): void {
  const { language } = change;
  const confirmed = confirmedOf(change);
  const refused = context.before.filter(({ lowercase }) => !confirmed.names.has(lowercase));
  if ('remove' in change) {
    setEverywhere(queryClient, language, (words) => withWordLevels(words, refused));
    moveLevelCounts(
      queryClient,
      language,
      refused.map((word) => [-1, word.level] as const),
    );
    for (const [key, data] of context.pages) {
      if (data) queryClient.setQueryData(key, withoutListed(data, confirmed.names));
    }
    syncListedLevels(queryClient, language);
  } else {
    setEverywhere(queryClient, language, (words) =>
      withWordLevels(
        words,
        refused.filter((word) => findWord(words, word)?.level === change.level),
      ),
    );
  }
}

/**
 * Several saved words at once (the vocabulary screen's selection): to one level, or removed, in calls of at most
 * `maxBulkWords`. Optimistic: every cached text and the list show the change at once, the header counts removed
 * words off; a refusal puts back what the server did not do (and the caches' error callback says why). The answers'
 * balances are kept, the language's known-word figures forgotten, and once nothing else of the learner's words is
 * saving the list is due again (asked at once after a refusal).
 */
export function useChangeVocabulary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changeVocabularyKey,
    mutationFn: async (change: VocabularyChange) => {
      const confirmed = confirmedOf(change);
      for (const words of bulkCalls(change.words)) {
        const body = 'remove' in change ? { words, remove: true as const } : { words, level: change.level };
        const answer = await fetchDetails(vocabularyEndpoints.changeVocabulary, {
          params: { targetLang: change.language },
          body,
        });
        for (const name of words) confirmed.names.add(name);
        confirmed.words.push(...answer.words);
        confirmed.balances = answer.balances;
      }
      return confirmed;
    },
    onMutate: (change) => changeAtOnce(queryClient, change),
    onError: (_error, change, context) => {
      if (!context) return;
      rollBack(queryClient, change, context);
      context.settle(false);
      const { balances } = confirmedOf(change);
      if (balances) storeBalances(queryClient, balances);
    },
    onSuccess: ({ words, balances }, change, context) => {
      if (!('remove' in change)) setEverywhere(queryClient, change.language, (list) => withWordLevels(list, words));
      context.settle(true);
      if (balances) storeBalances(queryClient, balances);
    },
    onSettled: (_answer, error, change) => {
      if (confirmedOf(change).names.size > 0) void forgetCoverage(queryClient, change.language);
      if (confirmedOf(change).names.size > 0) void refreshProgress(queryClient, change.language);
      progress.delete(change);
      if (queryClient.isMutating({ mutationKey: wordQueries.all() }) === 1) {
        // A list of many pages is asked again page by page: after a success the answers already show what the
        // server holds, so it waits for the next visit; after a refusal the list on screen is asked again now.
        void queryClient.invalidateQueries({
          queryKey: vocabularyQueries.language(change.language),
          refetchType: error ? 'active' : 'none',
        });
      }
    },
  });
}
