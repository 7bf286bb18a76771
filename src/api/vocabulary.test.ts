import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Progress } from '@/contract/endpoints/progress';
import type { VocabularyPage, VocabularyWord } from '@/contract/endpoints/vocabulary';
import type { UserWord } from '@/contract/entities';
import { progressRoot, withLevelMoves } from './cache-resets';
import { bulkCalls, normalFilters, vocabularyQueries, withoutListed } from './vocabulary';
import {
  levelsOf,
  listedLevelMoves,
  setEverywhere,
  type VocabularyPages,
  withListedLevels,
  withWordLevel,
  wordQueries,
} from './words';

const then = '2026-01-02T10:00:00.000Z';
const now = '2026-03-04T12:00:00.000Z';

const word = (lowercase: string, level: number): VocabularyWord => ({
  lowercase,
  level,
  meaning: null,
  meaningIsOwn: false,
  note: null,
  sentence: null,
  updatedAt: then,
  occurrences: 1,
});

const page = (words: VocabularyWord[], total = 3): VocabularyPage => ({ words, next: null, total });

const progress = (levels: Progress['levels']): Progress => ({
  days: Array.from({ length: 30 }, (_, day) => ({
    day: `2026-03-${String(day + 1).padStart(2, '0')}`,
    wordsSaved: 0,
    wordsKnown: 0,
    pagesRead: 0,
  })),
  levels,
});

const pages = (...list: VocabularyPage[]): VocabularyPages => ({
  pages: list,
  pageParams: list.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});

const de = (lowercase: string, level: number): UserWord => ({ lowercase, level, language: 'de' });

describe('withListedLevels', () => {
  const listed = pages(page([word('haus', 1), word('maus', 2)]), page([word('katze', 1)]));

  it("shows a word's new level and when it changed", () => {
    const next = withListedLevels(listed, levelsOf([de('maus', 4)], 'de'), now);
    expect(next.pages[0]?.words[1]).toEqual({ ...word('maus', 4), updatedAt: now });
  });

  it('leaves the pages as they were when no listed word changed', () => {
    expect(withListedLevels(listed, levelsOf([de('haus', 1), de('fenster', 3)], 'de'), now)).toBe(listed);
  });

  it('leaves a page without changed words as it was', () => {
    const next = withListedLevels(listed, levelsOf([de('haus', 0)], 'de'), now);
    expect(next.pages[1]).toBe(listed.pages[1]);
  });
});

describe('listedLevelMoves', () => {
  it('moves each changed word once, however many cached lists show it', () => {
    const recent = pages(page([word('haus', 1), word('maus', 2)]));
    const az = pages(page([word('maus', 2), word('katze', 3)]));
    expect(listedLevelMoves([recent, az], levelsOf([de('maus', 4), de('katze', 3)], 'de'))).toEqual([[2, 4]]);
  });
});

describe('withLevelMoves', () => {
  it('moves the counts per level, a removed word off its level and a restored one back', () => {
    const counts = progress([0, 2, 1, 0, 0]);
    expect(withLevelMoves(counts, [[1, 4]]).levels).toEqual([0, 1, 1, 0, 1]);
    expect(withLevelMoves(counts, [[2, -1]]).levels).toEqual([0, 2, 0, 0, 0]);
    expect(withLevelMoves(counts, [[-1, 3]]).levels).toEqual([0, 2, 1, 1, 0]);
    expect(withLevelMoves(counts, [])).toBe(counts);
  });
});

describe('withoutListed', () => {
  const listed = pages(page([word('haus', 1), word('maus', 2)]), page([word('katze', 3)]));

  it('takes the words off the list and its total', () => {
    const next = withoutListed(listed, ['maus', 'katze']);
    expect(next.pages.flatMap((p) => p.words.map((w) => w.lowercase))).toEqual(['haus']);
    expect(next.pages.map((p) => p.total)).toEqual([1, 1]);
  });

  it('leaves the list as it was when it lists none of them', () => {
    expect(withoutListed(listed, ['fenster'])).toBe(listed);
  });
});

describe('bulkCalls', () => {
  it('sends a long selection in calls of at most the limit, in order', () => {
    expect(bulkCalls(['a', 'b', 'c', 'd', 'e'], 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(bulkCalls([], 2)).toEqual([]);
  });
});

describe('normalFilters', () => {
  it('makes one list of filters written differently', () => {
    expect(normalFilters({ levels: [3, 1, 3], q: ' café ', sort: 'az' })).toEqual({
      levels: [1, 3],
      q: 'café',
      sort: 'az',
      family: false,
      phrases: false,
    });
    expect(normalFilters({ levels: [4, 3, 2, 1, 0], q: '', sort: 'recent' }).levels).toEqual([]);
    expect(normalFilters({ levels: [], q: '', sort: 'recent', family: true }).family).toBe(true);
    expect(normalFilters({ levels: [], q: '', sort: 'recent', phrases: true }).phrases).toBe(true);
  });
});

describe('a level saved anywhere', () => {
  it("shows in the vocabulary list's cached pages and its counts per level, as in every cached text", () => {
    const queryClient = new QueryClient();
    const list = vocabularyQueries.list({ language: 'de', homeLang: 'en', levels: [], q: '', sort: 'recent' });
    queryClient.setQueryData(list.queryKey, pages(page([word('haus', 1)], 1)));
    queryClient.setQueryData([progressRoot, 'de'], progress([0, 1, 0, 0, 0]));
    queryClient.setQueryData(wordQueries.scope({ language: 'de', vocabulary: true }).queryKey, [de('haus', 1)]);
    const reader = wordQueries.scope({ language: 'de', contentId: 9, pageId: 0 }).queryKey;
    queryClient.setQueryData(reader, [de('haus', 1)]);

    setEverywhere(queryClient, 'de', (words) => withWordLevel(words, de('haus', 3)));

    expect(queryClient.getQueryData(reader)).toEqual([de('haus', 3)]);
    const shown = queryClient.getQueryData(list.queryKey);
    expect(shown?.pages[0]?.words[0]?.level).toBe(3);
    expect(queryClient.getQueryData<Progress>([progressRoot, 'de'])?.levels).toEqual([0, 0, 0, 1, 0]);
  });
});
