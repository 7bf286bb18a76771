import {
  type QueryClient,
  MutationObserver as QueryMutationObserver,
  queryOptions,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { UserWord } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { afterPaint } from '@/lib/after-paint';
import { storeUser, userQueries } from './account';
import { fetchDetails } from './client';

export const wordQueries = {
  all: () => ['words'] as const,
  list: () =>
    queryOptions({
      queryKey: [...wordQueries.all(), 'list'],
      queryFn: ({ signal }) => fetchDetails('userWords', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
      // Comparing 100,000 words deeply on every level key would cost more than the re-render it might save; the
      // updaters below already keep every unchanged word as it was.
      structuralSharing: false,
    }),
};

const wordListKey = wordQueries.list().queryKey;

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

function bumpWordCount(queryClient: QueryClient) {
  const user = queryClient.getQueryData(userQueries.current().queryKey);
  if (user) storeUser(queryClient, { ...user, wordCount: user.wordCount + 1 });
}

type WordQueue = { inFlight: boolean; pending: UserWord | undefined; confirmed: UserWord | null };

/**
 * Saving a level is optimistic and queued per word: the cached list (and so every occurrence on the page)
 * changes at once; at most one request per word is in flight, and when it returns the last level pressed
 * meanwhile is sent, so the stored level is always the last key pressed. A refusal puts the word back to the
 * level the server last confirmed and reports the error.
 */
export function useWordLevelSaver(onRefused: (error: unknown, word: UserWord) => void) {
  const queryClient = useQueryClient();
  const queues = useRef(new Map<string, WordQueue>());
  // An observer the reader does not render from: with useMutation every save would re-render the whole reader
  // twice (pending, then settled) for a state nothing on screen shows.
  const [saver] = useState(
    () =>
      new QueryMutationObserver(queryClient, {
        mutationKey: ['words', 'save'],
        meta: { silent: true },
        mutationFn: (word: UserWord) => fetchDetails('saveUserWord', { body: word }),
      }),
  );

  const drain = useCallback(
    async (key: string, queue: WordQueue) => {
      queue.inFlight = true;
      while (queue.pending) {
        const word = queue.pending;
        queue.pending = undefined;
        try {
          const isNew = queue.confirmed === null;
          queue.confirmed = await saver.mutate(word);
          // The header's count is the user record's: one more once the server has stored a new word.
          if (isNew) bumpWordCount(queryClient);
        } catch (error) {
          queue.pending = undefined;
          const { confirmed } = queue;
          queryClient.setQueryData(wordListKey, (words) =>
            confirmed ? withWordLevel(words, confirmed) : withoutWord(words, word),
          );
          onRefused(error, word);
        }
      }
      queue.inFlight = false;
      queues.current.delete(key);
    },
    [saver, onRefused, queryClient],
  );

  return useCallback(
    (word: UserWord) => {
      const key = keyOf(word);
      let queue = queues.current.get(key);
      if (!queue) {
        const saved = findWord(queryClient.getQueryData(wordListKey), word) ?? null;
        queue = { inFlight: false, pending: undefined, confirmed: saved };
        queues.current.set(key, queue);
      }
      // A refetch in flight would overwrite the optimistic level with an older list.
      if (queryClient.getQueryData(wordListKey)) void queryClient.cancelQueries({ queryKey: wordListKey });
      queryClient.setQueryData(wordListKey, (words) => withWordLevel(words, word));
      queue.pending = word;
      if (!queue.inFlight) {
        queue.inFlight = true;
        afterPaint(() => void drain(key, queue));
      }
    },
    [drain, queryClient],
  );
}
