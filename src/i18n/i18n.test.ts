import { describe, expect, it } from 'vitest';
import { detectHomeLanguage, detectLocale } from './i18n';

describe('detectLocale', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['pt-BR'], 'pt-BR'],
    [['pt-PT'], 'pt'],
    [['nb-NO'], 'nb'],
    [['no'], 'nb'],
    [['zh-CN'], 'zh'],
    [['sv-SE', 'fi'], 'fi'],
    [['sv-SE'], 'en'],
    [[], 'en'],
  ])('%j → %s', (languages, locale) => {
    expect(detectLocale(languages)).toBe(locale);
  });
});

describe('detectHomeLanguage', () => {
  it.each([
    [['de-DE', 'en'], 'de'],
    [['fr_CA'], 'fr'],
    [['hu-HU', 'ru'], 'ru'],
    [['ko-KR'], null],
    [['ja-JP'], null],
    [[], null],
  ])('%j → %s', (languages, home) => {
    expect(detectHomeLanguage(languages)).toBe(home);
  });
});
