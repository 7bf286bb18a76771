import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import type { UserWord } from '@/contract/entities';
import { afterPaint } from '@/lib/after-paint';
import { fetchDetails } from './client';

export const wordQueries = {
  all: () => ['words'] as const,
  list: () =>
    queryOptions({
      queryKey: [...wordQueries.all(), 'list'],
      queryFn: ({ signal }) => fetchDetails('userWords', { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

const sameWord = (a: UserWord, b: Pick<UserWord, 'lowercase' | 'language'>) =>
  a.lowercase === b.lowercase && a.language === b.language;

/** The word list with one word's level set: added when new, changed in place when saved before. */
export function withWordLevel(words: readonly UserWord[] | undefined, word: UserWord): UserWord[] {
  const list = words ?? [];
  return list.some((saved) => sameWord(saved, word))
    ? list.map((saved) => (sameWord(saved, word) ? word : saved))
    : [...list, word];
}

/** The word list without one word (rolling back a word that was never saved). */
export function withoutWord(words: readonly UserWord[] | undefined, word: Pick<UserWord, 'lowercase' | 'language'>) {
  return (words ?? []).filter((saved) => !sameWord(saved, word));
}

/** Levels by lowercase form for one language. */
export function levelsOf(words: readonly UserWord[] | undefined, language: string): Map<string, number> {
  const levels = new Map<string, number>();
  for (const word of words ?? []) if (word.language === language) levels.set(word.lowercase, word.level);
  return levels;
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
  const listKey = wordQueries.list().queryKey;
  const queues = useRef(new Map<string, WordQueue>());
  const { mutateAsync } = useMutation({
    mutationKey: ['words', 'save'],
    meta: { silent: true },
    mutationFn: (word: UserWord) => fetchDetails('saveUserWord', { body: word }),
  });

  const drain = useCallback(
    async (key: string, queue: WordQueue) => {
      queue.inFlight = true;
      while (queue.pending) {
        const word = queue.pending;
        queue.pending = undefined;
        try {
          queue.confirmed = await mutateAsync(word);
        } catch (error) {
          queue.pending = undefined;
          const { confirmed } = queue;
          queryClient.setQueryData(listKey, (words) =>
            confirmed ? withWordLevel(words, confirmed) : withoutWord(words, word),
          );
          onRefused(error, word);
        }
      }
      queue.inFlight = false;
      queues.current.delete(key);
    },
    [listKey, mutateAsync, onRefused, queryClient],
  );

  return useCallback(
    (word: UserWord) => {
      const key = `${word.language}\u0000${word.lowercase}`;
      let queue = queues.current.get(key);
      if (!queue) {
        const saved = queryClient.getQueryData(listKey)?.find((item) => sameWord(item, word)) ?? null;
        queue = { inFlight: false, pending: undefined, confirmed: saved };
        queues.current.set(key, queue);
      }
      // A refetch in flight would overwrite the optimistic level with an older list.
      if (queryClient.getQueryData(listKey)) void queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData(listKey, (words) => withWordLevel(words, word));
      queue.pending = word;
      if (!queue.inFlight) {
        queue.inFlight = true;
        afterPaint(() => void drain(key, queue));
      }
    },
    [drain, listKey, queryClient],
  );
}
