import { i18n, type Messages } from '@lingui/core';
import {
  homeLanguages,
  type InterfaceLocale,
  isInterfaceLocale,
  type LearningLanguage,
  rightToLeftLocales,
} from '@/contract/languages';

/**
 * The interface's strings per locale, in two catalogs: `messages` (the shell, the library and the reader: the first
 * load) and `lazy` (the screens loaded on demand, with `staticData.catalog: 'lazy'`; see lingui.config.ts).
 */
const catalogs = {
  messages: import.meta.glob<{ messages: Messages }>('../locales/*/messages.po'),
  lazy: import.meta.glob<{ messages: Messages }>('../locales/*/lazy.po'),
};
export type CatalogName = keyof typeof catalogs;

/** The catalogs this page has needed so far: a new locale loads them all. */
const needed = new Set<CatalogName>(['messages']);
const loading = new Map<string, Promise<void>>();

async function messagesOf(locale: InterfaceLocale, names: readonly CatalogName[]): Promise<Messages> {
  const parts = await Promise.all(
    names.map(async (name) => {
      const load = catalogs[name][`../locales/${locale}/${name}.po`];
      if (!load) throw new Error(`No ${name} catalog for ${locale}`);
      return (await load()).messages;
    }),
  );
  return Object.assign({}, ...parts);
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

/** Loads one locale's catalogs (every one needed so far) on demand, activates it and sets `<html lang dir>`. */
export async function activateLocale(locale: InterfaceLocale): Promise<void> {
  const names = [...needed];
  const messages = await messagesOf(locale, names);
  i18n.loadAndActivate({ locale, messages });
  for (const name of names) loading.set(`${locale}/${name}`, Promise.resolve());
  // A screen that asked for another catalog while this locale was loading gets it too.
  await Promise.all([...needed].filter((name) => !names.includes(name)).map(loadCatalog));
  document.documentElement.lang = locale;
  document.documentElement.dir = rightToLeftLocales.includes(locale) ? 'rtl' : 'ltr';
}

/**
 * Adds a catalog's strings to the active locale before a screen that needs them renders (once per locale; the root
 * route awaits it for routes that name the catalog); later locale switches load it too.
 */
export function loadCatalog(name: CatalogName): Promise<void> {
  needed.add(name);
  const locale = i18n.locale;
  if (!isInterfaceLocale(locale)) return Promise.resolve();
  const key = `${locale}/${name}`;
  let load = loading.get(key);
  if (!load) {
    load = messagesOf(locale, [name]).then((messages) => i18n.load(locale, messages));
    load.catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

/** Code loaded on demand whose strings are in the `lazy` catalog (a dialog, a menu's list): both asked for at once. */
export function withLazyCatalog<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadCatalog('lazy')]).then(([module]) => module);
}

export { i18n };
