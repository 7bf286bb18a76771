import { endsSentence, phraseWords } from './phrases.ts';

/**
 * How much of a text a learner knows, worked out one way for the server, the mocks and the SPA. Counts are over word
 * tokens (a word that occurs ten times counts ten times); a word is its lowercase form, so "Casa" and "casa" are one.
 * Known: level 4. Familiar: levels 1–4. New: unsaved or level 0, counted once per distinct word. A word inside a saved
 * phrase is as known or familiar as the phrase is, when its own level says less (`phraseGains`).
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

/**
 * A text's pairs of words in a row ("give up"), each with its occurrences: a word and the next word of the same
 * paragraph, unless a token between them ends a sentence (where a phrase never reaches across). What the server
 * stores per text beside its vocabulary (`refresh_content_words`).
 */
export function pairsOf(
  sections: readonly { tokens: readonly (WordToken & { display: string })[] }[],
): Map<string, number> {
  const pairs = new Map<string, number>();
  for (const { tokens } of sections) {
    let previous: string | undefined;
    for (const token of tokens) {
      if (!token.isWord) {
        if (endsSentence.test(token.display)) previous = undefined;
        continue;
      }
      if (previous !== undefined) {
        const pair = `${previous} ${token.lowercase}`;
        pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
      }
      previous = token.lowercase;
    }
  }
  return pairs;
}

/**
 * Each word as a text writes it where its case is its own ("Hund", "Anna", "I"): of its occurrences that do not open a
 * sentence (a paragraph's first word, or the first after a token that ends one), the most frequent form, a tie going
 * to the first in code-point order; words whose form is the lowercase one, or that only open sentences, are left out
 * (they are shown as stored). What the server stores per text beside its vocabulary (`refresh_content_words`).
 */
export function writtenFormsOf(
  sections: readonly { tokens: readonly (WordToken & { display: string })[] }[],
): Map<string, string> {
  const forms = new Map<string, Map<string, number>>();
  for (const { tokens } of sections) {
    let opensSentence = true;
    for (const token of tokens) {
      if (!token.isWord) {
        if (endsSentence.test(token.display)) opensSentence = true;
        continue;
      }
      if (!opensSentence) {
        const counted = forms.get(token.lowercase) ?? new Map<string, number>();
        forms.set(token.lowercase, counted.set(token.display, (counted.get(token.display) ?? 0) + 1));
      }
      opensSentence = false;
    }
  }
  const written = new Map<string, string>();
  for (const [lowercase, counted] of forms) {
    let best: [string, number] | undefined;
    for (const [display, times] of counted) {
      if (!best || times > best[1] || (times === best[1] && display < best[0])) best = [display, times];
    }
    if (best && best[0] !== lowercase) written.set(lowercase, best[0]);
  }
  return written;
}

/**
 * How often a saved phrase occurs in a text, read from the text's pairs: the fewest occurrences of its consecutive
 * pairs. Exact for a phrase of two words; for a longer one, it counts a place where its pairs occur apart as well
 * (docs/decisions/0042).
 */
export function phraseOccurrences(phrase: string, pairs: ReadonlyMap<string, number>): number {
  const words = phraseWords(phrase);
  let fewest = Number.POSITIVE_INFINITY;
  for (let at = 0; at + 1 < words.length; at++)
    fewest = Math.min(fewest, pairs.get(`${words[at]} ${words[at + 1]}`) ?? 0);
  return Number.isFinite(fewest) ? fewest : 0;
}

/**
 * What the learner's saved phrases add to a text's counts: each word of an occurrence of a phrase at level 4 is a
 * known token when the word's own level is not 4, and each word of a phrase at levels 1–4 a familiar one when the
 * word's own level is 0 or none. The new words are the words' own. Tokens inside two saved phrases count for both;
 * the sums never pass the text's word tokens.
 */
export function phraseGains(
  counts: CoverageCounts,
  phrases: Iterable<{ lowercase: string; level: number; occurrences: number }>,
  levelOf: (lowercase: string) => number | undefined,
): CoverageCounts {
  let { knownTokens, familiarTokens } = counts;
  for (const { lowercase, level, occurrences } of phrases) {
    if (level < 1 || occurrences <= 0) continue;
    for (const word of phraseWords(lowercase)) {
      const own = levelOf(word) ?? 0;
      if (level === 4 && own !== 4) knownTokens += occurrences;
      if (own < 1) familiarTokens += occurrences;
    }
  }
  return {
    ...counts,
    knownTokens: Math.min(knownTokens, counts.wordTokens),
    familiarTokens: Math.min(familiarTokens, counts.wordTokens),
  };
}

export type RankedNewWord = {
  lowercase: string;
  /** The word as the text writes it, when its case is its own (`writtenFormsOf`). */
  written?: string;
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
 * word above it were learnt: where 95 % and 98 % are reached. A new word inside a saved phrase the learner is learning
 * counts again here, so the share is at most the whole text.
 */
export function newWordsCoverage(counts: CoverageCounts, ranked: readonly RankedNewWord[]): NewWord[] {
  let familiar = counts.familiarTokens;
  return ranked.map((word) => {
    // A new word's tokens inside a saved phrase are already familiar: the sum stops at the text's tokens.
    familiar = Math.min(familiar + word.occurrences, counts.wordTokens);
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
