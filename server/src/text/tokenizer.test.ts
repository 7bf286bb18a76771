import { describe, expect, it } from 'vitest';
import { countWords, tokenizePage } from './tokenizer.ts';

describe('tokenizePage', () => {
  it('splits paragraphs into sections whose token ids run on across the page', () => {
    const sections = tokenizePage('One two.\n\nThree.', 'en');
    expect(sections).toHaveLength(2);
    expect(sections.flatMap((s) => s.tokens.map((t) => t.id))).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('marks words, keeps punctuation and spaces as non-words, and lowercases words', () => {
    const [section] = tokenizePage('Hello, World!', 'en');
    expect(section?.tokens).toEqual([
      { id: 0, display: 'Hello', lowercase: 'hello', isWord: true },
      { id: 1, display: ',', lowercase: ',', isWord: false },
      { id: 2, display: ' ', lowercase: ' ', isWord: false },
      { id: 3, display: 'World', lowercase: 'world', isWord: true },
      { id: 4, display: '!', lowercase: '!', isWord: false },
    ]);
  });

  it('renders back to the original text', () => {
    const text = 'Ça va? «Très bien», dit-elle.';
    const [section] = tokenizePage(text, 'fr');
    expect(section?.tokens.map((t) => t.display).join('')).toBe(text);
  });

  it('lowercases accented words and keeps ß', () => {
    const [section] = tokenizePage('ÉCOLE Straße', 'de');
    expect(section?.tokens.filter((t) => t.isWord).map((t) => t.lowercase)).toEqual(['école', 'straße']);
  });

  it('segments Korean words by spaces as written', () => {
    const sections = tokenizePage('저는 학생입니다.', 'ko');
    expect(countWords(sections)).toBe(2);
  });
});
