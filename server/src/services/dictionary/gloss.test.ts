import { describe, expect, it } from 'vitest';
import { decodeDictdNumber } from './dictd.ts';
import { candidatesOf, pickGloss, repairText } from './gloss.ts';

describe('dictd index numbers', () => {
  it('decode base64 digits, most significant first', () => {
    expect(decodeDictdNumber('B')).toBe(1);
    expect(decodeDictdNumber('BA')).toBe(64);
    expect(decodeDictdNumber('GHAt')).toBe(6 * 64 ** 3 + 7 * 64 ** 2 + 0 * 64 + 45);
  });

  it('refuse a character outside base64', () => {
    expect(() => decodeDictdNumber('A*')).toThrow();
  });
});

describe('picking a gloss', () => {
  it('reads the sense lines and leaves out notes, examples and cross references', () => {
    const definition =
      'schnell /ʃnˈɛl/ <adj>\nfast <adj>\n   Synonyms: {fest}\n      "so schnell"  - as fast\n see: {x}\n';
    expect(candidatesOf(definition)).toEqual(['fast']);
  });

  it('prefers the sense that recurs across entries over the one listed first', () => {
    expect(
      pickGloss([
        'schnell <adj>\nslippy <adj>\n',
        'schnell <adj>\nfast <adj>\n',
        'schnell <adv>\nfast <adv>, quickly <adv>\n',
      ]),
    ).toBe('fast');
  });

  it('prefers the sense that other senses are built on', () => {
    expect(pickGloss(['house\n1. lak\n2. uralkodóház\n3. ház\n4. üzletház\n5. képviselőház\n'])).toBe('ház');
  });

  it('answers nothing for a definition without senses', () => {
    expect(pickGloss(['word /wɜːd/\n'])).toBeUndefined();
  });
});

describe('repairing Hungarian', () => {
  it('puts ő and ű back where the data has ô and û', () => {
    expect(repairText('elôadás, tûz', 'hu')).toBe('előadás, tűz');
    expect(repairText('côte', 'fr')).toBe('côte');
  });
});
