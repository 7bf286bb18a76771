import { i18n, type Messages } from '@lingui/core';
import {
  homeLanguages,
  type InterfaceLocale,
  interfaceLocales,
  type LearningLanguage,
  rightToLeftLocales,
} from '@/contract/languages';

const catalogs = import.meta.glob<{ messages: Messages }>('../locales/*/messages.po');

export function isInterfaceLocale(value: string): value is InterfaceLocale {
  return (interfaceLocales as readonly string[]).includes(value);
}

/** The best interface locale for the browser's languages: an exact tag first, then its base language. */
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

/** The first of the browser's languages a learner can pick as home language, by base language; null if none. */
export function detectHomeLanguage(languages: readonly string[]): LearningLanguage | null {
  for (const tag of languages) {
    const base = tag.replace('_', '-').split('-')[0]?.toLowerCase() ?? '';
    const home = homeLanguages.find((lang) => lang === base);
    if (home) return home;
  }
  return null;
}

/** Loads one locale's catalog on demand, activates it and sets `<html lang dir>`. */
export async function activateLocale(locale: InterfaceLocale): Promise<void> {
  const load = catalogs[`../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  const { messages } = await load();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = locale;
  document.documentElement.dir = rightToLeftLocales.includes(locale) ? 'rtl' : 'ltr';
}

export { i18n };
