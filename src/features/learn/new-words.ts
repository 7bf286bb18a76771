import type { WordLevels } from '@/api/words';
import { type Coverage, type CoverageBand, coverageOf } from '@/contract/coverage';
import type { TextNewWords } from '@/contract/endpoints/coverage';

/** Which thresholds a word of the list reaches: learnt with the words above it, the text becomes 95 % or 98 % familiar. */
export type Reached = { stretch: boolean; comfortable: boolean };

/** For each word of a list in order, the thresholds first reached with it (none that the text already reached). */
export function thresholdsReached(start: CoverageBand | null, words: readonly { band: CoverageBand }[]): Reached[] {
  let stretch = start === 'stretch' || start === 'comfortable';
  let comfortable = start === 'comfortable';
  return words.map(({ band }) => {
    const reached = { stretch: !stretch && band !== 'hard', comfortable: !comfortable && band === 'comfortable' };
    stretch ||= reached.stretch;
    comfortable ||= reached.comfortable;
    return reached;
  });
}

/**
 * The text's figures with the levels set since the list came: a listed word given level 1–4 counts as familiar
 * (4: known) and no longer as new. Words not listed keep the answer's figures.
 */
export function coverageNow({ coverage, words }: TextNewWords, levels: WordLevels): Coverage {
  const counts = {
    wordTokens: coverage.wordTokens,
    knownTokens: coverage.knownTokens,
    familiarTokens: coverage.familiarTokens,
    newWords: coverage.newWords,
  };
  for (const { lowercase, occurrences } of words) {
    const level = levels.get(lowercase) ?? 0;
    if (level >= 1) {
      counts.familiarTokens += occurrences;
      counts.newWords--;
    }
    if (level === 4) counts.knownTokens += occurrences;
  }
  return coverageOf(counts);
}
