import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** What a level given to a word with a parent does to its family: ask each time, give it always, or never. */
export const familyLevelChoices = ['ask', 'always', 'never'] as const;
export type FamilyLevelChoice = (typeof familyLevelChoices)[number];

type FamilyLevelsState = {
  choice: FamilyLevelChoice;
  familyLevelChoicePicked: (choice: FamilyLevelChoice) => void;
};

/**
 * The learner's choice for word families' levels (docs/decisions/0041): a preference of this browser, as the reader's
 * toggles are, in a store of its own that loads with the family's code, never with the reader.
 */
export const useFamilyLevels = create<FamilyLevelsState>()(
  persist(
    (set) => ({
      choice: 'ask',
      familyLevelChoicePicked: (choice) => set({ choice }),
    }),
    {
      name: 'folio-family-levels',
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ choice }) => ({ choice }),
    },
  ),
);
