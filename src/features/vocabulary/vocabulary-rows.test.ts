import { describe, expect, it } from 'vitest';
import { createRowStore, listedWords, rowSections } from './vocabulary-rows';

const rows = (...words: string[]) => words.map((lowercase) => ({ lowercase, sentence: null }));

describe('listedWords', () => {
  it('lists a word a later page brings again once, where it came first', () => {
    const pages = [{ words: rows('haus', 'maus') }, { words: rows('maus', 'katze') }];
    expect(listedWords(pages).map((word) => word.lowercase)).toEqual(['haus', 'maus', 'katze']);
  });
});

describe('rowSections', () => {
  it('makes each word a section of one word, its row its token id', () => {
    expect(rowSections(rows('haus', 'maus'), [])).toEqual([
      { tokens: [{ id: 0, display: 'haus', lowercase: 'haus', isWord: true }] },
      { tokens: [{ id: 1, display: 'maus', lowercase: 'maus', isWord: true }] },
    ]);
  });

  it('shows each word as the sentence it was saved in writes it', () => {
    const [hund, die] = rowSections(
      [
        { lowercase: 'hund', sentence: 'Ich sehe den Hund.' },
        { lowercase: 'die', sentence: 'Die Katze schläft.' },
      ],
      [],
    );
    expect(hund?.tokens[0]).toMatchObject({ display: 'Hund', lowercase: 'hund' });
    expect(die?.tokens[0]).toMatchObject({ display: 'die', lowercase: 'die' });
  });

  it('keeps the rows before a page appended, so only the new rows are indexed', () => {
    const before = rowSections(rows('haus', 'maus'), []);
    const after = rowSections(rows('haus', 'maus', 'katze'), before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after).toHaveLength(3);
  });

  it('returns the sections as they were when the rows list the same words (a level changed)', () => {
    const before = rowSections(rows('haus', 'maus'), []);
    expect(rowSections(rows('haus', 'maus'), before)).toBe(before);
  });

  it('renumbers the rows after a removed word', () => {
    const before = rowSections(rows('haus', 'maus', 'katze'), []);
    const after = rowSections(rows('haus', 'katze'), before);
    expect(after[0]).toBe(before[0]);
    expect(after[1]?.tokens[0]).toEqual({ id: 1, display: 'katze', lowercase: 'katze', isWord: true });
  });
});

describe('the rows store', () => {
  const word = (lowercase: string) => ({
    lowercase,
    level: 1,
    meaning: null,
    meaningIsOwn: false,
    note: null,
    sentence: null,
    updatedAt: '2026-01-02T10:00:00.000Z',
    occurrences: 1,
  });

  it('keeps only listed words selected', () => {
    const store = createRowStore();
    store.list([word('haus'), word('maus')]);
    store.select(['haus', 'maus']);
    store.list([word('maus')]);
    expect([...store.selected()]).toEqual(['maus']);
  });

  it('tells the rows once per list', () => {
    const store = createRowStore();
    let told = 0;
    store.subscribe(() => told++);
    const list = [word('haus')];
    store.list(list);
    store.shown(list);
    store.shown(list);
    expect(told).toBe(1);
  });

  it('tells a row when its word changes, and no other row', () => {
    const store = createRowStore();
    const haus = word('haus');
    const first = [haus, word('maus')];
    store.list(first);
    store.shown(first);
    const told: string[] = [];
    store.subscribeRow('haus', () => told.push('haus'));
    store.subscribeRow('maus', () => told.push('maus'));
    const changed = [haus, { ...word('maus'), level: 3 }];
    store.list(changed);
    store.shown(changed);
    expect(told).toEqual(['maus']);
    expect(store.word('maus')?.level).toBe(3);
  });

  it('tells no row listed before when a page is appended', () => {
    const store = createRowStore();
    const first = [word('haus'), word('maus')];
    store.list(first);
    store.shown(first);
    let told = 0;
    store.subscribeRow('haus', () => told++);
    store.subscribeRow('maus', () => told++);
    const appended = [...first, word('katze')];
    store.list(appended);
    store.shown(appended);
    expect(told).toBe(0);
    expect(store.word('katze')).toBeDefined();
  });

  it('forgets the words no longer listed', () => {
    const store = createRowStore();
    store.list([word('haus'), word('maus')]);
    store.list([word('maus'), word('katze')]);
    expect(store.word('haus')).toBeUndefined();
    expect(store.word('katze')).toBeDefined();
  });

  it('tells a ticked row and the selection, not the other rows', () => {
    const store = createRowStore();
    store.list([word('haus'), word('maus')]);
    const told: string[] = [];
    store.subscribeRow('haus', () => told.push('haus'));
    store.subscribeRow('maus', () => told.push('maus'));
    store.subscribe(() => told.push('selection'));
    store.toggle('maus', true);
    expect(told).toEqual(['maus', 'selection']);
  });
});
