import { isPhrase } from '@/contract/phrases';
import { afterPaint } from '@/lib/after-paint';
import type { PhraseMarks } from './phrase-marks';

/** The phrase code (phrase-marks.ts): loaded with a text's first phrase, or given at once (tests). */
type PhraseTools = typeof import('./phrase-marks');

/** A word's paragraph: word → the paragraph's words → the paragraph (contract/text-markup.ts). */
export const paragraphOf = (word: HTMLElement) => word.parentElement?.parentElement ?? null;
/** A word's block of paragraphs, in a text grouped in blocks (transcripts). */
export const chunkOf = (word: HTMLElement) => paragraphOf(word)?.parentElement ?? null;

/** The levels a text should show, by lowercase form (absent: 0), and the saved phrases among them. */
export type Levels = {
  get: (lowercase: string) => number | undefined;
  phrases?: () => ReadonlyMap<string, number>;
  /** The words whose level may differ from `earlier`'s, when these levels were made from them (else undefined). */
  changedSince?: (earlier: Levels) => readonly string[] | undefined;
};

type TextPainterOptions = {
  /** Runs work once the current frame is painted (off-screen occurrences wait for it). */
  schedule?: (work: () => void) => void;
  /**
   * Told when the selection changes: the word now selected (a phrase's first word), or null; and a phrase's words
   * when a phrase is selected.
   */
  onSelect?: (word: HTMLElement | null, phrase?: ChosenPhrase) => void;
  /** The phrase code, or how to load it: a text without phrases never needs it. */
  phraseTools?: PhraseTools | (() => Promise<PhraseTools>);
};

export type TextPainter = ReturnType<typeof createTextPainter>;

/** A selected phrase: its words, its text as written, its lowercase form as saved. */
export type ChosenPhrase = { words: readonly HTMLElement[]; display: string; lowercase: string };

/**
 * The text engine without React: which word elements a rendered text holds (by lowercase form and in reading
 * order), which of its blocks are off screen, the level each word shows, and the selection. A level key paints in
 * its own event, so the text never re-renders for it; the levels lookup that follows finds nothing left to paint.
 */
export function createTextPainter({
  schedule = afterPaint,
  onSelect,
  phraseTools = () => import('./phrase-marks'),
}: TextPainterOptions = {}) {
  let byWord = new Map<string, HTMLElement[]>();
  let inOrder: HTMLElement[] = [];
  const offScreen = new Set<Element>();
  let blockOf: (word: HTMLElement) => Element | null = paragraphOf;
  /** The level each word's elements show (or will show right after this frame); absent = 0, as rendered. */
  let painted = new Map<string, number>();
  /** Occurrences off screen waiting for the next frame, by word: one callback for all, however many words. */
  let later: Map<string, HTMLElement[]> | null = null;
  let selected: HTMLElement | null = null;
  /** The selected phrase's words (saved or being chosen), in order; null while one word is selected. */
  let run: HTMLElement[] | null = null;
  /** Where a phrase being chosen started: extending moves its other end. */
  let anchor: HTMLElement | null = null;
  let tools: PhraseTools | null = typeof phraseTools === 'function' ? null : phraseTools;
  let loading: Promise<PhraseTools> | null = null;
  let marks: PhraseMarks | null = tools ? tools.createPhraseMarks() : null;
  /** The text's phrases and their levels as last synced: applied once the phrase code has loaded. */
  let phrasesMeant: ReadonlyMap<string, number> | null = null;
  /**
   * Runs phrase work now when the phrase code is there, else once it has loaded (a failed load is asked again next
   * time; the phrases then show at the next sync).
   */
  const withPhrases = (work: (loaded: PhraseTools, marks: PhraseMarks) => void) => {
    if (tools && marks) {
      work(tools, marks);
      return;
    }
    if (typeof phraseTools !== 'function') return;
    loading ??= phraseTools().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    loading
      .then((loaded) => {
        tools = loaded;
        marks ??= loaded.createPhraseMarks();
        if (phrasesMeant) marks.set(phrasesMeant, byWord);
        work(loaded, marks);
      })
      .catch(() => {});
  };
  /** Set by `clear`: the next words indexed start a new text (the first one becomes the tab stop). */
  let startsText = true;
  let synced: Levels | null = null;
  /** Words indexed since the last sync of a text synced before (sections appended): the next sync looks at them alone. */
  let fresh: Set<string> | null = null;

  /** Paints the given words whose level differs from what they show. */
  const paintDiffering = (words: Iterable<string>, levels: Levels) => {
    for (const word of words) {
      const level = levels.get(word) ?? 0;
      if ((painted.get(word) ?? 0) !== level) paint(word, level);
    }
  };

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
    // A phrase is marked where its words stand in a row; a list shows it as one element too (a vocabulary row).
    if (isPhrase(word)) withPhrases((_, loaded) => loaded.paint(word, level, byWord));
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

  const unmark = () => {
    for (const word of run ?? (selected ? [selected] : [])) word.removeAttribute('data-selected');
    if (selected) selected.tabIndex = -1;
  };

  /** Selects one word, or a phrase's words (the first one the tab stop). */
  const choose = (words: readonly HTMLElement[]) => {
    unmark();
    const [first] = words;
    if (!first) return;
    for (const word of words) word.dataset.selected = '';
    first.tabIndex = 0;
    selected = first;
    run = words.length > 1 ? [...words] : null;
    // A phrase is chosen only once the phrase code is there (a saved one's marks, or a drag's checks).
    onSelect?.(first, run && tools ? { words: run, ...tools.phraseSelected(run) } : undefined);
  };

  const unselect = (element: HTMLElement) => {
    unmark();
    selected = null;
    run = null;
    anchor = null;
    element.tabIndex = 0;
    onSelect?.(null);
  };

  const isRun = (words: readonly HTMLElement[]) =>
    run !== null && run.length === words.length && run.every((word, at) => word === words[at]);

  /**
   * A tap or Enter: a word in a saved phrase selects the phrase first and the word alone next; with `toggle`, the
   * selected word is unselected.
   */
  const select = (element: HTMLElement, toggle: boolean) => {
    const phrase = marks?.occurrenceOf(element);
    anchor = element;
    if (phrase && !isRun(phrase.words) && !(toggle && selected === element && run === null)) {
      choose(phrase.words);
      return;
    }
    if (toggle && selected === element && run === null) {
      unselect(element);
      return;
    }
    choose([element]);
  };

  /**
   * The words from `from` to `to` as a phrase being chosen (a drag, a shift+click, a long press and a tap), when they
   * make one: in one paragraph and one sentence, 2–7 words; otherwise the word `to` alone.
   */
  const selectBetween = (from: HTMLElement, to: HTMLElement) => {
    withPhrases((loaded) => {
      const words = loaded.runBetween(from, to);
      anchor = words ? from : to;
      choose(words ?? [to]);
    });
  };

  const show = (element: HTMLElement) => {
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  };

  return {
    /**
     * The text is rendered anew: its index, painted levels and selection are forgotten (the elements are new and
     * show the levels they were rendered with).
     */
    clear() {
      marks?.reset();
      phrasesMeant = null;
      run = null;
      anchor = null;
      byWord = new Map();
      inOrder = [];
      offScreen.clear();
      painted = new Map();
      selected = null;
      startsText = true;
      synced = null;
      fresh = null;
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
        if (synced) {
          fresh ??= new Set();
          fresh.add(word);
        }
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
      if (!startsText) {
        marks?.added(words);
        return;
      }
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

    /**
     * Paints the words whose level differs from what they show: with the levels synced before, only words indexed
     * since (their phrases were matched as they were indexed); nothing when neither levels nor index changed.
     */
    sync(levels: Levels) {
      const indexed = fresh;
      fresh = null;
      if (levels === synced) {
        if (indexed) paintDiffering(indexed, levels);
        return;
      }
      // Levels made from those synced before name the words they changed: only those, and the words indexed since.
      const changed = synced && levels.changedSince?.(synced);
      synced = levels;
      if (changed) {
        paintDiffering(
          changed.filter((word) => byWord.has(word)),
          levels,
        );
        if (indexed) paintDiffering(indexed, levels);
        if (!changed.some(isPhrase)) return;
      } else {
        paintDiffering(byWord.keys(), levels);
      }
      const phrases = levels.phrases?.();
      if (!phrases || (phrases.size === 0 && !marks?.size)) return;
      phrasesMeant = phrases;
      withPhrases((_, loaded) => loaded.set(phrases, byWord));
    },

    /** Selects a word or the saved phrase it stands in (data-selected, the roving tab stop). */
    select,

    selectBetween,

    /** Starts a phrase at a word (a long press): the word is selected, the next word picked ends the phrase. */
    startPhrase(word: HTMLElement) {
      anchor = word;
      choose([word]);
    },

    /** Where a phrase being chosen started, if a word is selected: a shift+click ends the phrase there. */
    anchor: () => (selected ? anchor : null),

    selected: () => selected,

    /**
     * Selects, focuses and shows the next or previous word (from none: the first or the last); a saved phrase is one
     * step, and the step after it starts from its far end.
     */
    move(step: 1 | -1) {
      if (inOrder.length === 0) return;
      const from = run ? (step === 1 ? run.at(-1) : run[0]) : selected;
      const current = from ? inOrder.indexOf(from) : -1;
      const next = inOrder[current === -1 ? (step === 1 ? 0 : inOrder.length - 1) : current + step];
      if (!next) return;
      anchor = next;
      const phrase = marks?.occurrenceOf(next);
      choose(phrase ? phrase.words : [next]);
      show(selected ?? next);
    },

    /** Moves the far end of the phrase being chosen one word (shift+l, shift+h, shift+arrows). */
    extend(step: 1 | -1) {
      if (!selected) return;
      const start = anchor ?? selected;
      const end = run ? (run[0] === start ? run.at(-1) : run[0]) : selected;
      const next = end ? inOrder[inOrder.indexOf(end) + step] : undefined;
      if (!next) return;
      // Past a sentence end or seven words the phrase stays as it is.
      withPhrases((loaded) => {
        const words = loaded.runBetween(start, next);
        if (!words) return;
        anchor = start;
        choose(words);
        show(next);
      });
    },
  };
}
