import { queryOptions } from '@tanstack/react-query';
import { maxCoverageIds } from '@/contract/constants';
import type { TextNewWords } from '@/contract/endpoints/coverage';
import { coverageEndpoints } from '@/contract/endpoints/coverage';
import type { ScopedWord } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { coverageRoot } from './cache-resets';
import { fetchDetails } from './client';

/** The ids of one call, in a stable order: the same cards make the same key, however they are listed. */
const sorted = <Id extends number | string>(ids: readonly Id[]): Id[] =>
  [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * A member's known-word figures for the cards on screen, live from their levels: asked again each time a listing
 * mounts, and forgotten when a level changes (`forgetCoverage`, cache-resets.ts), so a card never shows an earlier
 * figure.
 */
export const coverageQueries = {
  all: () => [coverageRoot] as const,
  language: (language: LearningLanguage) => [...coverageQueries.all(), language] as const,
  /** One call's texts: at most `maxCoverageIds` (split a longer list with `coverageCalls`). */
  texts: (language: LearningLanguage, ids: readonly number[]) => {
    const list = sorted(ids);
    return queryOptions({
      queryKey: [...coverageQueries.language(language), 'texts', list],
      queryFn: ({ signal }) =>
        fetchDetails(coverageEndpoints.textCoverage, {
          params: { targetLang: language },
          query: { ids: list.join(',') },
          signal,
        }),
      staleTime: 0,
      meta: { silent: true },
    });
  },
  /** One call's videos (YouTube ids): at most `maxCoverageIds`. */
  videos: (language: LearningLanguage, videoIds: readonly string[]) => {
    const list = sorted(videoIds);
    return queryOptions({
      queryKey: [...coverageQueries.language(language), 'videos', list],
      queryFn: ({ signal }) =>
        fetchDetails(coverageEndpoints.videoCoverage, {
          params: { targetLang: language },
          query: { ids: list.join(',') },
          signal,
        }),
      staleTime: 0,
      meta: { silent: true },
    });
  },
  /**
   * A text's "Learn these words" list: kept as it opened while the learner works through it (its words recolour,
   * they do not vanish), so a level change neither drops nor refetches it; its route asks again on each visit.
   */
  newWords: (language: LearningLanguage, contentId: number) =>
    queryOptions({
      queryKey: [...coverageQueries.all(), 'newWords', language, contentId],
      queryFn: ({ signal }) =>
        fetchDetails(coverageEndpoints.textNewWords, { params: { targetLang: language, contentId }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/**
 * The saved words among a "Learn these words" list (those at level 0): the levels its words are painted with, and
 * the learner's own meanings and notes where written.
 */
export function levelsOfNewWords({ words }: TextNewWords, language: LearningLanguage): ScopedWord[] {
  return words.flatMap(({ lowercase, level, meaning, note }) => {
    if (level !== 0) return [];
    const word: ScopedWord = { lowercase, level, language };
    if (meaning !== undefined) word.meaning = meaning;
    if (note !== undefined) word.note = note;
    return [word];
  });
}

/** The levels of a "Learn these words" list asked on their own: the text engine's levels query of the list. */
export async function fetchNewWordLevels(
  language: LearningLanguage,
  contentId: number,
  signal: AbortSignal,
): Promise<ScopedWord[]> {
  const params = { targetLang: language, contentId };
  return levelsOfNewWords(await fetchDetails(coverageEndpoints.textNewWords, { params, signal }), language);
}

/** A listing's ids in calls of at most `maxCoverageIds`, in the listing's order: one call per stretch of cards. */
export function coverageCalls<Id>(ids: readonly Id[], size: number = maxCoverageIds): Id[][] {
  const calls: Id[][] = [];
  for (let start = 0; start < ids.length; start += size) calls.push(ids.slice(start, start + size));
  return calls;
}
