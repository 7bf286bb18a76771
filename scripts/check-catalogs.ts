/**
 * Fails when a catalog is not complete and sound: `lingui extract` would change one (a string was added, changed or
 * removed without extracting: stale), or any locale has an empty translation, a translation whose placeholders
 * differ from the English source, invalid ICU syntax, or a plural without the categories its language uses.
 * Run `npm run i18n:extract`, then translate what it added in every locale.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import PO from 'pofile';

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
    `Catalogs out of date: ${[...changed, ...added].join(', ')}. The extracted catalogs are now written: translate what is new in every locale and commit them.`,
  );
  process.exit(1);
}

/** Every argument a message uses, by name, and the case keys of each plural in it. */
function shape(parts: readonly Token[], found = { args: new Set<string>(), plurals: [] as string[][] }) {
  for (const part of parts) {
    if (part.type === 'argument' || part.type === 'function') found.args.add(part.arg);
    if (part.type === 'plural' || part.type === 'selectordinal' || part.type === 'select') {
      found.args.add(part.arg);
      if (part.type !== 'select') found.plurals.push(part.cases.map((item) => item.key));
      for (const item of part.cases) shape(item.tokens, found);
    }
  }
  return found;
}

const problems: string[] = [];
for (const [locale, text] of after) {
  const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
  for (const item of PO.parse(text).items) {
    if (!item.msgid) continue;
    const translation = item.msgstr[0] ?? '';
    const report = (why: string) => problems.push(`${locale}: ${why}: ${JSON.stringify(item.msgid)}`);
    if (!translation.trim()) {
      report('not translated');
      continue;
    }
    let source: ReturnType<typeof shape>;
    let target: ReturnType<typeof shape>;
    try {
      source = shape(parse(item.msgid));
      target = shape(parse(translation));
    } catch (error) {
      report(`invalid ICU (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    if ([...source.args].sort().join() !== [...target.args].sort().join()) report('placeholders differ');
    for (const keys of target.plurals) {
      const plain = keys.filter((key) => !key.startsWith('='));
      const missing = [...categories].filter((category) => !plain.includes(category));
      const foreign = plain.filter((key) => !categories.has(key as Intl.LDMLPluralRule));
      if (missing.length > 0 || foreign.length > 0) {
        report(
          `plural categories wrong (missing ${missing.join(' ') || '-'}, not in ${locale}: ${foreign.join(' ') || '-'})`,
        );
      }
    }
  }
}
if (problems.length > 0) {
  console.error(`${problems.length} catalog problem(s):\n${problems.slice(0, 40).join('\n')}`);
  process.exit(1);
}
console.log(`Catalogs are complete and up to date (${after.size} locales).`);
