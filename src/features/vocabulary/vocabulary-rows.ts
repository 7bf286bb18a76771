import { useSyncExternalStore } from 'react';
import type { VocabularyRow } from '@/contract/endpoints/vocabulary';
import type { Section, VocabularyWord } from '@/contract/entities';
import { writtenForm } from '@/lib/written-form';

/**
 * The list's words as the text engine's sections, one word each (its token id is its row). A row keeps its section
 * while it lists the same word, so a page appended, or a level changed, leaves the rows before it as they were
 * (the engine then indexes only the new ones); the sections are returned as they were when nothing changed.
 */
export function rowSections(
  words: readonly Pick<VocabularyWord, 'lowercase' | 'sentence'>[],
  before: readonly Section[],
) {
  let same = words.length === before.length;
  const sections = words.map(({ lowercase, sentence }, index): Section => {
    const section = before[index];
    if (section?.tokens[0]?.lowercase === lowercase) return section;
    same = false;
    // The word as its sentence writes it ("Hund", not "hund"), as its flashcard shows it.
    return { tokens: [{ id: index, display: writtenForm(sentence, lowercase), lowercase, isWord: true }] };
  });
  return same ? before : sections;
}

/**
 * The rows' words and the learner's selection, outside React state: a row's cells follow its own word and checkbox,
 * so a level key or a tick re-renders that row, never the list (thousands of rows). Words are replaced quietly
 * while the list renders and told to the rows after it commits (`shown`); the selection keeps only listed words.
 */
export type RowStore = ReturnType<typeof createRowStore>;

export function createRowStore() {
  let words = new Map<string, VocabularyRow>();
  let selected: ReadonlySet<string> = new Set<string>();
  let announced: readonly VocabularyRow[] | null = null;
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    word: (lowercase: string) => words.get(lowercase),
    isSelected: (lowercase: string) => selected.has(lowercase),
    selected: () => selected,
    /** The words listed now, quietly (rows rendering now read them); a selected word no longer listed is unselected. */
    list: (next: readonly VocabularyRow[]) => {
      words = new Map(next.map((word) => [word.lowercase, word]));
      if ([...selected].some((lowercase) => !words.has(lowercase))) {
        selected = new Set([...selected].filter((lowercase) => words.has(lowercase)));
      }
    },
    /** The rows hear of the words listed, once per list. */
    shown: (next: readonly VocabularyRow[]) => {
      if (next === announced) return;
      announced = next;
      changed();
    },
    toggle: (lowercase: string, on: boolean) => {
      if (on === selected.has(lowercase)) return;
      const next = new Set(selected);
      if (on) next.add(lowercase);
      else next.delete(lowercase);
      selected = next;
      changed();
    },
    select: (lowercases: Iterable<string>) => {
      selected = new Set(lowercases);
      changed();
    },
  };
}

export function useRowWord(store: RowStore, lowercase: string): VocabularyRow | undefined {
  return useSyncExternalStore(store.subscribe, () => store.word(lowercase));
}

export function useRowSelected(store: RowStore, lowercase: string): boolean {
  return useSyncExternalStore(store.subscribe, () => store.isSelected(lowercase));
}

export function useSelection(store: RowStore): ReadonlySet<string> {
  return useSyncExternalStore(store.subscribe, store.selected);
}
