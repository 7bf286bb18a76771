/**
 * What is wrong with one locale's catalog (a `.po` text): empty translations, invalid ICU, placeholders other than
 * the English source's, plurals without exactly the language's CLDR categories. Used by `check-catalogs.ts`.
 */
import { parse, type Token } from '@messageformat/parser';
import PO from 'pofile';

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

export function catalogProblems(locale: string, text: string): string[] {
  const problems: string[] = [];
  const categories = new Set<string>(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
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
      const foreign = plain.filter((key) => !categories.has(key));
      if (missing.length > 0 || foreign.length > 0) {
        report(
          `plural categories wrong (missing ${missing.join(' ') || '-'}, not in ${locale}: ${foreign.join(' ') || '-'})`,
        );
      }
    }
  }
  return problems;
}
