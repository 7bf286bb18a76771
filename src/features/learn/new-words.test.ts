import { describe, expect, it } from 'vitest';
import { coverageOf } from '@/contract/coverage';
import type { TextNewWords } from '@/contract/endpoints/coverage';
import { coverageNow, thresholdsReached } from './new-words';

describe('thresholdsReached', () => {
  it('marks the first word reaching 95 % and the first reaching 98 %', () => {
    const words = [{ band: 'hard' }, { band: 'stretch' }, { band: 'stretch' }, { band: 'comfortable' }] as const;
    expect(thresholdsReached('hard', words)).toEqual([
      { stretch: false, comfortable: false },
      { stretch: true, comfortable: false },
      { stretch: false, comfortable: false },
      { stretch: false, comfortable: true },
    ]);
  });

  it('marks both on one word that jumps past both, and none the text has already reached', () => {
    expect(thresholdsReached('hard', [{ band: 'comfortable' }])).toEqual([{ stretch: true, comfortable: true }]);
    expect(thresholdsReached('stretch', [{ band: 'comfortable' }])).toEqual([{ stretch: false, comfortable: true }]);
    expect(thresholdsReached(null, [])).toEqual([]);
  });
});

describe('coverageNow', () => {
  const answer: TextNewWords = {
    coverage: coverageOf({ wordTokens: 100, knownTokens: 50, familiarTokens: 60, newWords: 3 }),
    words: [
      { lowercase: 'a', occurrences: 20, level: null, familiarPercent: 80, band: 'hard' },
      { lowercase: 'b', occurrences: 15, level: 0, familiarPercent: 95, band: 'stretch' },
    ],
  };

  it('is the answer while no listed word changed', () => {
    expect(coverageNow(answer, { get: () => undefined })).toEqual(answer.coverage);
  });

  it('counts a listed word given a level as familiar, and as known at level 4', () => {
    const levels = new Map([
      ['a', 4],
      ['b', 2],
    ]);
    expect(coverageNow(answer, levels)).toMatchObject({
      knownTokens: 70,
      familiarTokens: 95,
      newWords: 1,
      knownPercent: 70,
      band: 'stretch',
    });
  });
});
