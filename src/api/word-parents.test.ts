import { describe, expect, it } from 'vitest';
import type { ScopedWord } from '@/contract/entities';
import { withParentLink } from './word-parents';
import { withWordLevel } from './words';

const went: ScopedWord = { lowercase: 'went', level: 2, language: 'en' };
const go: ScopedWord = { lowercase: 'go', level: 3, language: 'en', meaning: 'to move' };

describe('withParentLink', () => {
  it("links a word to a saved parent, showing the parent's meaning", () => {
    const words = withParentLink([went, go], { ...went, parent: { lowercase: 'go', level: 3, language: 'en' } });
    expect(words).toEqual([{ ...went, parent: 'go', parentMeaning: 'to move' }, go]);
  });

  it('adds a parent saved by the link at its level', () => {
    const words = withParentLink([went], { ...went, parent: { lowercase: 'go', level: 1, language: 'en' } });
    expect(words).toEqual([
      { ...went, parent: 'go', parentMeaning: undefined },
      { lowercase: 'go', level: 1, language: 'en' },
    ]);
  });

  it("keeps the word's own meaning over the parent's", () => {
    const own = { ...went, meaning: 'moved' };
    const words = withParentLink([own, go], { ...went, parent: { lowercase: 'go', level: 3, language: 'en' } });
    expect(words[0]).toMatchObject({ meaning: 'moved', parent: 'go', parentMeaning: undefined });
  });

  it('unlinks a word', () => {
    const linked = { ...went, parent: 'go', parentMeaning: 'to move' };
    const words = withParentLink([linked, go], { ...went, parent: null });
    expect(words[0]).toMatchObject({ parent: undefined, parentMeaning: undefined });
  });

  it('keeps the link when the word is given a level', () => {
    const linked = { ...went, parent: 'go', parentMeaning: 'to move' };
    expect(withWordLevel([linked], { ...went, level: 4 })).toEqual([{ ...linked, level: 4 }]);
  });
});
