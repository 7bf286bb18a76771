import type { QueryClient } from '@tanstack/react-query';
import type { LearningLanguage } from '@/contract/languages';

/**
 * What a save of words or pages resets in other resources' caches, by their keys' roots alone: a save does not bring
 * those resources' calls (coverage.ts, progress.ts) into the first load.
 */
export const coverageRoot = 'coverage';
export const progressRoot = 'progress';

/**
 * A level changed in this language: every figure of it is dropped (a listing on screen asks again), so the next
 * listing waits for the new figures instead of showing the old ones first. Nothing the reader renders observes
 * these queries, so a level key re-renders nothing.
 */
export function forgetCoverage(queryClient: QueryClient, language: LearningLanguage): Promise<void> {
  return queryClient.resetQueries({ queryKey: [coverageRoot, language] });
}

/**
 * A save in this language changed the day's counters: a panel on screen asks again (keeping its chart meanwhile),
 * any other is asked again when it next shows.
 */
export function refreshProgress(queryClient: QueryClient, language: LearningLanguage): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [progressRoot, language] });
}
