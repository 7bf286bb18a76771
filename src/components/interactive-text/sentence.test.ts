import { describe, expect, it } from 'vitest';
import type { Section, Token } from '@/contract/entities';
import { sentenceAround, wordContextAt } from './sentence';

/** A paragraph's tokens as the server's tokenizer makes them (Intl.Segmenter's words), ids from `firstId`. */
function tokensOf(text: string, language = 'en', firstId = 0): Token[] {
  const segments = new Intl.Segmenter(language, { granularity: 'word' }).segment(text);
  return Array.from(segments, (segment, index) => ({
    id: firstId + index,
    display: segment.segment,
    lowercase: segment.segment.toLowerCase(),
    isWord: segment.isWordLike === true,
  }));
}

/** The sentence around the first occurrence of `word` in a paragraph. */
function sentenceOf(paragraph: string, word: string, language = 'en') {
  const tokens = tokensOf(paragraph, language);
  const index = tokens.findIndex((token) => token.display === word);
  if (index < 0) throw new Error(`no ${word}`);
  return sentenceAround(tokens, index);
}

const paragraph = 'The ferry leaves at dawn. Gulls follow it out of the harbour! Who waits on the pier? Nobody.';

describe('sentenceAround', () => {
  it("takes a paragraph's first sentence from the paragraph's start", () => {
    expect(sentenceOf(paragraph, 'ferry')).toBe('The ferry leaves at dawn.');
  });

  it('takes a sentence in the middle from the end of the one before to its own end', () => {
    expect(sentenceOf(paragraph, 'harbour')).toBe('Gulls follow it out of the harbour!');
    expect(sentenceOf(paragraph, 'pier')).toBe('Who waits on the pier?');
  });

  it("takes the last sentence to the paragraph's end, with or without its stop", () => {
    expect(sentenceOf(paragraph, 'Nobody')).toBe('Nobody.');
    expect(sentenceOf('It rained. Then the sun came out', 'sun')).toBe('Then the sun came out');
  });

  it('keeps closing quotes with their sentence, and a decimal number inside it', () => {
    expect(sentenceOf('He said: "Go home." She stayed.', 'home')).toBe('He said: "Go home."');
    expect(sentenceOf('He said: "Go home." She stayed?! Yes.', 'stayed')).toBe('She stayed?!');
    expect(sentenceOf('It costs 3.5 euros. Cheap.', 'euros')).toBe('It costs 3.5 euros.');
  });

  it('ends sentences at the full-width stops of Chinese and Japanese', () => {
    expect(sentenceOf('我喜欢读书。你呢？我们走吧！', '你', 'zh')).toBe('你呢？');
    expect(sentenceOf('雨が降った。猫は窓のそばで寝ている。', '猫', 'ja')).toBe('猫は窓のそばで寝ている。');
  });

  it('makes line breaks and runs of spaces one space', () => {
    expect(sentenceOf('A wave\nbroke  over\tthe bow.', 'over')).toBe('A wave broke over the bow.');
  });

  it('cuts a sentence longer than 500 characters around the word, marking the cuts', () => {
    const words = Array.from({ length: 200 }, (_, index) => `w${index}`);
    const long = `${words.join(' ')} end.`;
    const around = sentenceOf(long, 'w100');
    expect(around.length).toBeLessThanOrEqual(500);
    expect(around).toMatch(/^….* w100 .*…$/);
    const middle = around.indexOf('w100');
    expect(Math.abs(middle - around.length / 2)).toBeLessThan(20);
    expect(sentenceOf(long, 'w0')).toMatch(/^w0 w1 .*…$/);
    expect(sentenceOf(long, 'end')).toMatch(/^….* end\.$/);
  });
});

describe('wordContextAt', () => {
  it("finds the token's paragraph among the sections, whose ids run on", () => {
    const first = tokensOf('One boat. Two boats.');
    const sections: Section[] = [{ tokens: first }, { tokens: tokensOf('Three ships sail.', 'en', first.length) }];
    const ships = sections[1]?.tokens.find((token) => token.display === 'ships');
    const source = { contentId: 4, pageId: 1 };
    expect(wordContextAt(sections, ships?.id ?? -1, source)).toEqual({ sentence: 'Three ships sail.', source });
    expect(wordContextAt(sections, 999, source)).toBeUndefined();
  });
});
