import { afterPaint } from '@/lib/after-paint';

/** A word's paragraph: word → the paragraph's words → the paragraph (contract/text-markup.ts). */
export const paragraphOf = (word: HTMLElement) => word.parentElement?.parentElement ?? null;
/** A word's block of paragraphs, in a text grouped in blocks (transcripts). */
export const chunkOf = (word: HTMLElement) => paragraphOf(word)?.parentElement ?? null;

/** The levels a text should show, by lowercase form (absent: 0). */
export type Levels = { get: (lowercase: string) => number | undefined };

type TextPainterOptions = {
  /** Runs work once the current frame is painted (off-screen occurrences wait for it). */
  schedule?: (work: () => void) => void;
  /** Told when the selection changes: the word now selected, or null. */
  onSelect?: (word: HTMLElement | null) => void;
};

export type TextPainter = ReturnType<typeof createTextPainter>;

/**
 * The text engine without React: which word elements a rendered text holds (by lowercase form and in reading
 * order), which of its blocks are off screen, the level each word shows, and the selection. A level key paints in
 * its own event, so the text never re-renders for it; the levels lookup that follows finds nothing left to paint.
 */
export function createTextPainter({ schedule = afterPaint, onSelect }: TextPainterOptions = {}) {
  let byWord = new Map<string, HTMLElement[]>();
  let inOrder: HTMLElement[] = [];
  const offScreen = new Set<Element>();
  let blockOf: (word: HTMLElement) => Element | null = paragraphOf;
  /** The level each word's elements show (or will show right after this frame); absent = 0, as rendered. */
  let painted = new Map<string, number>();
  /** Occurrences off screen waiting for the next frame, by word: one callback for all, however many words. */
  let later: Map<string, HTMLElement[]> | null = null;
  let selected: HTMLElement | null = null;
  /** Set by `clear`: the next words indexed start a new text (the first one becomes the tab stop). */
  let startsText = true;
  let synced: Levels | null = null;
  let indexChanged = false;

  const paintLater = () => {
    const pending = later ?? new Map<string, HTMLElement[]>();
    later = null;
    for (const [word, elements] of pending) {
      const meant = String(painted.get(word) ?? 0);
      for (const element of elements) element.dataset.level = meant;
    }
  };

  /**
   * Recolours every occurrence of a word: those in blocks on screen now, the rest right after this frame is
   * painted, with the level meant by then (a later key, or a refusal rolled back meanwhile, wins).
   */
  const paint = (word: string, level: number) => {
    painted.set(word, level);
    const waiting: HTMLElement[] = [];
    for (const element of byWord.get(word) ?? []) {
      const block = blockOf(element);
      if (block && offScreen.has(block)) waiting.push(element);
      else element.dataset.level = String(level);
    }
    if (waiting.length === 0) return;
    if (later) {
      later.set(word, waiting);
      return;
    }
    later = new Map([[word, waiting]]);
    schedule(paintLater);
  };

  const select = (element: HTMLElement, toggle: boolean) => {
    const previous = selected;
    if (previous) {
      previous.removeAttribute('data-selected');
      previous.tabIndex = -1;
    }
    if (toggle && previous === element) {
      selected = null;
      element.tabIndex = 0;
      onSelect?.(null);
      return;
    }
    element.dataset.selected = '';
    element.tabIndex = 0;
    selected = element;
    onSelect?.(element);
  };

  return {
    /**
     * The text is rendered anew: its index, painted levels and selection are forgotten (the elements are new and
     * show the levels they were rendered with).
     */
    clear() {
      byWord = new Map();
      inOrder = [];
      offScreen.clear();
      painted = new Map();
      selected = null;
      startsText = true;
      indexChanged = true;
    },

    /**
     * Indexes word elements rendered after those indexed so far (a transcript's next batch): they show the levels
     * already painted; words new to the text are painted by the next `sync`; the selection stays.
     */
    index(words: readonly HTMLElement[], blockOfWord: (word: HTMLElement) => Element | null) {
      blockOf = blockOfWord;
      for (const element of words) {
        const word = element.dataset.w ?? '';
        const list = byWord.get(word);
        if (list) list.push(element);
        else byWord.set(word, [element]);
        inOrder.push(element);
        if (startsText) {
          // Words the server painted show the levels its script gave them, or none (a visitor's page): 0 until synced.
          const shown = element.dataset.level;
          if (shown === undefined) element.dataset.level = '0';
          else if (shown !== '0') painted.set(word, Number(shown));
          continue;
        }
        const level = painted.get(word);
        if (level) element.dataset.level = String(level);
      }
      indexChanged = true;
      if (!startsText) return;
      startsText = false;
      const first = inOrder[0];
      if (first) first.tabIndex = 0;
      onSelect?.(null);
    },

    /** What the viewport observer saw of a block (a paragraph, or a block of them). */
    setVisible(block: Element, visible: boolean) {
      if (visible) offScreen.delete(block);
      else offScreen.add(block);
    },

    paint,

    /** Paints the words whose level differs from what they show; nothing when neither levels nor index changed. */
    sync(levels: Levels) {
      if (levels === synced && !indexChanged) return;
      synced = levels;
      indexChanged = false;
      for (const word of byWord.keys()) {
        const level = levels.get(word) ?? 0;
        if ((painted.get(word) ?? 0) !== level) paint(word, level);
      }
    },

    /** Selects a word (data-selected, the roving tab stop); with `toggle`, the selected word is unselected. */
    select,

    selected: () => selected,

    /** Selects, focuses and shows the next or previous word (from none: the first or the last). */
    move(step: 1 | -1) {
      if (inOrder.length === 0) return;
      const current = selected ? inOrder.indexOf(selected) : -1;
      const next = inOrder[current === -1 ? (step === 1 ? 0 : inOrder.length - 1) : current + step];
      if (!next) return;
      select(next, false);
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: 'nearest' });
    },
  };
}
