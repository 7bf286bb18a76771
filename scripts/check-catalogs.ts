/**
 * Fails when `lingui extract` would change a catalog (a string was added, changed or removed without
 * extracting), or when the English catalog lacks a translation. Run `npm run i18n:extract` to fix.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../src/locales');

function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const locale of readdirSync(localesDir)) {
    const file = path.join(localesDir, locale, 'messages.po');
    files.set(locale, readFileSync(file, 'utf8').replace(/^"POT-Creation-Date:.*\n/m, ''));
  }
  return files;
}

const before = snapshot();
execFileSync(path.resolve(import.meta.dirname, '../node_modules/.bin/lingui'), ['extract', '--clean'], {
  stdio: 'ignore',
});
const after = snapshot();

const changed = [...after.keys()].filter((locale) => before.get(locale) !== after.get(locale));
const added = [...after.keys()].filter((locale) => !before.has(locale));
if (changed.length > 0 || added.length > 0) {
  console.error(
    `Catalogs out of date: ${[...changed, ...added].join(', ')}. The extracted catalogs are now written: commit them.`,
  );
  process.exit(1);
}

const english = after.get('en') ?? '';
const missing = [...english.matchAll(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr ""\n(?!")/g)]
  .map((match) => match[1])
  .filter((id) => id !== '');
if (missing.length > 0) {
  console.error(`English lacks ${missing.length} translations, e.g. ${missing.slice(0, 3).join(' | ')}`);
  process.exit(1);
}
console.log(`Catalogs are up to date (${after.size} locales).`);
