import { describe, expect, it } from 'vitest';
import { createRowStore, rowSections } from './vocabulary-rows';

const rows = (...words: string[]) => words.map((lowercase) => ({ lowercase, sentence: null }));

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
});
