import { queryOptions } from '@tanstack/react-query';
import { progressEndpoints } from '@/contract/endpoints/progress';
import type { LearningLanguage } from '@/contract/languages';
import { progressRoot } from './cache-resets';
import { fetchDetails } from './client';

/** The learner's last 30 learning days and saved words per level in a language, counted by the server's saves. */
export const progressQueries = {
  all: () => [progressRoot] as const,
  language: (language: LearningLanguage) =>
    queryOptions({
      queryKey: [...progressQueries.all(), language] as const,
      queryFn: ({ signal }) => fetchDetails(progressEndpoints.progress, { params: { targetLang: language }, signal }),
    }),
};

// The saves of words and pages import it from cache-resets.ts; flashcards.ts imports it from here.
export { refreshProgress } from './cache-resets';
