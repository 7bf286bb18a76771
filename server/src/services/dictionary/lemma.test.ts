import { describe, expect, it } from 'vitest';
import { headsBaseForm, pickLemma, referencesOf } from './lemma.ts';

// Entries as FreeDict's German–English dictionary writes them (shortened).
const gehen = 'gehen /ɡˈeːən/ <v, intr>\nto go\n see: {gehend}, {gegangen}\n';
const gehend = 'gehend /ɡˈeːənt/\ngoing\n see: {gehen}, {gegangen}\n';
const haus = 'Haus /hˈaʊs/ <neut, n, sg>\nhouse <n>\n see: {Häuser}\n';
const gegangen = [
  'gegangen /ɡəɡˈaŋən/\njoined\n see: {sich jdm. anschließen}, {gehend}, {Ich ging zu meiner Schwester.}\n',
  'gegangen /ɡəɡˈaŋən/\ngone\n see: {gehen}, {gehend}, {er/sie geht}\n',
  'gegangen /ɡəɡˈaŋən/\nwalked\n see: {gehen}, {laufen}, {gehend}\n',
];
const laufen = 'laufen /lˈaʊfən/ <v>\nto run\n';
const baseForms = new Set(['gehen', 'haus', 'laufen', 'sehen', 'sehend', 'blicken']);
const lemmaOf = (headword: string, definitions: string[]) =>
  pickLemma(
    headword,
    definitions,
    (word) => baseForms.has(word),
    (word) => word.toLocaleLowerCase('de'),
  );

describe("a dictionary's base forms", () => {
  it('tells an entry heading a base form by its part of speech, a plural not', () => {
    expect([gehen, haus, laufen].map(headsBaseForm)).toEqual([true, true, true]);
    expect(headsBaseForm(gehend)).toBe(false);
    expect(headsBaseForm('Häuser /hˈɔøzɜ/ <pl>\nhouses\n')).toBe(false);
    expect(headsBaseForm('Leute /lˈɔøtə/ <n, pl>\npeople\n')).toBe(false);
  });

  it("reads an entry's references from its see lines only", () => {
    expect(referencesOf(gehend)).toEqual(['gehen', 'gegangen']);
    expect(referencesOf('Hund <masc, n, sg>\ndog\n   Synonym: {Köter}\n')).toEqual([]);
  });

  it('picks the base form most entries of an inflected form name, never a participle or a phrase', () => {
    expect(lemmaOf('gegangen', gegangen)).toBe('gehen');
    expect(lemmaOf('gehend', [gehend])).toBe('gehen');
    expect(lemmaOf('häuser', ['Häuser /hˈɔøzɜ/ <pl>\nhouses\n see: {Haus}, {frei Haus}\n'])).toBe('haus');
  });

  it('reads a verb without its marks, and prefers the base form most entries name first', () => {
    const gesehen = [
      'gesehen /ɡəzˈeːən/\nseen\n see: {etw. sehen}, {sehend}\n',
      'gesehen /ɡəzˈeːən/\nlooked\n see: {sehen}, {blicken}, {sehend}\n',
      'gesehen /ɡəzˈeːən/\nimagined\n see: {jdn./etw. als etw. sehen}, {sehend}\n',
    ];
    expect(lemmaOf('gesehen', gesehen)).toBe('sehen');
  });

  it('gives a base form none, nor a phrase, nor a word whose references are no base forms', () => {
    expect(lemmaOf('ein haus', ['ein Haus /aɪn hˈaʊs/\na house\n see: {Haus}\n'])).toBeUndefined();
    expect(lemmaOf('gehen', [gehen])).toBeUndefined();
    expect(lemmaOf('ging', ['ging /ɡˈɪŋ/\nwent\n see: {gegangen}, {ging}\n'])).toBeUndefined();
  });
});
