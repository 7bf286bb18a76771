import { describe, expect, it } from 'vitest';
import { withNotificationRead } from './notifications';
import { arrangeProducts } from './payments';
import { withTranslation } from './translations';
import { nextPageNumber } from './user-pages';
import { shiftSections } from './videos';
import { withWordLevel } from './words';

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
