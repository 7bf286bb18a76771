import type { LearningLanguage } from '#contract/languages.ts';

export type TranslationQuery = {
  lowercase: string;
  from: LearningLanguage;
  to: LearningLanguage;
  /** The paragraph the word stands in, when known: providers that take context translate the sense meant. */
  context?: string | undefined;
};

/** A machine-translation provider: answers one word, or undefined when it has nothing. */
export type TranslationProvider = {
  name: string;
  translate: (query: TranslationQuery, signal: AbortSignal) => Promise<string | undefined>;
};
