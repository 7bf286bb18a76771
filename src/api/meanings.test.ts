import { describe, expect, it } from 'vitest';
import type { VocabularyWord } from '@/contract/endpoints/vocabulary';
import { levelsOfNewWords } from './coverage';
import {
  levelsOf,
  listedMeaningAfter,
  listedWord,
  type MeaningEdit,
  type VocabularyPages,
  withListedMeaning,
  withMeaningUndone,
  withOwnMeaning,
  withWordLevel,
} from './words';

const haus = { lowercase: 'haus', level: 3, language: 'de' } as const;
const maus = { lowercase: 'maus', level: 1, language: 'de' } as const;

describe('withOwnMeaning', () => {
  it("sets a saved word's meaning and note and keeps its level", () => {
    expect(withOwnMeaning([haus], { ...haus, level: 1 }, { meaning: 'house', note: 'big' })).toEqual([
      { ...haus, meaning: 'house', note: 'big' },
    ]);
  });

  it('adds an unsaved word at the level given', () => {
    expect(withOwnMeaning([haus], maus, { meaning: null, note: 'small' })).toEqual([
      haus,
      { ...maus, meaning: undefined, note: 'small' },
    ]);
  });

  it('clears them with nulls', () => {
    const written = withOwnMeaning([haus], haus, { meaning: 'house', note: 'big' });
    expect(levelsOf(withOwnMeaning(written, haus, { meaning: null, note: null }), 'de').own('haus')).toEqual({
      meaning: null,
      note: null,
    });
  });
});

describe('a level written over a word with its own meaning', () => {
  it('keeps the meaning and note', () => {
    const written = withOwnMeaning([haus], haus, { meaning: 'house', note: 'big' });
    const levelled = withWordLevel(written, { ...haus, level: 4 });
    expect(levelled).toEqual([{ ...haus, level: 4, meaning: 'house', note: 'big' }]);
    expect(levelsOf(levelled, 'de').own('haus')).toEqual({ meaning: 'house', note: 'big' });
  });
});

describe('withMeaningUndone', () => {
  const edit = { lowercase: 'maus', language: 'de' } as const;

  it('puts back the meaning and note a saved word had', () => {
    const before = { ...haus, meaning: 'house' };
    const edited = withOwnMeaning([before], haus, { meaning: 'home', note: 'mine' });
    expect(withMeaningUndone(edited, haus, before)).toEqual([{ ...haus, meaning: 'house', note: undefined }]);
  });

  it('unsaves a word the edit saved', () => {
    const edited = withOwnMeaning([haus], maus, { meaning: 'mouse', note: null });
    expect(withMeaningUndone(edited, edit, undefined)).toEqual([haus]);
  });

  it('keeps a word whose level was changed meanwhile, without the refused meaning', () => {
    const edited = withOwnMeaning([haus], maus, { meaning: 'mouse', note: null });
    const levelled = withWordLevel(edited, { ...maus, level: 3 });
    expect(withMeaningUndone(levelled, edit, undefined)).toEqual([
      haus,
      { ...maus, level: 3, meaning: undefined, note: undefined },
    ]);
  });
});

describe("the vocabulary list's rows", () => {
  const row = (word: Partial<VocabularyWord>): VocabularyWord => ({
    lowercase: 'haus',
    level: 3,
    meaning: 'house',
    meaningIsOwn: false,
    note: null,
    sentence: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    occurrences: 2,
    ...word,
  });
  const edit = (own: Pick<MeaningEdit, 'meaning' | 'note'>, dictionary?: string): MeaningEdit => ({
    language: 'de',
    lowercase: 'haus',
    dictionary,
    ...own,
  });
  const now = '2026-02-02T00:00:00.000Z';

  it("show a learner's meaning as theirs, with the note, changed now", () => {
    expect(listedMeaningAfter(row({}), edit({ meaning: 'home', note: 'mine' }), now)).toEqual({
      meaning: 'home',
      meaningIsOwn: true,
      note: 'mine',
      updatedAt: now,
    });
  });

  it("show the dictionary's meaning again once the own one is cleared", () => {
    expect(listedMeaningAfter(row({}), edit({ meaning: null, note: null }), now)).toMatchObject({
      meaning: 'house',
      meaningIsOwn: false,
    });
    const own = row({ meaning: 'home', meaningIsOwn: true });
    expect(listedMeaningAfter(own, edit({ meaning: null, note: null }, 'Haus'), now)).toMatchObject({
      meaning: 'Haus',
      meaningIsOwn: false,
    });
    expect(listedMeaningAfter(own, edit({ meaning: null, note: null }), now).meaning).toBeNull();
  });

  it("change that word's row only, and leave pages without it as they were", () => {
    const pages: VocabularyPages = {
      pageParams: [null, 'next'],
      pages: [
        { words: [row({ lowercase: 'maus' })], next: 'next', total: 2 },
        { words: [row({})], next: null, total: 2 },
      ],
    };
    const change = { meaning: 'home', meaningIsOwn: true, note: null, updatedAt: now };
    const changed = withListedMeaning(pages, 'haus', change);
    expect(changed.pages[0]).toBe(pages.pages[0]);
    expect(changed.pages[1]?.words[0]).toMatchObject(change);
    expect(withListedMeaning(pages, 'katze', change)).toBe(pages);
  });

  it('carry a learner meaning into the text engine, never the dictionary meaning', () => {
    expect(listedWord(row({ meaning: 'home', meaningIsOwn: true, note: 'mine' }), 'de')).toEqual({
      ...haus,
      meaning: 'home',
      note: 'mine',
    });
    expect(listedWord(row({}), 'de')).toEqual({ ...haus, meaning: undefined, note: undefined });
  });
});

describe('levelsOfNewWords', () => {
  it("carries a level-0 word's own meaning and note", () => {
    const coverage = {
      wordTokens: 3,
      knownTokens: 0,
      familiarTokens: 0,
      newWords: 2,
      knownPercent: 0,
      familiarPercent: 0,
      band: 'hard' as const,
    };
    const words = [
      {
        lowercase: 'haus',
        occurrences: 2,
        level: 0 as const,
        meaning: 'home',
        familiarPercent: 50,
        band: 'hard' as const,
      },
      { lowercase: 'maus', occurrences: 1, level: null, familiarPercent: 100, band: 'comfortable' as const },
    ];
    expect(levelsOfNewWords({ coverage, words }, 'de')).toEqual([
      { lowercase: 'haus', level: 0, language: 'de', meaning: 'home' },
    ]);
  });
});
