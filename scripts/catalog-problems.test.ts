import { describe, expect, it } from 'vitest';
import { catalogProblems } from './catalog-problems.ts';

const catalog = (entries: [string, string][]) =>
  [
    'msgid ""',
    'msgstr ""',
    '"Language: xx\\n"',
    '',
    ...entries.flatMap(([id, str]) => [`msgid "${id}"`, `msgstr "${str}"`, '']),
  ].join('\n');

describe('the catalog check', () => {
  it('passes a sound catalog', () => {
    const text = catalog([
      ['Store', 'Shop'],
      ['{count, plural, one {# word} other {# words}}', '{count, plural, one {# Wort} other {# Wörter}}'],
    ]);
    expect(catalogProblems('de', text)).toEqual([]);
  });

  it('finds an empty translation', () => {
    expect(catalogProblems('de', catalog([['Store', '']]))).toEqual(['de: not translated: "Store"']);
  });

  it('finds a placeholder the translation lost or renamed', () => {
    expect(catalogProblems('de', catalog([['Bought: {bought}', 'Gekauft: {item}']]))).toEqual([
      'de: placeholders differ: "Bought: {bought}"',
    ]);
  });

  it('finds a plural without the categories of its language, and with foreign ones', () => {
    const text = catalog([['{n, plural, one {# word} other {# words}}', '{n, plural, one {# слово} other {# слов}}']]);
    expect(catalogProblems('ru', text)).toEqual([
      'ru: plural categories wrong (missing few many, not in ru: -): "{n, plural, one {# word} other {# words}}"',
    ]);
    const japanese = catalog([['{n, plural, one {# word} other {# words}}', '{n, plural, one {#語} other {#語}}']]);
    expect(catalogProblems('ja', japanese)[0]).toContain('not in ja: one');
  });

  it('finds invalid ICU', () => {
    expect(catalogProblems('de', catalog([['{n} words', '{n Wörter']]))[0]).toContain('invalid ICU');
  });
});
