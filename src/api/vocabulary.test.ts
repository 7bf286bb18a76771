import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UserWord, VocabularyPage, VocabularyWord } from '@/contract/entities';
import { bulkCalls, normalFilters, vocabularyQueries, withoutListed } from './vocabulary';
import { levelsOf, setEverywhere, type VocabularyPages, withListedLevels, withWordLevel, wordQueries } from './words';

const then = '2026-01-02T10:00:00.000Z';
const now = '2026-03-04T12:00:00.000Z';

const word = (lowercase: string, level: number): VocabularyWord => ({
  lowercase,
  level,
  meaning: null,
  meaningIsOwn: false,
  note: null,
  updatedAt: then,
  occurrences: 1,
});

const page = (words: VocabularyWord[], levels: VocabularyPage['levels'], total = 3): VocabularyPage => ({
  words,
  next: null,
  total,
  levels,
});

const pages = (...list: VocabularyPage[]): VocabularyPages => ({
  pages: list,
  pageParams: list.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});

const de = (lowercase: string, level: number): UserWord => ({ lowercase, level, language: 'de' });

describe('withListedLevels', () => {
  const listed = pages(
    page([word('haus', 1), word('maus', 2)], [0, 1, 1, 0, 0]),
    page([word('katze', 1)], [0, 1, 1, 0, 0]),
  );

  it("shows a word's new level, when it changed and under which level every page counts it", () => {
    const next = withListedLevels(listed, levelsOf([de('maus', 4)], 'de'), now);
    expect(next.pages[0]?.words[1]).toEqual({ ...word('maus', 4), updatedAt: now });
    expect(next.pages.map((p) => p.levels)).toEqual([
      [0, 1, 0, 0, 1],
      [0, 1, 0, 0, 1],
    ]);
  });

  it('leaves the pages as they were when no listed word changed', () => {
    expect(withListedLevels(listed, levelsOf([de('haus', 1), de('fenster', 3)], 'de'), now)).toBe(listed);
  });

  it('leaves a page without changed words as it was, but for its counts', () => {
    const next = withListedLevels(listed, levelsOf([de('haus', 0)], 'de'), now);
    expect(next.pages[1]?.words).toBe(listed.pages[1]?.words);
    expect(next.pages[1]?.levels).toEqual([1, 0, 1, 0, 0]);
  });
});

describe('withoutListed', () => {
  const listed = pages(
    page([word('haus', 1), word('maus', 2)], [0, 1, 1, 1, 0]),
    page([word('katze', 3)], [0, 1, 1, 1, 0]),
  );

  it('takes the words off the list, its total and the counts of their levels', () => {
    const next = withoutListed(listed, ['maus', 'katze']);
    expect(next.pages.flatMap((p) => p.words.map((w) => w.lowercase))).toEqual(['haus']);
    expect(next.pages.map((p) => [p.total, p.levels])).toEqual([
      [1, [0, 1, 0, 0, 0]],
      [1, [0, 1, 0, 0, 0]],
    ]);
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
    });
    expect(normalFilters({ levels: [4, 3, 2, 1, 0], q: '', sort: 'recent' }).levels).toEqual([]);
  });
});

describe('a level saved anywhere', () => {
  it("shows in the vocabulary list's cached pages, as in every cached text of the language", () => {
    const queryClient = new QueryClient();
    const list = vocabularyQueries.list({ language: 'de', homeLang: 'en', levels: [], q: '', sort: 'recent' });
    queryClient.setQueryData(list.queryKey, pages(page([word('haus', 1)], [0, 1, 0, 0, 0], 1)));
    queryClient.setQueryData(wordQueries.scope({ language: 'de', vocabulary: true }).queryKey, [de('haus', 1)]);
    const reader = wordQueries.scope({ language: 'de', contentId: 9, pageId: 0 }).queryKey;
    queryClient.setQueryData(reader, [de('haus', 1)]);

    setEverywhere(queryClient, 'de', (words) => withWordLevel(words, de('haus', 3)));

    expect(queryClient.getQueryData(reader)).toEqual([de('haus', 3)]);
    const shown = queryClient.getQueryData(list.queryKey);
    expect(shown?.pages[0]?.words[0]?.level).toBe(3);
    expect(shown?.pages[0]?.levels).toEqual([0, 0, 0, 1, 0]);
  });
});
