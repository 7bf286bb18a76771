import { hasControlCharacter } from './fields.ts';

/**
 * Phrases (issue #31): a saved term of several words ("give up", "in spite of"), stored like a word under its
 * lowercase form, its words' lowercase forms joined by one space. Pure code the SPA, the mocks and the server share:
 * what a phrase may be. Where saved phrases occur in a paragraph is phrase-index.ts (loaded with the first phrase).
 */
export const phraseMinWords = 2;
export const phraseMaxWords = 7;
/** The longest phrase, as stored (words and the spaces between them). */
export const phraseMaxLength = 200;

/** Punctuation that ends a sentence (an ellipsis too): a phrase never runs across it. */
export const sentenceEnd = /[.!?。！？…]+/g;
/** Whether a text holds a sentence's end. */
export const endsSentence = /[.!?。！？…]/;
const stopAtEdge = /^[.!?。！？…]|[.!?。！？…]$/;

/** Whether a stored lowercase form is a phrase (several words) rather than one word. */
export function isPhrase(lowercase: string): boolean {
  return lowercase.includes(' ');
}

/** A phrase's words, in order. */
export function phraseWords(phrase: string): string[] {
  return phrase.split(' ');
}

export type PhraseProblem = 'too_few_words' | 'too_many_words' | 'too_long' | 'control_characters' | 'across_sentences';

/** Why a stored form cannot be a phrase, or undefined when it can. */
export function phraseProblem(phrase: string): PhraseProblem | undefined {
  const words = phraseWords(phrase);
  if (words.length < phraseMinWords || words.some((word) => word.length === 0)) return 'too_few_words';
  if (words.length > phraseMaxWords) return 'too_many_words';
  if (phrase.length > phraseMaxLength) return 'too_long';
  if (hasControlCharacter(phrase)) return 'control_characters';
  if (words.some((word) => /\s/.test(word))) return 'too_few_words';
  // A word token never starts or ends with a stop ("3.5" is one word): a word that does held a sentence's end.
  if (words.some((word) => stopAtEdge.test(word))) return 'across_sentences';
  return undefined;
}
