import type { Token } from '@/contract/entities';
import { createPhraseIndex, phraseOfTokens } from '@/contract/phrase-index';
import { phraseWords } from '@/contract/phrases';
import './phrase-marks.css';

/**
 * Where a saved phrase occurs in a rendered text: its word elements, in order, and the elements its separators (the
 * spaces and punctuation between its words) are wrapped in while it is marked.
 */
export type PhraseOccurrence = { phrase: string; words: HTMLElement[]; gaps: HTMLElement[] };

/** A paragraph's words container (`.reader-words`): what a phrase is matched in, never across two. */
export const wordsOf = (word: HTMLElement) => word.parentElement;

/**
 * A words container's tokens read back from its markup (contract/text-markup.ts), each with its node, and each word
 * with its element. A separator wrapped while a phrase is marked reads as the separator it holds.
 */
export function tokensIn(container: Element): {
  tokens: Token[];
  elements: (HTMLElement | null)[];
  nodes: ChildNode[];
} {
  const tokens: Token[] = [];
  const elements: (HTMLElement | null)[] = [];
  const nodes = [...container.childNodes];
  for (const node of nodes) {
    const id = tokens.length;
    if (node instanceof HTMLElement && node.dataset.w !== undefined) {
      tokens.push({ id, display: node.textContent ?? '', lowercase: node.dataset.w, isWord: true });
      elements.push(node);
    } else {
      const display = node.textContent ?? '';
      tokens.push({ id, display, lowercase: display, isWord: false });
      elements.push(null);
    }
  }
  return { tokens, elements, nodes };
}

/**
 * The words from `from` to `to` (either order) when they make a phrase (in one paragraph and one sentence, 2–7
 * words) or are one word. Null otherwise.
 */
export function runBetween(from: HTMLElement, to: HTMLElement): HTMLElement[] | null {
  if (from === to) return [from];
  const container = wordsOf(from);
  if (!container || container !== wordsOf(to)) return null;
  const { tokens, elements } = tokensIn(container);
  const [start, end] = [elements.indexOf(from), elements.indexOf(to)];
  if ('problem' in phraseOfTokens(tokens, start, end)) return null;
  return elements.slice(Math.min(start, end), Math.max(start, end) + 1).filter((element) => element !== null);
}

/** A phrase's text as written (its spacing made plain) and its lowercase form as saved, from its words. */
export function phraseSelected(words: readonly HTMLElement[]): { display: string; lowercase: string } {
  const [first, last] = [words[0], words.at(-1)];
  let display = '';
  if (first && last) {
    const range = document.createRange();
    range.setStartBefore(first);
    range.setEndAfter(last);
    display = (range.toString() || words.map((word) => word.textContent).join(' ')).replace(/\s+/g, ' ').trim();
  }
  return { display, lowercase: words.map((word) => word.dataset.w ?? '').join(' ') };
}

const gapClass = 'phrase-gap';

/**
 * Wraps a separator between two words of a phrase in an element of its own, so the phrase's level colours it too
 * (phrase-marks.css) and the phrase reads as one unit. The text's markup is a string React sets and never reconciles
 * node by node (page-text.tsx), and the words' own elements stay where they are.
 */
function wrapGap(node: ChildNode): HTMLElement {
  if (node instanceof HTMLElement && node.classList.contains(gapClass)) return node;
  const gap = document.createElement('span');
  gap.className = gapClass;
  node.replaceWith(gap);
  gap.append(node);
  return gap;
}

/**
 * The saved phrases of a rendered text: which phrases the learner has (an index by first word, extended as phrases
 * are saved, never rebuilt), where they occur, and their level shown on their words (`data-phrase`, the level;
 * `data-phrase-part`: start, middle, end) and on the separators between them (wrapped while marked). Paragraphs are
 * matched again only where a changed phrase's first word occurs; a text without phrases costs nothing.
 */
export function createPhraseMarks() {
  let index = createPhraseIndex();
  let levelOf = new Map<string, number>();
  let byContainer = new Map<Element, PhraseOccurrence[]>();
  let ofWord = new Map<HTMLElement, PhraseOccurrence>();
  let byPhrase = new Map<string, Set<PhraseOccurrence>>();

  const show = (occurrence: PhraseOccurrence, level: number) => {
    const last = occurrence.words.length - 1;
    for (const [at, word] of occurrence.words.entries()) {
      word.dataset.phrase = String(level);
      word.dataset.phrasePart = at === 0 ? 'start' : at === last ? 'end' : 'middle';
    }
    for (const gap of occurrence.gaps) gap.dataset.phrase = String(level);
  };

  const forget = (occurrence: PhraseOccurrence) => {
    for (const word of occurrence.words) {
      delete word.dataset.phrase;
      delete word.dataset.phrasePart;
      ofWord.delete(word);
    }
    for (const gap of occurrence.gaps) gap.replaceWith(...gap.childNodes);
    byPhrase.get(occurrence.phrase)?.delete(occurrence);
  };

  /** Finds the phrases of one paragraph again, after a phrase it may hold was added or removed. */
  const match = (container: Element) => {
    for (const occurrence of byContainer.get(container) ?? []) forget(occurrence);
    byContainer.delete(container);
    if (index.size === 0) return;
    const { tokens, elements, nodes } = tokensIn(container);
    const found: PhraseOccurrence[] = [];
    for (const { phrase, first, last } of index.match(tokens)) {
      const words: HTMLElement[] = [];
      const separators: ChildNode[] = [];
      for (let at = first; at <= last; at++) {
        const word = elements[at];
        const node = nodes[at];
        if (word) words.push(word);
        else if (node) separators.push(node);
      }
      if (words.length === 0) continue;
      const occurrence = { phrase, words, gaps: separators.map(wrapGap) };
      found.push(occurrence);
      for (const word of words) ofWord.set(word, occurrence);
      const list = byPhrase.get(phrase) ?? new Set();
      list.add(occurrence);
      byPhrase.set(phrase, list);
      show(occurrence, levelOf.get(phrase) ?? 0);
    }
    if (found.length > 0) byContainer.set(container, found);
  };

  /** The paragraphs holding a phrase's first word, by the text's word index. */
  const containersOf = (phrase: string, byWord: ReadonlyMap<string, HTMLElement[]>, into: Set<Element>) => {
    for (const element of byWord.get(phraseWords(phrase)[0] ?? '') ?? []) {
      const container = wordsOf(element);
      if (container) into.add(container);
    }
  };

  return {
    get size() {
      return index.size;
    },

    /** The text is rendered anew: its occurrences are gone with its elements; the phrases come again by `set`. */
    reset() {
      for (const occurrences of byContainer.values()) for (const occurrence of occurrences) forget(occurrence);
      index = createPhraseIndex();
      levelOf = new Map();
      byContainer = new Map();
      ofWord = new Map();
      byPhrase = new Map();
    },

    /** Words rendered after the others (a transcript's next batch): their paragraphs are matched. */
    added(words: readonly HTMLElement[]) {
      if (index.size === 0) return;
      const containers = new Set<Element>();
      for (const word of words) {
        const container = wordsOf(word);
        if (container && index.startsWith(word.dataset.w ?? '')) containers.add(container);
      }
      for (const container of containers) match(container);
    },

    /**
     * The learner's phrases the text's levels hold now: those new to it are matched where their first word occurs,
     * those gone are unmarked, those whose level changed are recoloured.
     */
    set(phrases: ReadonlyMap<string, number>, byWord: ReadonlyMap<string, HTMLElement[]>) {
      const containers = new Set<Element>();
      for (const [phrase, level] of phrases) {
        const before = levelOf.get(phrase);
        levelOf.set(phrase, level);
        if (before === undefined) {
          index.add(phrase);
          containersOf(phrase, byWord, containers);
        } else if (before !== level) {
          for (const occurrence of byPhrase.get(phrase) ?? []) show(occurrence, level);
        }
      }
      for (const phrase of [...levelOf.keys()]) {
        if (phrases.has(phrase)) continue;
        levelOf.delete(phrase);
        index.remove(phrase);
        containersOf(phrase, byWord, containers);
      }
      for (const container of containers) match(container);
    },

    /** A phrase's level set by a key: shown on every occurrence at once, a phrase new to the text matched first. */
    paint(phrase: string, level: number, byWord: ReadonlyMap<string, HTMLElement[]>) {
      if (levelOf.has(phrase)) {
        levelOf.set(phrase, level);
        for (const occurrence of byPhrase.get(phrase) ?? []) show(occurrence, level);
        return;
      }
      levelOf.set(phrase, level);
      index.add(phrase);
      const containers = new Set<Element>();
      containersOf(phrase, byWord, containers);
      for (const container of containers) match(container);
    },

    /** The saved phrase a word stands in, if any. */
    occurrenceOf: (word: HTMLElement) => ofWord.get(word),
  };
}

export type PhraseMarks = ReturnType<typeof createPhraseMarks>;
