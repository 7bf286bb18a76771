import { z } from 'zod/mini';

export const learningLanguages = ['en', 'ru', 'de', 'fr', 'es', 'ko', 'it', 'hu'] as const;

/**
 * Where the SPA keeps the learner's preferences (zustand's persist, `{ state: { targetLang, … } }`): the server's
 * first page reads the target language from it in an inline script (server/src/plugins/preload-hints.ts).
 */
export const preferencesStorageKey = 'folio.preferences';
/**
 * Where the SPA keeps the signed-in user (src/api/session.ts), token included: the server's first paint of a reader
 * page reads it in an inline script to ask for the page's levels (server/src/plugins/first-paint.ts).
 */
export const userStorageKey = 'folio.user';
export const learningLanguageSchema = z.enum(learningLanguages);
export type LearningLanguage = z.infer<typeof learningLanguageSchema>;

/** Languages a learner may pick as home language: the home picker hides Hungarian and Korean (spec §2). */
export const hiddenHomeLanguages: readonly LearningLanguage[] = ['hu', 'ko'];
export const homeLanguages: readonly LearningLanguage[] = learningLanguages.filter(
  (lang) => !hiddenHomeLanguages.includes(lang),
);

/** Web Speech API voices per learning language (spec §9). */
export const speechLanguages: Record<LearningLanguage, string> = {
  en: 'en-US',
  ru: 'ru-RU',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  ko: 'ko-KO',
  it: 'it-IT',
  hu: 'hu-HU',
};

/**
 * Interface locales as BCP 47 tags. The spec's "cz", "no" and "ch" are the tags cs, nb and zh.
 */
export const interfaceLocales = [
  'en',
  'de',
  'ru',
  'es',
  'it',
  'fr',
  'nl',
  'hu',
  'ko',
  'pt',
  'pt-BR',
  'cs',
  'pl',
  'da',
  'nb',
  'fi',
  'ja',
  'zh',
  'ar',
] as const;
export const interfaceLocaleSchema = z.enum(interfaceLocales);
export type InterfaceLocale = z.infer<typeof interfaceLocaleSchema>;

export function isInterfaceLocale(value: string): value is InterfaceLocale {
  return (interfaceLocales as readonly string[]).includes(value);
}

/**
 * The best interface locale for the browser's languages: an exact tag first, then its base language. The server
 * reads `Accept-Language` with it to preload that locale's catalog (server/src/plugins/preload-hints.ts).
 */
export function detectLocale(languages: readonly string[]): InterfaceLocale {
  for (const tag of languages) {
    if (isInterfaceLocale(tag)) return tag;
    const normalized = tag.replace('_', '-');
    if (normalized.toLowerCase() === 'pt-br') return 'pt-BR';
    const base = normalized.split('-')[0]?.toLowerCase() ?? '';
    if (base === 'no' || base === 'nn') return 'nb';
    if (base === 'cz') return 'cs';
    if (isInterfaceLocale(base)) return base;
  }
  return 'en';
}

export const rightToLeftLocales: readonly InterfaceLocale[] = ['ar'];

/** The writing direction of a text in this language: a text keeps its own whatever the interface's. */
export const textDirection = (lang: string): 'rtl' | 'ltr' =>
  (rightToLeftLocales as readonly string[]).includes(lang) ? 'rtl' : 'ltr';
