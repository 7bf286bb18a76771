import { readFileSync } from 'node:fs';
import PO from 'pofile';

const catalogs = new Map<string, Map<string, string>>();

/** An interface text as a learner with this interface language reads it (the English source for `en`). */
export function textIn(locale: string, english: string): string {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    const items = ['messages', 'lazy'].flatMap(
      (name) => PO.parse(readFileSync(new URL(`../src/locales/${locale}/${name}.po`, import.meta.url), 'utf8')).items,
    );
    catalog = new Map(items.map((item) => [item.msgid, item.msgstr[0] ?? '']));
    catalogs.set(locale, catalog);
  }
  const text = catalog.get(english);
  if (!text) throw new Error(`No ${locale} text for ${JSON.stringify(english)}`);
  return text;
}

/** A pattern for a text at the start of an accessible name, in this interface language. */
export function startingWith(locale: string, english: string): RegExp {
  return new RegExp(`^${textIn(locale, english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
