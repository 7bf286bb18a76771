import type { InterfaceLocale } from '@/contract/languages';

/** Each interface language named in itself, so a learner finds their own whatever the current locale. */
export const localeNames: Record<InterfaceLocale, string> = {
  en: 'English',
  de: 'Deutsch',
  ru: 'Русский',
  es: 'Español',
  it: 'Italiano',
  fr: 'Français',
  nl: 'Nederlands',
  hu: 'Magyar',
  ko: '한국어',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  cs: 'Čeština',
  pl: 'Polski',
  da: 'Dansk',
  nb: 'Norsk bokmål',
  fi: 'Suomi',
  ja: '日本語',
  zh: '中文',
  ar: 'العربية',
};
