import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { InterfaceLocale, LearningLanguage } from '@/contract/languages';

type PreferencesState = {
  homeLang: LearningLanguage;
  targetLang: LearningLanguage;
  /** null until the learner picks one; the browser's language is used meanwhile. */
  locale: InterfaceLocale | null;
  /** Reader toggles: colour words by level, speak a tapped word. */
  levelsShown: boolean;
  speechOn: boolean;
  homeLangPicked: (lang: LearningLanguage) => void;
  targetLangPicked: (lang: LearningLanguage) => void;
  localePicked: (locale: InterfaceLocale) => void;
  levelsToggled: () => void;
  speechToggled: () => void;
};

export const usePreferences = create<PreferencesState>()(
  persist(
    (set) => ({
      homeLang: 'en',
      targetLang: 'en',
      locale: null,
      levelsShown: true,
      speechOn: true,
      homeLangPicked: (homeLang) => set({ homeLang }),
      targetLangPicked: (targetLang) => set({ targetLang }),
      localePicked: (locale) => set({ locale }),
      levelsToggled: () => set((state) => ({ levelsShown: !state.levelsShown })),
      speechToggled: () => set((state) => ({ speechOn: !state.speechOn })),
    }),
    {
      name: 'folio.preferences',
      version: 2,
      migrate: (persisted) => ({ levelsShown: true, speechOn: true, ...(persisted as object) }),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ homeLang, targetLang, locale, levelsShown, speechOn }) => ({
        homeLang,
        targetLang,
        locale,
        levelsShown,
        speechOn,
      }),
    },
  ),
);
