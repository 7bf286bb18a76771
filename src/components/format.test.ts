import { describe, expect, it } from 'vitest';
import { abbreviateCount, dateLocale, isProActive, usageLevel } from './format';

describe('abbreviateCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.2K'],
    [12_500, '12K'],
    [999_999, '999K'],
    [1_000_000, '1M'],
    [3_450_000, '3.4M'],
  ])('%d → %s', (value, text) => {
    expect(abbreviateCount(value)).toBe(text);
  });

  it.each([
    ['ru', 1250, '1,2 тыс.'],
    ['ja', 12_500, '1.2万'],
    ['de', 3_450_000, '3,4 Mio.'],
    ['fr', 12_500, '12 k'],
  ])('in %s, %d → %s', (locale, value, text) => {
    expect(abbreviateCount(value, locale).replace(/\u00a0|\u202f/g, ' ')).toBe(text);
  });
});

describe('usageLevel', () => {
  it.each([
    [0, 100, 'low'],
    [49, 100, 'low'],
    [50, 100, 'medium'],
    [79, 100, 'medium'],
    [80, 100, 'high'],
    [120, 100, 'high'],
  ] as const)('%d of %d is %s', (used, limit, level) => {
    expect(usageLevel(used, limit)).toBe(level);
  });
});

describe('isProActive', () => {
  it('is active only while the end date is in the future', () => {
    const now = Date.parse('2026-05-01T00:00:00Z');
    expect(isProActive({ endDate: '2026-06-01T00:00:00Z' }, now)).toBe(true);
    expect(isProActive({ endDate: '2026-04-01T00:00:00Z' }, now)).toBe(false);
    expect(isProActive({ endDate: null }, now)).toBe(false);
  });
});

describe('dateLocale', () => {
  it.each([
    ['en', ['en-GB', 'en'], 'en-GB'],
    ['en', ['de-DE', 'en-AU'], 'en-AU'],
    ['de', ['en-GB', 'de'], 'de'],
    ['de', ['de_AT'], 'de-AT'],
    ['pt-BR', ['pt-PT'], 'pt-BR'],
    ['en', [], 'en'],
    ['en', ['not a tag', 'en-IE'], 'en-IE'],
  ])('%s in a browser speaking %j → %s', (locale, languages, expected) => {
    expect(dateLocale(locale, languages)).toBe(expected);
  });
});
