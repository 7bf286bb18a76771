import { describe, expect, it } from 'vitest';
import { withNotificationRead } from './notifications';
import { arrangeProducts } from './payments';
import { withTranslation } from './translations';
import { nextPageNumber } from './user-pages';
import { shiftSections } from './videos';
import { findWord, levelsOf, restOfPage, withoutWord, withRestUnmarked, withWordLevel, withWordLevels } from './words';

describe('withWordLevel', () => {
  const saved = [{ lowercase: 'haus', level: 1, language: 'de' as const }];

  it('changes the level of a saved word in place', () => {
    expect(withWordLevel(saved, { lowercase: 'haus', level: 3, language: 'de' })).toEqual([
      { lowercase: 'haus', level: 3, language: 'de' },
    ]);
  });

  it('adds a word not saved before', () => {
    expect(withWordLevel(saved, { lowercase: 'maus', level: 0, language: 'de' })).toHaveLength(2);
  });

  it('keeps the same spelling in another language apart', () => {
    expect(withWordLevel(saved, { lowercase: 'haus', level: 2, language: 'en' })).toHaveLength(2);
  });

  it('starts a list when none is cached', () => {
    expect(withWordLevel(undefined, { lowercase: 'a', level: 4, language: 'en' })).toEqual([
      { lowercase: 'a', level: 4, language: 'en' },
    ]);
  });

  it('leaves the list it was given as it was', () => {
    const before = [...saved];
    withWordLevel(saved, { lowercase: 'haus', level: 4, language: 'de' });
    withWordLevel(saved, { lowercase: 'maus', level: 2, language: 'de' });
    expect(saved).toEqual(before);
  });

  it('finds a word saved by a chain of updates, and a word set twice only once', () => {
    let words = withWordLevel(saved, { lowercase: 'maus', level: 1, language: 'de' });
    words = withWordLevel(words, { lowercase: 'maus', level: 3, language: 'de' });
    words = withWordLevel(words, { lowercase: 'haus', level: 2, language: 'de' });
    expect(words).toEqual([
      { lowercase: 'haus', level: 2, language: 'de' },
      { lowercase: 'maus', level: 3, language: 'de' },
    ]);
    expect(findWord(words, { lowercase: 'maus', language: 'de' })?.level).toBe(3);
  });

  it('starts again from an older list as it was', () => {
    const later = withWordLevel(saved, { lowercase: 'maus', level: 1, language: 'de' });
    withWordLevel(later, { lowercase: 'baum', level: 1, language: 'de' });
    expect(withWordLevel(saved, { lowercase: 'baum', level: 2, language: 'de' })).toEqual([
      ...saved,
      { lowercase: 'baum', level: 2, language: 'de' },
    ]);
  });
});

describe('withWordLevels', () => {
  it('sets several levels in one copy, adding the new words and changing the saved ones', () => {
    const saved = [{ lowercase: 'haus', level: 1, language: 'de' as const }];
    const words = withWordLevels(saved, [
      { lowercase: 'haus', level: 4, language: 'de' },
      { lowercase: 'maus', level: 4, language: 'de' },
    ]);
    expect(words).toEqual([
      { lowercase: 'haus', level: 4, language: 'de' },
      { lowercase: 'maus', level: 4, language: 'de' },
    ]);
    expect(findWord(words, { lowercase: 'maus', language: 'de' })?.level).toBe(4);
  });

  it('makes levels that name the words changed since the levels of the lists they were made from', () => {
    const saved = [{ lowercase: 'haus', level: 1, language: 'de' as const }];
    const once = withWordLevels(saved, [{ lowercase: 'maus', level: 2, language: 'de' }]);
    const twice = withWordLevels(once, [{ lowercase: 'haus', level: 3, language: 'de' }]);
    expect(levelsOf(twice, 'de').changedSince(levelsOf(saved, 'de'))).toEqual(['haus', 'maus']);
    expect(levelsOf(twice, 'de').changedSince(levelsOf(twice, 'de'))).toEqual([]);
  });

  it('makes levels that cannot name what changed since levels of a list they were not made from', () => {
    const saved = [{ lowercase: 'haus', level: 1, language: 'de' as const }];
    const other = [{ lowercase: 'haus', level: 1, language: 'de' as const }];
    const next = withWordLevels(saved, [{ lowercase: 'maus', level: 2, language: 'de' }]);
    expect(levelsOf(next, 'de').changedSince(levelsOf(other, 'de'))).toBeUndefined();
    expect(levelsOf(saved, 'de').changedSince(levelsOf(next, 'de'))).toBeUndefined();
    expect(levelsOf(next, 'de').changedSince(levelsOf(next, 'en'))).toBeUndefined();
  });
});

describe('the rest of a page', () => {
  const token = (id: number, display: string, isWord = true) => ({
    id,
    display,
    lowercase: display.toLowerCase(),
    isWord,
  });
  const sections = [
    { tokens: [token(0, 'Der'), token(1, ' ', false), token(2, 'Hund'), token(3, '.', false)] },
    { tokens: [token(4, 'der'), token(5, ' ', false), token(6, 'Ball'), token(7, ' ', false), token(8, 'rollt')] },
  ];
  const saved = [
    { lowercase: 'hund', level: 0, language: 'de' as const },
    { lowercase: 'ball', level: 2, language: 'de' as const },
  ];

  it('is its unsaved and level-0 words, each once, at level 4, with what they were', () => {
    expect(restOfPage(sections, saved, 'de')).toEqual([
      { word: { lowercase: 'der', level: 4, language: 'de' }, before: undefined },
      { word: { lowercase: 'hund', level: 4, language: 'de' }, before: saved[0] },
      { word: { lowercase: 'rollt', level: 4, language: 'de' }, before: undefined },
    ]);
  });

  it('is put back as it was, except a word whose level changed again meanwhile', () => {
    const rest = restOfPage(sections, saved, 'de');
    const marked = withWordLevels(
      saved,
      rest.map(({ word }) => word),
    );
    const changedAgain = withWordLevel(marked, { lowercase: 'rollt', level: 2, language: 'de' });
    expect(withRestUnmarked(changedAgain, rest)).toEqual([...saved, { lowercase: 'rollt', level: 2, language: 'de' }]);
  });
});

describe('levelsOf', () => {
  const saved = [
    { lowercase: 'haus', level: 1, language: 'de' as const },
    { lowercase: 'house', level: 3, language: 'en' as const },
  ];

  it("reads one language's levels by lowercase form", () => {
    const levels = levelsOf(saved, 'de');
    expect([levels.get('haus'), levels.get('house')]).toEqual([1, undefined]);
  });

  it('keeps showing the levels of the list it was made from after later updates', () => {
    const levels = levelsOf(saved, 'de');
    const next = withWordLevel(saved, { lowercase: 'maus', level: 4, language: 'de' });
    withWordLevel(next, { lowercase: 'haus', level: 2, language: 'de' });
    expect([levels.get('haus'), levels.get('maus')]).toEqual([1, undefined]);
    expect(levelsOf(next, 'de').get('maus')).toBe(4);
  });

  it('forgets a word rolled back out of the list', () => {
    const added = withWordLevel(saved, { lowercase: 'maus', level: 4, language: 'de' });
    const rolledBack = withoutWord(added, { lowercase: 'maus', language: 'de' });
    const readded = withWordLevel(rolledBack, { lowercase: 'baum', level: 2, language: 'de' });
    expect([levelsOf(readded, 'de').get('maus'), levelsOf(readded, 'de').get('baum')]).toEqual([undefined, 2]);
  });
});

describe('nextPageNumber', () => {
  const pages = [
    { contentId: 7, pageId: 0, language: 'en' as const },
    { contentId: 7, pageId: 2, language: 'en' as const },
    { contentId: 9, pageId: 5, language: 'en' as const },
  ];

  it('opens one past the highest page read in this content', () => {
    expect(nextPageNumber(pages, 7)).toBe(3);
  });

  it('opens the first page of a content never read', () => {
    expect(nextPageNumber(pages, 8)).toBe(0);
  });

  it('stays on the last page when every page was read', () => {
    expect(nextPageNumber(pages, 7, 3)).toBe(2);
  });
});

describe('withTranslation', () => {
  it('replaces an older translation of the same token', () => {
    expect(withTranslation([{ tokenId: 1, translatesTo: 'old' }], { tokenId: 1, translatesTo: 'new' })).toEqual([
      { tokenId: 1, translatesTo: 'new' },
    ]);
  });
});

describe('withNotificationRead', () => {
  it('marks only the clicked notification read', () => {
    const list = [
      { id: 1, message: 'a', createdAt: '2026-01-01T00:00:00Z', isRead: false },
      { id: 2, message: 'b', createdAt: '2026-01-01T00:00:00Z', isRead: false },
    ];
    expect(withNotificationRead(list, 2).map((n) => n.isRead)).toEqual([false, true]);
  });
});

describe('arrangeProducts', () => {
  it('lists Pro first, hides myproduct, adds a free price and sorts prices ascending', () => {
    const arranged = arrangeProducts([
      { id: 'd', name: 'Diamonds', prices: [{ id: 'p2', amount: 999, currency: 'usd', recurring: false }] },
      { id: 'm', name: 'myproduct', prices: [] },
      {
        id: 'p',
        name: 'Pro',
        prices: [
          { id: 'y', amount: 9999, currency: 'usd', recurring: true },
          { id: 'm', amount: 999, currency: 'usd', recurring: true },
        ],
      },
    ]);
    expect(arranged.map((p) => p.name)).toEqual(['Pro', 'Diamonds']);
    expect(arranged[0]?.prices.map((p) => p.amount)).toEqual([0, 999, 9999]);
  });
});

describe('shiftSections', () => {
  it('moves offsets 0.3 s earlier on the first load and 0.5 s on later ones, never below 0', () => {
    const sections = [
      { tokens: [], offset: 0.2 },
      { tokens: [], offset: 4 },
    ];
    expect(shiftSections(sections, true).map((s) => s.offset)).toEqual([0, 3.7]);
    expect(shiftSections(sections, false).map((s) => s.offset)).toEqual([0, 3.5]);
  });
});
