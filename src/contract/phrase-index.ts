import type { Token } from './entities.ts';
import { endsSentence, type PhraseProblem, phraseProblem, phraseWords } from './phrases.ts';

/** The words a run of a paragraph's tokens holds, from one word token to another, both included. */
export type PhraseRun = { lowercase: string; display: string };

/**
 * The phrase a learner selected from the `from`-th to the `to`-th token of a paragraph (either order): its stored
 * form and its text as written (spacing made plain), or why it cannot be one (a sentence end between its words,
 * fewer than 2 or more than 7 words, longer than 200 characters).
 */
export function phraseOfTokens(
  tokens: readonly Token[],
  from: number,
  to: number,
): { phrase: PhraseRun } | { problem: PhraseProblem } {
  const [first, last] = from <= to ? [from, to] : [to, from];
  const words: string[] = [];
  let display = '';
  for (let at = first; at <= last; at++) {
    const token = tokens[at];
    if (!token) break;
    if (token.isWord) words.push(token.lowercase);
    else if (endsSentence.test(token.display) && at > first && at < last) return { problem: 'across_sentences' };
    display += token.isWord ? token.display : token.display.replace(/\s+/g, ' ');
  }
  const lowercase = words.join(' ');
  const problem = phraseProblem(lowercase);
  return problem ? { problem } : { phrase: { lowercase, display: display.trim() } };
}

/** Where a saved phrase occurs in a paragraph: its first and last word tokens' positions in the tokens. */
export type PhraseMatch = { phrase: string; first: number; last: number };

/**
 * The saved phrases of one language, indexed by their first word, so matching a paragraph looks up each word once
 * and never scans every phrase. Saving a phrase extends the index; nothing is rebuilt.
 */
export function createPhraseIndex(phrases: Iterable<string> = []) {
  /** First word → the phrases starting with it, as their words, longest first. */
  const byFirstWord = new Map<string, string[][]>();
  let size = 0;

  const add = (phrase: string) => {
    const words = phraseWords(phrase);
    const first = words[0] ?? '';
    const list = byFirstWord.get(first) ?? [];
    if (list.some((known) => known.length === words.length && known.join(' ') === phrase)) return;
    const at = list.findIndex((known) => known.length < words.length);
    list.splice(at === -1 ? list.length : at, 0, words);
    byFirstWord.set(first, list);
    size++;
  };
  for (const phrase of phrases) add(phrase);

  return {
    add,

    remove(phrase: string) {
      const words = phraseWords(phrase);
      const list = byFirstWord.get(words[0] ?? '');
      const at = list?.findIndex((known) => known.join(' ') === phrase) ?? -1;
      if (!list || at === -1) return;
      list.splice(at, 1);
      if (list.length === 0) byFirstWord.delete(words[0] ?? '');
      size--;
    },

    get size() {
      return size;
    },

    /** Whether a saved phrase starts with this word. */
    startsWith: (word: string) => byFirstWord.has(word),

    /**
     * The saved phrases a paragraph's tokens hold: their words in a row, case already folded in the tokens'
     * lowercase forms, with only spaces and punctuation that ends no sentence between them. Where two overlap, the
     * longer wins (at equal length, the earlier).
     */
    match(tokens: readonly Token[]): PhraseMatch[] {
      if (size === 0) return [];
      /** Word positions, and after each whether a sentence ends before the next word. */
      const wordAt: number[] = [];
      const breakAfter: boolean[] = [];
      for (const [at, token] of tokens.entries()) {
        if (token.isWord) {
          wordAt.push(at);
          breakAfter.push(false);
        } else if (wordAt.length > 0 && endsSentence.test(token.display)) {
          breakAfter[wordAt.length - 1] = true;
        }
      }
      const found: { phrase: string; start: number; length: number }[] = [];
      for (let start = 0; start < wordAt.length; start++) {
        const candidates = byFirstWord.get(tokens[wordAt[start] ?? -1]?.lowercase ?? '');
        if (!candidates) continue;
        for (const words of candidates) {
          if (fitsAt(words, start)) {
            found.push({ phrase: words.join(' '), start, length: words.length });
            break;
          }
        }
      }
      if (found.length === 0) return [];
      found.sort((a, b) => b.length - a.length || a.start - b.start);
      const taken = new Uint8Array(wordAt.length);
      const kept: PhraseMatch[] = [];
      for (const { phrase, start, length } of found) {
        if (taken.subarray(start, start + length).some((flag) => flag === 1)) continue;
        taken.fill(1, start, start + length);
        kept.push({ phrase, first: wordAt[start] ?? 0, last: wordAt[start + length - 1] ?? 0 });
      }
      return kept.sort((a, b) => a.first - b.first);

      function fitsAt(words: readonly string[], start: number): boolean {
        if (start + words.length > wordAt.length) return false;
        for (let offset = 1; offset < words.length; offset++) {
          if (breakAfter[start + offset - 1]) return false;
          if (tokens[wordAt[start + offset] ?? -1]?.lowercase !== words[offset]) return false;
        }
        return true;
      }
    },
  };
}

export type PhraseIndex = ReturnType<typeof createPhraseIndex>;
