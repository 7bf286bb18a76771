import { useCallback, useSyncExternalStore } from 'react';
import type { VocabularyRow, VocabularyWord } from '@/contract/endpoints/vocabulary';
import type { Section } from '@/contract/entities';
import { writtenForm } from '@/lib/written-form';

/**
 * The pages' words, each once: a page is asked after the last word of the one before, and a word whose sort key changed
 * in between (its occurrences, when a text was added meanwhile) can come again on a later page, where the row it
 * already has keeps it.
 */
export function listedWords<Word extends Pick<VocabularyWord, 'lowercase'>>(
  pages: readonly { words: readonly Word[] }[],
): Word[] {
  const seen = new Set<string>();
  const words: Word[] = [];
  for (const page of pages) {
    for (const word of page.words) {
      if (seen.has(word.lowercase)) continue;
      seen.add(word.lowercase);
      words.push(word);
    }
  }
  return words;
}

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
 * so a level key or a tick re-renders that row, never the list (thousands of rows), and a page appended tells no
 * row at all. Words are taken in quietly while the list renders and told to the rows whose word changed after it
 * commits (`shown`); the selection keeps only listed words.
 */
export type RowStore = ReturnType<typeof createRowStore>;

export function createRowStore() {
  let words = new Map<string, VocabularyRow>();
  let listed: readonly VocabularyRow[] = [];
  let selected: ReadonlySet<string> = new Set<string>();
  let announced: readonly VocabularyRow[] | null = null;
  /** Rows whose word changed since the rows last heard (null: every row). */
  let unheard: Set<string> | null = new Set<string>();
  const rowListeners = new Map<string, Set<() => void>>();
  const listeners = new Set<() => void>();
  const tell = (rows: Iterable<string> | null) => {
    if (rows === null) for (const each of rowListeners.values()) for (const listener of each) listener();
    else for (const row of rows) for (const listener of rowListeners.get(row) ?? []) listener();
    for (const listener of listeners) listener();
  };
  return {
    /** Hears of every change: the selection as a whole. */
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Hears of changes to one row: its word or its tick. */
    subscribeRow: (lowercase: string, listener: () => void) => {
      const each = rowListeners.get(lowercase) ?? new Set();
      rowListeners.set(lowercase, each);
      each.add(listener);
      return () => {
        each.delete(listener);
        if (each.size === 0) rowListeners.delete(lowercase);
      };
    },
    word: (lowercase: string) => words.get(lowercase),
    isSelected: (lowercase: string) => selected.has(lowercase),
    selected: () => selected,
    /** The words listed now, quietly (rows rendering now read them); a selected word no longer listed is unselected. */
    list: (next: readonly VocabularyRow[]) => {
      if (next === listed) return;
      listed = next;
      for (const word of next) {
        if (words.get(word.lowercase) === word) continue;
        words.set(word.lowercase, word);
        unheard?.add(word.lowercase);
      }
      // The listed words are unique: a larger map still holds words no longer listed.
      if (words.size === next.length) return;
      words = new Map(next.map((word) => [word.lowercase, word]));
      unheard = null;
      if ([...selected].some((lowercase) => !words.has(lowercase))) {
        selected = new Set([...selected].filter((lowercase) => words.has(lowercase)));
      }
    },
    /** The rows whose word changed hear of it, once per list. */
    shown: (next: readonly VocabularyRow[]) => {
      if (next === announced) return;
      announced = next;
      const rows = unheard;
      unheard = new Set();
      tell(rows);
    },
    toggle: (lowercase: string, on: boolean) => {
      if (on === selected.has(lowercase)) return;
      const next = new Set(selected);
      if (on) next.add(lowercase);
      else next.delete(lowercase);
      selected = next;
      tell([lowercase]);
    },
    select: (lowercases: Iterable<string>) => {
      const before = selected;
      selected = new Set(lowercases);
      tell(new Set([...before, ...selected]));
    },
  };
}

function useRowSubscription(store: RowStore, lowercase: string) {
  return useCallback((listener: () => void) => store.subscribeRow(lowercase, listener), [store, lowercase]);
}

export function useRowWord(store: RowStore, lowercase: string): VocabularyRow | undefined {
  return useSyncExternalStore(useRowSubscription(store, lowercase), () => store.word(lowercase));
}

export function useRowSelected(store: RowStore, lowercase: string): boolean {
  return useSyncExternalStore(useRowSubscription(store, lowercase), () => store.isSelected(lowercase));
}

export function useSelection(store: RowStore): ReadonlySet<string> {
  return useSyncExternalStore(store.subscribe, store.selected);
}
