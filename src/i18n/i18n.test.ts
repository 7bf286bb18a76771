import { describe, expect, it } from 'vitest';
import { detectLocale } from './i18n';

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
