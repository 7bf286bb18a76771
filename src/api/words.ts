import {
  type QueryClient,
  type QueryKey,
  MutationObserver as QueryMutationObserver,
  queryOptions,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { LearnerBalances, UserWord } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { afterPaint } from '@/lib/after-paint';
import { storeBalances } from './account';
import { fetchDetails } from './client';
import { createSaveQueue } from './word-save-queue';

/**
 * Where a text's words come from: a page of the library or one of the learner's video transcripts. Its levels are
 * fetched for that text alone (the learner's saved words among its words), never the learner's whole list.
 */
export type WordScope =
  | { language: LearningLanguage; contentId: number; pageId: number }
  | { language: LearningLanguage; videoId: string };

export const wordQueries = {
  all: () => ['words'] as const,
  /** Every cached text's levels in one language: what a level change updates. */
  language: (language: LearningLanguage) => [...wordQueries.all(), 'scope', language] as const,
  scope: (scope: WordScope) =>
    queryOptions({
      queryKey:
        'videoId' in scope
          ? [...wordQueries.language(scope.language), 'video', scope.videoId]
          : [...wordQueries.language(scope.language), 'page', scope.contentId, scope.pageId],
      queryFn: ({ signal }) =>
        'videoId' in scope
          ? fetchDetails('videoWords', { params: { targetLang: scope.language, videoId: scope.videoId }, signal })
          : fetchDetails('pageWords', {
              params: { targetLang: scope.language, contentId: scope.contentId, pageId: scope.pageId },
              signal,
            }),
      // Shown at once when cached, and fetched again each time a text opens: levels set on another device show
      // on the next page.
      staleTime: 0,
    }),
};

const keyOf = (word: Pick<UserWord, 'lowercase' | 'language'>) => `${word.language}\u0000${word.lowercase}`;

/**
 * Where each word stands in a cached list, built once per list and carried forward by `withWordLevel` to the list
 * it makes: a learner with 100,000 saved words pays one array copy per level key, not a search of the list and a
 * rebuilt lookup. The map only ever gains positions past a list's end, so an older list reads it safely too.
 */
type Positions = { list: readonly UserWord[]; at: Map<string, number> };
const positionsByList = new WeakMap<readonly UserWord[], Positions>();

function positionsOf(list: readonly UserWord[]): Positions {
  const known = positionsByList.get(list);
  if (known?.list === list) return known;
  const at = new Map<string, number>();
  for (const [index, word] of list.entries()) at.set(keyOf(word), index);
  const positions = { list, at };
  positionsByList.set(list, positions);
  return positions;
}

function wordAt(list: readonly UserWord[], at: Map<string, number>, key: Pick<UserWord, 'lowercase' | 'language'>) {
  const index = at.get(keyOf(key));
  const word = index === undefined ? undefined : list[index];
  return word && word.lowercase === key.lowercase && word.language === key.language ? word : undefined;
}

/** The saved word with this spelling and language, if any. */
export function findWord(words: readonly UserWord[] | undefined, key: Pick<UserWord, 'lowercase' | 'language'>) {
  const list = words ?? [];
  return wordAt(list, positionsOf(list).at, key);
}

/** The word list with one word's level set: added when new, changed in place when saved before. */
export function withWordLevel(words: readonly UserWord[] | undefined, word: UserWord): UserWord[] {
  const list = words ?? [];
  const positions = positionsOf(list);
  const key = keyOf(word);
  const index = positions.at.get(key);
  const next = list.slice();
  if (index === undefined) {
    positions.at.set(key, next.length);
    next.push(word);
  } else {
    next[index] = word;
  }
  positions.list = next;
  positionsByList.set(next, positions);
  return next;
}

/** The word list without one word (rolling back a word that was never saved). */
export function withoutWord(words: readonly UserWord[] | undefined, word: Pick<UserWord, 'lowercase' | 'language'>) {
  return (words ?? []).filter((saved) => saved.lowercase !== word.lowercase || saved.language !== word.language);
}

/** The levels of one language's saved words, by lowercase form. */
export type WordLevels = { get: (lowercase: string) => number | undefined };

/** Levels by lowercase form for one language, looked up in the list as it is now (no copy of it is made). */
export function levelsOf(words: readonly UserWord[] | undefined, language: LearningLanguage): WordLevels {
  const list = words ?? [];
  const { at } = positionsOf(list);
  return { get: (lowercase) => wordAt(list, at, { lowercase, language })?.level };
}

type SavedWord = UserWord & { balances: LearnerBalances };

type WordLevelSaverOptions = {
  /** The request (POST /userword): the saved word and the learner's balances after it. */
  send: (word: UserWord) => Promise<SavedWord>;
  /** The key of the text being read, whose levels hold every saved word it contains. */
  scopeKey: () => QueryKey;
  onRefused: (error: unknown, word: UserWord) => void;
  schedule?: (work: () => void) => void;
};

/** Sets a word's level in every cached text of its language, this one and any other holding the word. */
function setEverywhere(
  queryClient: QueryClient,
  word: UserWord,
  update: (words: readonly UserWord[]) => UserWord[],
): void {
  queryClient.setQueriesData<UserWord[]>({ queryKey: wordQueries.language(word.language) }, (words) =>
    words ? update(words) : words,
  );
}

/**
 * Saving a level is optimistic and queued per word (word-save-queue.ts): the cached lists (and so every occurrence
 * on the page) change at once; at most one request per word is in flight, and when it returns the last level
 * pressed meanwhile is sent, so the stored level is always the last key pressed. A refusal puts the word back to the
 * level the server last confirmed, in every cached text of the language, and reports the error.
 */
export function createWordLevelSaver(
  queryClient: QueryClient,
  { send, scopeKey, onRefused, schedule = afterPaint }: WordLevelSaverOptions,
): (word: UserWord) => void {
  const queue = createSaveQueue<UserWord, UserWord>({
    send: async (word) => {
      const { balances, ...saved } = await send(word);
      // The header shows the word count, coins and streak the save left (kept for the next visit too).
      storeBalances(queryClient, balances);
      return saved;
    },
    // This text's levels hold every saved word it contains, so a word not among them is new.
    known: (word) => findWord(queryClient.getQueryData<UserWord[]>(scopeKey()), word) ?? null,
    refused: (error, word, confirmed) => {
      setEverywhere(queryClient, word, (words) =>
        confirmed ? withWordLevel(words, confirmed) : withoutWord(words, word),
      );
      onRefused(error, word);
    },
    // Texts whose levels arrived while the word was saving show the level the server now holds.
    confirmed: (_key, word) => setEverywhere(queryClient, word, (words) => withWordLevel(words, word)),
    schedule,
  });

  return (word) => {
    // Read what the server holds before this level is written into the cache.
    queue.push(keyOf(word), word);
    // A refetch in flight would overwrite the optimistic level with an older answer (a first fetch is left to
    // finish: the level is set again once the server confirms it).
    void queryClient.cancelQueries({
      queryKey: wordQueries.language(word.language),
      predicate: (query) => query.state.data !== undefined,
    });
    setEverywhere(queryClient, word, (words) => withWordLevel(words, word));
  };
}

/** `createWordLevelSaver` for a text on screen, through a mutation observer the reader does not render from. */
export function useWordLevelSaver(scope: WordScope, onRefused: (error: unknown, word: UserWord) => void) {
  const queryClient = useQueryClient();
  const scopeKey = wordQueries.scope(scope).queryKey;
  const latestScopeKey = useRef<QueryKey>(scopeKey);
  latestScopeKey.current = scopeKey;
  const latestOnRefused = useRef(onRefused);
  latestOnRefused.current = onRefused;
  const [save] = useState(() => {
    // With useMutation every save would re-render the whole reader twice (pending, then settled) for a state
    // nothing on screen shows.
    const saver = new QueryMutationObserver(queryClient, {
      mutationKey: ['words', 'save'],
      meta: { silent: true },
      mutationFn: (word: UserWord) => fetchDetails('saveUserWord', { body: word }),
    });
    return createWordLevelSaver(queryClient, {
      send: (word) => saver.mutate(word),
      scopeKey: () => latestScopeKey.current,
      onRefused: (error, word) => latestOnRefused.current(error, word),
    });
  });
  return save;
}
