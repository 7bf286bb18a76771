import { describe, expect, it } from 'vitest';
import {
  bandOf,
  countsOf,
  coverageOf,
  idsOf,
  newWordsCoverage,
  pairsOf,
  percentOf,
  phraseGains,
  phraseOccurrences,
  vocabularyOf,
  writtenFormsOf,
} from './coverage';
import type { Token } from './entities';

const word = (display: string) => ({ lowercase: display.toLowerCase(), isWord: true });
const mark = (display: string) => ({ lowercase: display, isWord: false });

/** The figures of some tokens for a learner whose saved words are `levels`. */
function figures(tokens: { lowercase: string; isWord: boolean }[], levels: Record<string, number>) {
  return coverageOf(countsOf(vocabularyOf(tokens), (lowercase) => levels[lowercase]));
}

describe('the known-word figures of a text', () => {
  it('weighs repeats: a word that occurs three times counts three times', () => {
    const tokens = ['gato', 'casa', 'casa', 'casa'].map(word);
    expect(figures(tokens, { casa: 4 })).toEqual({
      wordTokens: 4,
      knownTokens: 3,
      familiarTokens: 3,
      newWords: 1,
      knownPercent: 75,
      familiarPercent: 75,
      band: 'hard',
    });
  });

  it('takes "Casa" and "casa" as one word, and leaves punctuation out', () => {
    const tokens = [word('Casa'), mark(' '), word('casa'), mark('.')];
    expect(vocabularyOf(tokens)).toEqual(new Map([['casa', 2]]));
    expect(figures(tokens, {})).toMatchObject({ wordTokens: 2, newWords: 1 });
  });

  it('counts a word at level 0 as new, levels 1–3 as familiar and level 4 as known', () => {
    const tokens = ['uno', 'dos', 'tres', 'cuatro'].map(word);
    expect(figures(tokens, { uno: 0, dos: 1, tres: 3, cuatro: 4 })).toMatchObject({
      knownTokens: 1,
      familiarTokens: 3,
      newWords: 1,
      knownPercent: 25,
      familiarPercent: 75,
    });
  });

  it('gives an empty or punctuation-only text no figure, never NaN', () => {
    for (const tokens of [[], [mark('¡'), mark('…')]]) {
      expect(figures(tokens, {})).toEqual({
        wordTokens: 0,
        knownTokens: 0,
        familiarTokens: 0,
        newWords: 0,
        knownPercent: null,
        familiarPercent: null,
        band: null,
      });
    }
  });

  it('rounds a share down to a tenth, so a text is 100 % only when every token is', () => {
    expect(percentOf(1999, 2000)).toBe(99.9);
    expect(percentOf(2, 3)).toBe(66.6);
    expect(percentOf(2000, 2000)).toBe(100);
  });

  it('bands by the exact familiar share: comfortable from 98 %, a stretch from 95 %, hard below', () => {
    expect(bandOf(98, 100)).toBe('comfortable');
    expect(bandOf(9799, 10_000)).toBe('stretch');
    expect(bandOf(95, 100)).toBe('stretch');
    expect(bandOf(9499, 10_000)).toBe('hard');
    expect(bandOf(0, 0)).toBeNull();
  });
});

describe('"Learn these words"', () => {
  it('adds each word to those above it, marking where 95 % and 98 % are reached', () => {
    const counts = { wordTokens: 100, knownTokens: 80, familiarTokens: 90, newWords: 3 };
    const ranked = [
      { lowercase: 'a', occurrences: 5, level: null },
      { lowercase: 'b', occurrences: 3, level: 0 as const },
      { lowercase: 'c', occurrences: 2, level: null },
    ];
    expect(newWordsCoverage(counts, ranked).map(({ familiarPercent, band }) => [familiarPercent, band])).toEqual([
      [95, 'stretch'],
      [98, 'comfortable'],
      [100, 'comfortable'],
    ]);
  });
});

describe("a stats call's ids", () => {
  it('are taken once each, in the order asked', () => {
    expect(idsOf('3,1,3,2')).toEqual(['3', '1', '2']);
  });
});

/** A paragraph's tokens: words and the separators between them, as the tokenizer gives them. */
function paragraph(...parts: string[]): { tokens: Token[] } {
  return {
    tokens: parts.map((display, id) => {
      const isWord = /\p{L}/u.test(display);
      return { id, display, lowercase: isWord ? display.toLowerCase() : display, isWord };
    }),
  };
}

describe("a text's pairs of words", () => {
  it('counts each word with the next of its paragraph, across commas but not across a sentence end', () => {
    const pairs = pairsOf([
      paragraph('Give', ' ', 'up', ', ', 'give', ' ', 'up', '. ', 'Up', ' ', 'there'),
      paragraph('give'),
      paragraph('up'),
    ]);
    expect(Object.fromEntries(pairs)).toEqual({ 'give up': 2, 'up give': 1, 'up there': 1 });
  });
});

describe("a text's written forms", () => {
  it('keeps the case a word has where it does not open a sentence: a noun or a name keeps its capital', () => {
    const forms = writtenFormsOf([
      paragraph('Der', ' ', 'Hund', ' ', 'schläft', '. ', 'Anna', ' ', 'sieht', ' ', 'den', ' ', 'Hund', '.'),
      paragraph('Heute', ' ', 'kommt', ' ', 'Anna', '.'),
    ]);
    expect(Object.fromEntries(forms)).toEqual({ hund: 'Hund', anna: 'Anna' });
  });

  it('says nothing of a word that only opens sentences, nor of one written in lower case', () => {
    const forms = writtenFormsOf([paragraph('Der', ' ', 'Tag', '. ', 'Die', ' ', 'Nacht', ', ', 'der', ' ', 'Mond')]);
    expect(forms.has('der')).toBe(false);
    expect(forms.has('die')).toBe(false);
    expect(Object.fromEntries(forms)).toEqual({ tag: 'Tag', nacht: 'Nacht', mond: 'Mond' });
  });

  it('takes the most frequent form, the first in code-point order on a tie', () => {
    const forms = writtenFormsOf([
      paragraph(
        'I',
        ' ',
        'saw',
        ' ',
        'Apple',
        ' ',
        'and',
        ' ',
        'apple',
        ' ',
        'and',
        ' ',
        'APPLE',
        ' ',
        'and',
        ' ',
        'apple',
      ),
      paragraph('A', ' ', 'polish', ' ', 'and', ' ', 'Polish'),
    ]);
    expect(forms.get('apple')).toBeUndefined();
    expect(forms.get('polish')).toBe('Polish');
  });
});

describe('a saved phrase in the known-word figures', () => {
  const pairs = new Map([
    ['in spite', 2],
    ['spite of', 1],
    ['give up', 3],
  ]);

  it('occurs as often as the fewest of its pairs, and not at all when one is missing', () => {
    expect(phraseOccurrences('give up', pairs)).toBe(3);
    expect(phraseOccurrences('in spite of', pairs)).toBe(1);
    expect(phraseOccurrences('give in', pairs)).toBe(0);
  });

  it("makes a known phrase's words known, and a phrase being learnt's new words familiar", () => {
    const counts = { wordTokens: 10, knownTokens: 2, familiarTokens: 4, newWords: 5 };
    const levels = new Map([
      ['give', 4],
      ['up', 2],
    ]);
    const levelOf = (word: string) => levels.get(word);
    expect(phraseGains(counts, [{ lowercase: 'give up', level: 4, occurrences: 3 }], levelOf)).toEqual({
      ...counts,
      knownTokens: 5,
    });
    expect(phraseGains(counts, [{ lowercase: 'in spite of', level: 2, occurrences: 1 }], levelOf)).toEqual({
      ...counts,
      familiarTokens: 7,
    });
  });

  it('adds nothing for a new phrase or one that does not occur, and never passes the word tokens', () => {
    const counts = { wordTokens: 4, knownTokens: 3, familiarTokens: 3, newWords: 1 };
    const none = () => undefined;
    expect(phraseGains(counts, [{ lowercase: 'give up', level: 0, occurrences: 3 }], none)).toEqual(counts);
    expect(phraseGains(counts, [{ lowercase: 'give up', level: 4, occurrences: 0 }], none)).toEqual(counts);
    expect(phraseGains(counts, [{ lowercase: 'give up', level: 4, occurrences: 3 }], none)).toEqual({
      ...counts,
      knownTokens: 4,
      familiarTokens: 4,
    });
  });
});
