import type { WordLevel } from '@/contract/entities';

export type ReaderKeyAction =
  | { kind: 'level'; level: WordLevel }
  | { kind: 'move'; step: 1 | -1 }
  | { kind: 'extend'; step: 1 | -1 };

const levelKeys: Record<string, WordLevel> = { '0': 0, y: 0, '1': 1, u: 1, '2': 2, i: 2, '3': 3, o: 3, '4': 4, p: 4 };

/**
 * Spec §2's keys: 0/y … 4/p set the level, l and h move to the next and previous word; with shift, l and h (and the
 * arrows, by the text's direction) move the far end of a phrase being chosen.
 */
export function readerKeyAction(
  key: string,
  shift = false,
  direction: 'ltr' | 'rtl' = 'ltr',
): ReaderKeyAction | undefined {
  const lower = key.toLowerCase();
  if (shift) {
    const forward = direction === 'ltr' ? 'arrowright' : 'arrowleft';
    const backward = direction === 'ltr' ? 'arrowleft' : 'arrowright';
    if (lower === 'l' || lower === forward) return { kind: 'extend', step: 1 };
    if (lower === 'h' || lower === backward) return { kind: 'extend', step: -1 };
  }
  const level = levelKeys[lower];
  if (level !== undefined) return { kind: 'level', level };
  if (lower === 'l') return { kind: 'move', step: 1 };
  if (lower === 'h') return { kind: 'move', step: -1 };
  return undefined;
}

/** Keys typed into a field belong to the field. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
