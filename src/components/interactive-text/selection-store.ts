import { useSyncExternalStore } from 'react';
import type { Selection } from './translation-box';

/**
 * The selected word, outside React state: a tap re-renders only what shows the selection (the translation box and
 * the level panel), not the reader around them; key handlers read it without re-subscribing.
 */
export type SelectionStore = {
  get: () => Selection | null;
  set: (next: Selection | null) => void;
  subscribe: (listener: () => void) => () => void;
};

export function createSelectionStore(): SelectionStore {
  let current: Selection | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next) => {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSelection(store: SelectionStore): Selection | null {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
