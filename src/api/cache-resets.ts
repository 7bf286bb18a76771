import type { QueryClient } from '@tanstack/react-query';
import type { Progress } from '@/contract/endpoints/progress';
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

/** A saved word moved from one level to another (`-1`: unsaved, before or after). */
export type LevelMove = readonly [from: number, to: number];

/**
 * The learner's saved words per level (the progress call's, which the vocabulary screen's filter bar shows), with
 * some words moved at once: what a level change or a removal on that screen shows before the server's answer, which
 * `refreshProgress` then asks for.
 */
export function withLevelMoves(progress: Progress, moves: readonly LevelMove[]): Progress {
  if (moves.length === 0) return progress;
  const levels: Progress['levels'] = [...progress.levels];
  for (const [from, to] of moves) {
    if (from >= 0) levels[from] = Math.max(0, (levels[from] ?? 0) - 1);
    if (to >= 0) levels[to] = (levels[to] ?? 0) + 1;
  }
  return { ...progress, levels };
}

/** Moves the cached counts per level of a language (when the progress call has answered). */
export function moveLevelCounts(queryClient: QueryClient, language: LearningLanguage, moves: readonly LevelMove[]) {
  if (moves.length === 0) return;
  queryClient.setQueryData<Progress>([progressRoot, language], (progress) =>
    progress ? withLevelMoves(progress, moves) : progress,
  );
}
