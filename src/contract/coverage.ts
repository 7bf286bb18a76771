/**
 * How much of a text a learner knows, worked out one way for the server, the mocks and the SPA. Counts are over word
 * tokens (a word that occurs ten times counts ten times); a word is its lowercase form, so "Casa" and "casa" are one.
 * Known: level 4. Familiar: levels 1–4. New: unsaved or level 0, counted once per distinct word.
 */
export const coverageBands = ['comfortable', 'stretch', 'hard'] as const;
export type CoverageBand = (typeof coverageBands)[number];

/** The familiar share, in percent, from which a text is comfortable, or a stretch; below it, hard. */
export const bandFloors = { comfortable: 98, stretch: 95 } as const;

export type CoverageCounts = {
  wordTokens: number;
  knownTokens: number;
  familiarTokens: number;
  newWords: number;
};

export type Coverage = CoverageCounts & {
  knownPercent: number | null;
  familiarPercent: number | null;
  band: CoverageBand | null;
};

/** A share of a text's word tokens in percent, rounded down to a tenth (never 100 while a token is missing); null for a text without words. */
export function percentOf(tokens: number, wordTokens: number): number | null {
  return wordTokens > 0 ? Math.floor((tokens * 1000) / wordTokens) / 10 : null;
}

/** The band of a familiar share, compared exactly (not after rounding); null for a text without words. */
export function bandOf(familiarTokens: number, wordTokens: number): CoverageBand | null {
  if (wordTokens <= 0) return null;
  if (familiarTokens * 100 >= bandFloors.comfortable * wordTokens) return 'comfortable';
  return familiarTokens * 100 >= bandFloors.stretch * wordTokens ? 'stretch' : 'hard';
}

export function coverageOf(counts: CoverageCounts): Coverage {
  return {
    ...counts,
    knownPercent: percentOf(counts.knownTokens, counts.wordTokens),
    familiarPercent: percentOf(counts.familiarTokens, counts.wordTokens),
    band: bandOf(counts.familiarTokens, counts.wordTokens),
  };
}

type WordToken = { lowercase: string; isWord: boolean };

/** A text's vocabulary: each distinct word and its occurrences (what the server stores per text). */
export function vocabularyOf(tokens: Iterable<WordToken>): Map<string, number> {
  const vocabulary = new Map<string, number>();
  for (const token of tokens) {
    if (token.isWord) vocabulary.set(token.lowercase, (vocabulary.get(token.lowercase) ?? 0) + 1);
  }
  return vocabulary;
}

/** A learner's counts for a vocabulary, given the level of each saved word (undefined: unsaved). */
export function countsOf(
  vocabulary: ReadonlyMap<string, number>,
  levelOf: (lowercase: string) => number | undefined,
): CoverageCounts {
  const counts = { wordTokens: 0, knownTokens: 0, familiarTokens: 0, newWords: 0 };
  for (const [lowercase, occurrences] of vocabulary) {
    const level = levelOf(lowercase) ?? 0;
    counts.wordTokens += occurrences;
    if (level === 4) counts.knownTokens += occurrences;
    if (level >= 1) counts.familiarTokens += occurrences;
    else counts.newWords++;
  }
  return counts;
}

export type RankedNewWord = {
  lowercase: string;
  occurrences: number;
  level: 0 | null;
  /** The learner's own meaning and note, when a word at level 0 has them. */
  meaning?: string;
  note?: string;
};
export type NewWord = RankedNewWord & { familiarPercent: number; band: CoverageBand };

/** The order of a "Learn these words" list: the most frequent first, then by code point (SQL's `collate "C"`). */
export function compareNewWords(a: RankedNewWord, b: RankedNewWord): number {
  if (a.occurrences !== b.occurrences) return b.occurrences - a.occurrences;
  return a.lowercase < b.lowercase ? -1 : a.lowercase > b.lowercase ? 1 : 0;
}

/**
 * A text's new words in list order, each with the familiar share and band the text would have once it and every
 * word above it were learnt: where 95 % and 98 % are reached.
 */
export function newWordsCoverage(counts: CoverageCounts, ranked: readonly RankedNewWord[]): NewWord[] {
  let familiar = counts.familiarTokens;
  return ranked.map((word) => {
    familiar += word.occurrences;
    return {
      ...word,
      familiarPercent: percentOf(familiar, counts.wordTokens) ?? 0,
      band: bandOf(familiar, counts.wordTokens) ?? 'hard',
    };
  });
}

/** The ids of a stats call's `ids` (comma-separated), each once, in the order asked. */
export function idsOf(list: string): string[] {
  return [...new Set(list.split(','))];
}
