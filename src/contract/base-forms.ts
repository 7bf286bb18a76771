import type { LearningLanguage } from './languages.ts';
import { isPhrase } from './phrases.ts';

/**
 * Candidate base forms of an inflected word, most likely first, for dictionary look-ups that miss the exact
 * form. Deliberately simple suffix rules: a wrong candidate only costs a look-up, a right one finds a gloss.
 */
const suffixRules: Partial<Record<LearningLanguage, readonly (readonly [string, string])[]>> = {
  en: [
    ['ies', 'y'],
    ['ied', 'y'],
    ['ves', 'f'],
    ['ing', ''],
    ['ing', 'e'],
    ['ed', ''],
    ['ed', 'e'],
    ['es', ''],
    ['s', ''],
    ["'s", ''],
    ['er', ''],
    ['est', ''],
  ],
  de: [
    ['ern', ''],
    ['en', ''],
    ['em', ''],
    ['er', ''],
    ['es', ''],
    ['e', ''],
    ['n', ''],
    ['s', ''],
    ['st', 'en'],
    ['t', 'en'],
    ['te', 'en'],
    ['ten', 'en'],
  ],
  fr: [
    ['aux', 'al'],
    ['es', ''],
    ['s', ''],
    ['e', ''],
    ['ées', 'er'],
    ['és', 'er'],
    ['ée', 'er'],
    ['é', 'er'],
    ['ent', 'er'],
    ['ons', 'er'],
    ['ez', 'er'],
  ],
  es: [
    ['es', ''],
    ['s', ''],
    ['as', 'o'],
    ['a', 'o'],
    ['os', 'o'],
    ['ando', 'ar'],
    ['iendo', 'er'],
    ['ado', 'ar'],
    ['ido', 'er'],
    ['amos', 'ar'],
    ['an', 'ar'],
    ['en', 'er'],
  ],
  it: [
    ['i', 'o'],
    ['e', 'a'],
    ['i', 'e'],
    ['ando', 'are'],
    ['endo', 'ere'],
    ['ato', 'are'],
    ['ata', 'are'],
    ['ito', 'ire'],
    ['uto', 'ere'],
  ],
  hu: [
    ['ban', ''],
    ['ben', ''],
    ['nak', ''],
    ['nek', ''],
    ['ból', ''],
    ['ből', ''],
    ['ra', ''],
    ['re', ''],
    ['t', ''],
    ['k', ''],
  ],
  ru: [
    ['ами', 'а'],
    ['ах', 'а'],
    ['ы', 'а'],
    ['у', 'а'],
    ['ой', 'а'],
    ['е', 'а'],
    ['и', 'ь'],
    ['ов', ''],
    ['ом', ''],
    ['а', ''],
    ['ет', 'ать'],
    ['ют', 'ть'],
  ],
};

export function baseFormCandidates(word: string, language: LearningLanguage): string[] {
  const candidates = new Set<string>();
  for (const [suffix, replacement] of suffixRules[language] ?? []) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
      candidates.add(word.slice(0, -suffix.length) + replacement);
    }
  }
  if (language === 'en' && /(.)\1(ing|ed)$/.test(word)) candidates.add(word.replace(/(.)\1(ing|ed)$/, '$1'));
  candidates.delete(word);
  return [...candidates];
}

/**
 * The parents the translation box suggests for a word (docs/decisions/0041), best first, at most `max`: the
 * dictionary's `lemma` and the base-form rules' candidates, those the learner has saved first, the lemma first among
 * either. None for a phrase.
 */
export function parentSuggestions(
  word: string,
  language: LearningLanguage,
  isSaved: (form: string) => boolean,
  { lemma, max = 3 }: { lemma?: string | null | undefined; max?: number } = {},
): string[] {
  if (isPhrase(word)) return [];
  const rules = baseFormCandidates(word, language);
  const candidates = lemma && lemma !== word ? [lemma, ...rules.filter((form) => form !== lemma)] : rules;
  return [...candidates.filter(isSaved), ...candidates.filter((form) => !isSaved(form))].slice(0, max);
}
