import { describe, expect, it } from 'vitest';
import { meaningToSave, noteToSave, sensesOf } from './senses';

describe('the senses of a translation', () => {
  it('splits senses at semicolons and near ones at commas, each once, in order', () => {
    expect(sensesOf('on the way; on the road')).toEqual(['on the way', 'on the road']);
    expect(sensesOf('at, on; At')).toEqual(['at', 'on']);
  });

  it("splits the starter glosses' alternatives at a spaced slash, never a word's own slash", () => {
    expect(sensesOf('at / in / on')).toEqual(['at', 'in', 'on']);
    expect(sensesOf('and/or; Friday / Fridays')).toEqual(['and/or', 'Friday', 'Fridays']);
  });

  it('leaves out what brackets add and empty parts', () => {
    expect(sensesOf('house (building), home [informal];')).toEqual(['house', 'home']);
    expect(sensesOf('(Artikel, entfällt)')).toEqual([]);
  });

  it('has none without a translation, and one for a single gloss', () => {
    expect(sensesOf(undefined)).toEqual([]);
    expect(sensesOf('das Licht')).toEqual(['das Licht']);
  });
});

describe('what an edit saves', () => {
  it('keeps a meaning on one line and trims it', () => {
    expect(meaningToSave('  a\u0007lamp\n ')).toBe('a lamp');
  });

  it("keeps a note's lines and drops other control characters", () => {
    expect(noteToSave(' first\r\nsecond\u0000\tline ')).toBe('first\nsecond\tline');
  });
});
