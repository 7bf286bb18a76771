import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { progressEndpoints } from '@/contract/endpoints/progress';
import type { LearningLanguage } from '@/contract/languages';
import { fetchDetails } from './client';

/** The learner's last 30 learning days and saved words per level in a language, counted by the server's saves. */
export const progressQueries = {
  all: () => ['progress'] as const,
  language: (language: LearningLanguage) =>
    queryOptions({
      queryKey: [...progressQueries.all(), language] as const,
      queryFn: ({ signal }) => fetchDetails(progressEndpoints.progress, { params: { targetLang: language }, signal }),
    }),
};

/**
 * A save in this language changed the day's counters: a panel on screen asks again (keeping its chart meanwhile),
 * any other is asked again when it next shows.
 */
export function refreshProgress(queryClient: QueryClient, language: LearningLanguage): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: progressQueries.language(language).queryKey });
}
