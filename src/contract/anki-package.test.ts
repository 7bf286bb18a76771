import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ankiChecksum, ankiFields, ankiGuid, boldSentence, sha1 } from './anki-package';

describe('the Anki package writer', () => {
  it.each(['', 'cat', 'Straße', '고양이가', 'x'.repeat(200)])('hashes %j as SHA-1 does', (text) => {
    expect(Buffer.from(sha1(text)).toString('hex')).toBe(createHash('sha1').update(text).digest('hex'));
  });

  it("checksums the first field without its HTML, as Anki's first 32 bits of SHA-1", () => {
    const hex = createHash('sha1').update('a<b').digest('hex').slice(0, 8);
    expect(ankiChecksum('a&lt;<b>b</b>')).toBe(Number.parseInt(hex, 16));
  });

  it('gives the same learner, language and word the same guid, and changes it with any of them', () => {
    const guid = ankiGuid(7, 'de', 'hund');
    expect(ankiGuid(7, 'de', 'hund')).toBe(guid);
    expect(new Set([guid, ankiGuid(8, 'de', 'hund'), ankiGuid(7, 'en', 'hund'), ankiGuid(7, 'de', 'hunde')]).size).toBe(
      4,
    );
    expect(guid).toMatch(/^[\x21-\x7e]{1,10}$/);
  });

  it("writes a guid as the hash's first 64 bits in Anki's base 91", () => {
    const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~';
    for (const word of ['hund', 'café', '고양이']) {
      let value = BigInt(
        `0x${createHash('sha1').update(`folio\u001f7\u001fde\u001f${word}`).digest('hex').slice(0, 16)}`,
      );
      let expected = '';
      do {
        expected = alphabet.charAt(Number(value % 91n)) + expected;
        value /= 91n;
      } while (value > 0n);
      expect(ankiGuid(7, 'de', word)).toBe(expected);
    }
  });

  it('bolds the word where it stands whole, ignoring case, and escapes the rest', () => {
    expect(boldSentence('Hund & hunde: ein <Hund>.', 'hund')).toBe('<b>Hund</b> &amp; hunde: ein &lt;<b>Hund</b>&gt;.');
  });

  it('bolds the word inside a longer one when it never stands whole (a Korean word and its particle)', () => {
    expect(boldSentence('고양이가 잔다.', '고양이')).toBe('<b>고양이</b>가 잔다.');
  });

  it('writes the fields in order, an empty sentence and meaning as empty fields, line breaks of a note as <br>', () => {
    expect(ankiFields({ language: 'en', word: 'cat', level: 2, meaning: null, note: 'a\nb', sentence: null })).toEqual([
      'cat',
      '',
      '',
      'a<br>b',
      '2',
    ]);
  });
});
