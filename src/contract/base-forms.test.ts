import { describe, expect, it } from 'vitest';
import { parentSuggestions } from './base-forms';

const nothingSaved = () => false;

describe('parentSuggestions', () => {
  it('suggests the base forms of the rules, most likely first', () => {
    expect(parentSuggestions('keeps', 'en', nothingSaved)).toEqual(['keep']);
  });

  it('puts a candidate the learner has saved first', () => {
    expect(parentSuggestions('baked', 'en', (form) => form === 'bake')).toEqual(['bake', 'bak']);
  });

  it('suggests at most three', () => {
    expect(parentSuggestions('studied', 'en', nothingSaved, { max: 3 })).toHaveLength(3);
  });

  it('suggests nothing for an irregular form the rules do not know', () => {
    expect(parentSuggestions('went', 'en', nothingSaved)).toEqual([]);
  });

  it("suggests the dictionary's base form first, once, and a saved rule's candidate before an unsaved lemma", () => {
    expect(parentSuggestions('gegangen', 'de', nothingSaved, { lemma: 'gehen' })[0]).toBe('gehen');
    expect(parentSuggestions('keeps', 'en', nothingSaved, { lemma: 'keep' })).toEqual(['keep']);
    expect(parentSuggestions('baked', 'en', (form) => form === 'bake', { lemma: 'bak' })).toEqual(['bake', 'bak']);
    expect(parentSuggestions('went', 'en', nothingSaved, { lemma: 'went' })).toEqual([]);
  });

  it('suggests nothing for a phrase', () => {
    expect(parentSuggestions('gives up', 'en', nothingSaved)).toEqual([]);
  });

  it('suggests nothing in a language without rules', () => {
    expect(parentSuggestions('books', 'ko', nothingSaved)).toEqual([]);
  });
});
