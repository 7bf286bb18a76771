import { sentenceMaxLength, type WordContext } from '@/contract/endpoints/words';
import type { Section, Token } from '@/contract/entities';
import { sentenceEnd } from '@/contract/phrases';

/** What belongs to the stop before it: more stops, closing quotes. */
const closing = /^[.!?。！？…"'”’»)\]」』]*/;

/**
 * The sentence around a paragraph's token: from the end of the sentence before it (or the paragraph's start) to the
 * end of its own, with its spacing made plain; one longer than a saved sentence may be is cut around the word, "…"
 * marking the cuts. Only punctuation between words ends a sentence ("3.5" does not; "Dr." does: abbreviations are
 * not told apart).
 */
export function sentenceAround(tokens: readonly Token[], index: number): string {
  let text = '';
  let start = 0;
  let word = 0;
  let stop: number | undefined;
  for (const [at, token] of tokens.entries()) {
    if (at === index) word = text.length;
    if (!token.isWord) {
      for (const match of token.display.matchAll(sentenceEnd)) {
        const after = text.length + match.index + match[0].length;
        if (at < index) start = after;
        else stop ??= after;
      }
    }
    text += token.display;
  }
  start += closing.exec(text.slice(start))?.[0].length ?? 0;
  if (stop !== undefined) stop += closing.exec(text.slice(stop))?.[0].length ?? 0;
  const before = text
    .slice(start, word)
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trimStart();
  const sentence = (before + text.slice(word, stop).replace(/[\s\p{Cc}]+/gu, ' ')).trimEnd();
  if (sentence.length <= sentenceMaxLength) return sentence;
  const room = sentenceMaxLength - 2;
  const from = Math.max(0, Math.min(before.length - (room >> 1), sentence.length - room));
  const cut = sentence.slice(from, from + room).replace(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/g, '');
  return `${from > 0 ? '…' : ''}${cut.trim()}${from + room < sentence.length ? '…' : ''}`;
}

/** What a word saved from a text carries: the sentence around its token there, and where that text is. */
export function wordContextAt(
  sections: readonly Section[],
  tokenId: number,
  source: WordContext['source'],
): WordContext | undefined {
  for (const { tokens } of sections) {
    // Token ids run on across a text's sections: one that ends before the token holds it not.
    if ((tokens.at(-1)?.id ?? -1) < tokenId) continue;
    const index = tokens.findIndex((token) => token.id === tokenId);
    if (index >= 0) return { sentence: sentenceAround(tokens, index), source };
  }
  return undefined;
}
