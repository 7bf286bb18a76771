import { beforeEach, describe, expect, it } from 'vitest';
import { preferencesStorageKey } from '@/contract/languages';
import { usePreferences } from './preferences';

const stored = () => JSON.parse(localStorage.getItem(preferencesStorageKey) ?? '{}');

describe('the preferences', () => {
  beforeEach(() => usePreferences.setState(usePreferences.getInitialState(), true));

  it('leave "Mark the rest as known" off at first, and remember it once turned on', () => {
    expect(usePreferences.getState().markRestKnown).toBe(false);
    usePreferences.getState().markRestKnownToggled();
    expect(stored()).toMatchObject({ version: 3, state: { markRestKnown: true } });
  });

  it('keep what was stored before the option existed, with the option off', async () => {
    const before = {
      homeLang: 'de',
      targetLang: 'es',
      locale: 'fr',
      levelsShown: false,
      accessibleLevels: true,
      speechOn: false,
      pauseOnTap: true,
      languageChoiceDone: true,
    };
    localStorage.setItem(preferencesStorageKey, JSON.stringify({ state: before, version: 3 }));
    await usePreferences.persist.rehydrate();
    expect(usePreferences.getState()).toMatchObject({ ...before, markRestKnown: false });
  });

  it('bring preferences stored before version 3 forward', async () => {
    localStorage.setItem(
      preferencesStorageKey,
      JSON.stringify({ state: { homeLang: 'de', targetLang: 'en', locale: null }, version: 2 }),
    );
    await usePreferences.persist.rehydrate();
    expect(usePreferences.getState()).toMatchObject({
      homeLang: 'de',
      targetLang: 'en',
      levelsShown: true,
      speechOn: true,
      languageChoiceDone: true,
      markRestKnown: false,
    });
  });
});
