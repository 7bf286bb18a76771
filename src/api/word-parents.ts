import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { wordParentEndpoints } from '@/contract/endpoints/word-parents';
import type { ScopedWord, UserWord } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { userQueries } from './account';
import { fetchDetails } from './client';
import { findWord, setEverywhere, withWordLevels, wordEditSaved, wordEditSettled, wordQueries } from './words';

/** A word linked to its parent (its base form), or unlinked (`parent` null): what the parent step sends. */
export type ParentLink = { language: LearningLanguage; lowercase: string; parent: string | null };

/** A link as the server stored it: the word and its parent with their levels (either saved by it at level 1). */
export type StoredLink = UserWord & { parent: UserWord | null };

/**
 * The word list with a stored link: the parent saved (added when new), the word with its parent, and the parent's
 * own meaning as the word's when it has none (the page's levels bring it too once asked again).
 */
export function withParentLink(words: readonly ScopedWord[] | undefined, link: StoredLink): ScopedWord[] {
  const { parent, ...word } = link;
  const withParent = parent ? withWordLevels(words, [parent]) : (words ?? []);
  const own = findWord(withParent, word)?.meaning;
  const parentMeaning = parent && own === undefined ? findWord(withParent, parent)?.meaning : undefined;
  return withWordLevels(withParent, [{ ...word, parent: parent?.lowercase, parentMeaning }]);
}

/**
 * Links a word to its parent or unlinks it (the translation box's parent step). Not optimistic: the server checks
 * the link (a cycle, the limit), and its answer is written into every cached text of the language.
 */
export function useSaveParent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...wordQueries.all(), 'parent'],
    meta: { silent: true },
    mutationFn: ({ language, lowercase, parent }: ParentLink) =>
      fetchDetails(wordParentEndpoints.saveWordParent, {
        params: { targetLang: language },
        body: { lowercase, parent: parent === null ? null : { lowercase: parent, language } },
      }),
    onSuccess: ({ balances, ...link }, { language }) => {
      const before = queryClient.getQueryData(userQueries.current().queryKey)?.wordCount;
      setEverywhere(queryClient, language, (words) => withParentLink(words, link));
      wordEditSaved(queryClient, language, balances, before !== balances.wordCount);
    },
    onSettled: (_answer, _error, { language }) => wordEditSettled(queryClient, language),
  });
}

/**
 * A saved word's whole family as the server finds it (docs/decisions/0041), whichever texts hold its words: what a
 * level given to one of them is offered to. Under the private `words` root (a logout drops it), asked anew each time.
 */
export const wordFamilyQuery = (language: LearningLanguage, lowercase: string) =>
  queryOptions({
    queryKey: [...wordQueries.all(), 'family', language, lowercase] as const,
    queryFn: ({ signal }) =>
      fetchDetails(wordParentEndpoints.wordFamily, { params: { targetLang: language }, query: { lowercase }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/**
 * A word's base form as the server's dictionary names it, null when none (docs/decisions/0041): the parent step's
 * first suggestion. The dictionary changes only when an operator imports one: kept for the session.
 */
export const wordLemmaQuery = (language: LearningLanguage, lowercase: string) =>
  queryOptions({
    queryKey: ['dictionary', 'lemma', language, lowercase] as const,
    queryFn: async ({ signal }) =>
      (
        await fetchDetails(wordParentEndpoints.wordLemma, {
          params: { targetLang: language },
          query: { lowercase },
          signal,
        })
      ).lemma,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
