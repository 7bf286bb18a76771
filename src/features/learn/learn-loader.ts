import type { QueryClient } from '@tanstack/react-query';
import { contentInLibrary, contentQueries } from '@/api/content';
import { coverageQueries, levelsOfNewWords } from '@/api/coverage';
import { importQueries } from '@/api/imports';
import { wordQueries } from '@/api/words';
import type { LearningLanguage } from '@/contract/languages';

type NewWordsRequest = {
  contentId: number;
  language: LearningLanguage;
  /** A link only previewed (hovered): what is cached will do, and the levels are left as they are. */
  preload: boolean;
};

/** A text's title: from the library list (usually cached), else the learner's own texts; null when neither has it. */
async function titleOf(queryClient: QueryClient, language: LearningLanguage, contentId: number) {
  const library = await queryClient
    .ensureQueryData(contentQueries.categories(language))
    .then((categories) => contentInLibrary(categories, contentId)?.title ?? null)
    .catch(() => null);
  if (library !== null) return library;
  return queryClient
    .ensureQueryData(importQueries.list(language))
    .then((texts) => texts.find((text) => text.contentId === contentId)?.title ?? null)
    .catch(() => null);
}

/**
 * A text's "Learn these words" list, asked anew on each visit (the list stays as it opened while the learner works
 * through it), and its levels: the list's own answer gives them, so the text engine's levels query needs no call.
 */
export async function loadNewWords(
  queryClient: QueryClient,
  { contentId, language, preload }: NewWordsRequest,
): Promise<{ title: string | null }> {
  const title = titleOf(queryClient, language, contentId);
  const list = coverageQueries.newWords(language, contentId);
  if (preload) {
    await queryClient.ensureQueryData(list);
  } else {
    const answer = await queryClient.fetchQuery({ ...list, staleTime: 0 });
    queryClient.setQueryData(
      wordQueries.scope({ language, newWordsOf: contentId }).queryKey,
      levelsOfNewWords(answer, language),
    );
  }
  return { title: await title };
}
