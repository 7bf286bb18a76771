import { describe, expect, it } from 'vitest';
import type { Token } from './entities.ts';
import { createPhraseIndex, phraseOfTokens } from './phrase-index.ts';
import { phraseProblem } from './phrases.ts';

/** A paragraph's tokens as the server's tokenizer makes them (Intl.Segmenter's words, the rest kept as written). */
function tokens(text: string, language = 'en'): Token[] {
  const segmenter = new Intl.Segmenter(language, { granularity: 'word' });
  return [...segmenter.segment(text)].map((segment, id) => ({
    id,
    display: segment.segment,
    lowercase: segment.isWordLike ? segment.segment.toLocaleLowerCase(language) : segment.segment,
    isWord: segment.isWordLike === true,
  }));
}

/** The matched phrases as the text they cover. */
function matched(text: string, phrases: string[], language = 'en'): string[] {
  const paragraph = tokens(text, language);
  return createPhraseIndex(phrases)
    .match(paragraph)
    .map(({ first, last }) =>
      paragraph
        .slice(first, last + 1)
        .map((token) => token.display)
        .join(''),
    );
}

describe('matching saved phrases in a paragraph', () => {
  it('finds a phrase whatever its case', () => {
    expect(matched('She will Give Up soon.', ['give up'])).toEqual(['Give Up']);
  });

  it('finds a phrase across a comma and several spaces inside a sentence', () => {
    expect(matched('In spite,  of the rain', ['in spite of'])).toEqual(['In spite,  of']);
  });

  it('never runs a phrase across a sentence end', () => {
    expect(matched('I will not give. Up there', ['give up'])).toEqual([]);
  });

  it('finds phrases at the paragraph start and end', () => {
    expect(matched('Give up, they said, never give up', ['give up'])).toEqual(['Give up', 'give up']);
  });

  it('lets the longer of two overlapping phrases win', () => {
    expect(matched('He did it in spite of them', ['in spite', 'in spite of', 'of them'])).toEqual(['in spite of']);
  });

  it('lets a longer phrase win over an earlier shorter one it overlaps', () => {
    expect(matched('to give up on it', ['to give', 'give up on it'])).toEqual(['give up on it']);
  });

  it('keeps phrases that do not overlap', () => {
    expect(matched('give up and carry on', ['give up', 'carry on'])).toEqual(['give up', 'carry on']);
  });

  it('matches a right-to-left text by its tokens, not its direction', () => {
    expect(matched('אני הולך הביתה עכשיו', ['הולך הביתה'], 'he')).toEqual(['הולך הביתה']);
  });

  it('matches Korean words separated by spaces', () => {
    expect(matched('저는 할 수 있어요', ['할 수 있어요'], 'ko')).toEqual(['할 수 있어요']);
  });

  it('finds nothing once the phrase is removed, and again once added', () => {
    const index = createPhraseIndex(['give up']);
    index.remove('give up');
    expect(index.match(tokens('give up'))).toEqual([]);
    index.add('give up');
    expect(index.match(tokens('give up')).map((match) => match.phrase)).toEqual(['give up']);
  });

  it('counts a phrase added twice once', () => {
    const index = createPhraseIndex(['give up', 'give up']);
    expect(index.size).toBe(1);
  });
});

describe('a phrase selected in a paragraph', () => {
  const paragraph = tokens('They gave up, in the end. Then they left.');

  it('is its words in lowercase and its text as written, whichever end was picked first', () => {
    expect(phraseOfTokens(paragraph, 4, 2)).toEqual({ phrase: { lowercase: 'gave up', display: 'gave up' } });
  });

  it('is refused across a sentence end', () => {
    expect(phraseOfTokens(paragraph, 9, 13)).toEqual({ problem: 'across_sentences' });
  });

  it('is refused with one word', () => {
    expect(phraseOfTokens(paragraph, 2, 3)).toEqual({ problem: 'too_few_words' });
  });

  it('is refused with more than seven words', () => {
    expect(phraseOfTokens(tokens('one two three four five six seven eight'), 0, 14)).toEqual({
      problem: 'too_many_words',
    });
  });
});

describe('what a stored phrase may be', () => {
  it('takes two to seven words', () => {
    expect(phraseProblem('give up')).toBeUndefined();
  });

  it('refuses a control character', () => {
    expect(phraseProblem('give\u0007 up')).toBe('control_characters');
  });

  it('refuses more than 200 characters', () => {
    expect(phraseProblem(`${'a'.repeat(150)} ${'b'.repeat(60)}`)).toBe('too_long');
  });

  it('refuses a word ending in a stop', () => {
    expect(phraseProblem('give. up')).toBe('across_sentences');
  });

  it('keeps a number with a decimal point as one word', () => {
    expect(phraseProblem('3.5 kilos')).toBeUndefined();
  });
});
