import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { detectLocale } from '@/contract/languages';
import { activateLocale, detectHomeLanguage, i18n } from './i18n';

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

describe('the screens catalog', () => {
  afterEach(() => activateLocale('en'));

  it('comes along when the learner switches the interface language', async () => {
    // The test setup loaded it for English; the store's "Free" is in it alone.
    await activateLocale('de');
    expect(i18n._(msg`Free`)).toBe('Kostenlos');
    expect(i18n._(msg`Page not found`)).toBe('Seite nicht gefunden');
  });
});
