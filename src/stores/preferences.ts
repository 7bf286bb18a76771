import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { type InterfaceLocale, type LearningLanguage, preferencesStorageKey } from '@/contract/languages';
import { detectHomeLanguage } from '@/i18n/i18n';

type LanguageChoice = { homeLang: LearningLanguage; targetLang: LearningLanguage };

type PreferencesState = {
  homeLang: LearningLanguage;
  targetLang: LearningLanguage;
  /** null until the learner picks one; the browser's language is used meanwhile. */
  locale: InterfaceLocale | null;
  /** Reader toggles: colour words by level, speak a tapped word. */
  levelsShown: boolean;
  /** Levels in a colour-blind-safe palette, each with its own underline style. */
  accessibleLevels: boolean;
  speechOn: boolean;
  /** Video transcripts: pause the player when a word is tapped. */
  pauseOnTap: boolean;
  /** The learner answered or skipped the first visit's "I speak / I want to learn" choice. */
  languageChoiceDone: boolean;
  /** Read Next and Finished make the page's unsaved and level-0 words known (level 4). */
  markRestKnown: boolean;
  homeLangPicked: (lang: LearningLanguage) => void;
  /** The target language changes (a picker, or a link to a text in another language); home moves if it was it. */
  targetLangSwitched: (lang: LearningLanguage) => void;
  localePicked: (locale: InterfaceLocale) => void;
  levelsToggled: () => void;
  accessibleLevelsToggled: () => void;
  speechToggled: () => void;
  pauseOnTapToggled: () => void;
  markRestKnownToggled: () => void;
  /** The first visit's choice: both languages, or nothing when skipped. */
  languageChoiceMade: (choice: LanguageChoice | null) => void;
};

const browserLanguages = () => (typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));

/**
 * A first visit speaks the browser's language when a learner can pick it as home language (the spec's default is
 * English for both, which translates nothing); otherwise home stays English and the first visit asks.
 */
export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      homeLang: detectHomeLanguage(browserLanguages()) ?? 'en',
      targetLang: 'en',
      locale: null,
      levelsShown: true,
      accessibleLevels: false,
      speechOn: true,
      pauseOnTap: false,
      languageChoiceDone: false,
      markRestKnown: false,
      homeLangPicked: (homeLang) => set({ homeLang }),
      targetLangSwitched: (targetLang) =>
        set((state) => ({
          targetLang,
          homeLang: state.homeLang === targetLang ? (targetLang === 'en' ? 'de' : 'en') : state.homeLang,
        })),
      localePicked: (locale) => set({ locale }),
      levelsToggled: () => set((state) => ({ levelsShown: !state.levelsShown })),
      accessibleLevelsToggled: () => set((state) => ({ accessibleLevels: !state.accessibleLevels })),
      speechToggled: () => set((state) => ({ speechOn: !state.speechOn })),
      pauseOnTapToggled: () => set((state) => ({ pauseOnTap: !state.pauseOnTap })),
      markRestKnownToggled: () => set((state) => ({ markRestKnown: !state.markRestKnown })),
      languageChoiceMade: (choice) => set({ ...choice, languageChoiceDone: true }),
    }),
    {
      name: preferencesStorageKey,
      // Stored preferences are merged over the initial state: one added later (markRestKnown) starts at its default
      // without a new version.
      version: 3,
      // Learners from before version 3 have chosen their languages in the header already.
      migrate: (persisted) => ({
        levelsShown: true,
        speechOn: true,
        pauseOnTap: false,
        languageChoiceDone: true,
        ...(persisted as object),
      }),
      storage: createJSONStorage(() => localStorage),
      partialize: ({
        homeLang,
        targetLang,
        locale,
        levelsShown,
        accessibleLevels,
        speechOn,
        pauseOnTap,
        languageChoiceDone,
        markRestKnown,
      }) => ({
        homeLang,
        targetLang,
        locale,
        levelsShown,
        accessibleLevels,
        speechOn,
        pauseOnTap,
        languageChoiceDone,
        markRestKnown,
      }),
    },
  ),
);

/** The first visit asks for the languages while nothing would be translated (home = target) and it was not answered. */
export const useNeedsLanguageChoice = () => usePreferences((s) => !s.languageChoiceDone && s.homeLang === s.targetLang);
