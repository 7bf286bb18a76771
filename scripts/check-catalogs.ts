/**
 * Fails when a catalog is not complete and sound: `lingui extract` would change one (a string was added, changed or
 * removed without extracting: stale), or any locale has an empty translation, a translation whose placeholders
 * differ from the English source, invalid ICU syntax, or a plural without the categories its language uses.
 * Run `npm run i18n:extract`, then translate what it added in every locale.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogProblems } from './catalog-problems.ts';

const localesDir = path.resolve(import.meta.dirname, '../src/locales');

function snapshot(): Map<string, string> {
  const files = new Map<string, string>();
  for (const locale of readdirSync(localesDir)) {
    for (const catalog of readdirSync(path.join(localesDir, locale))) {
      const file = path.join(localesDir, locale, catalog);
      files.set(`${locale}/${catalog}`, readFileSync(file, 'utf8').replace(/^"POT-Creation-Date:.*\n/m, ''));
    }
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
    `Catalogs out of date: ${[...changed, ...added].join(', ')}. The extracted catalogs are now written: translate what is new in every locale and commit them.`,
  );
  process.exit(1);
}

const problems = [...after].flatMap(([file, text]) => catalogProblems(path.dirname(file), text));
if (problems.length > 0) {
  console.error(`${problems.length} catalog problem(s):\n${problems.slice(0, 40).join('\n')}`);
  process.exit(1);
}
console.log(
  `Catalogs are complete and up to date (${after.size} catalogs, ${readdirSync(localesDir).length} locales).`,
);
