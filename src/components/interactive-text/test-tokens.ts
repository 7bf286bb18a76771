import type { Token } from '@/contract/entities';

/** For tests: a line's tokens as the tokenizer gives them: its words, split at spaces, and the spaces between. */
export const lineTokens = (line: string): Token[] =>
  line
    .split(' ')
    .flatMap((display, index) => [
      ...(index > 0 ? [{ id: index * 2 - 1, display: ' ', lowercase: ' ', isWord: false }] : []),
      { id: index * 2, display, lowercase: display.toLowerCase(), isWord: true },
    ]);
