import { afterEach, describe, expect, it, vi } from 'vitest';
import { paragraphHtml } from '@/contract/text-markup';
import * as phraseTools from './phrase-marks';
import { lineTokens } from './test-tokens';
import { type ChosenPhrase, createTextPainter, paragraphOf } from './text-painter';

/** A text rendered as the reader renders it, one paragraph per line; returns its root. */
function renderText(...lines: string[]) {
  const root = document.createElement('div');
  root.innerHTML = lines.map((line, index) => paragraphHtml(lineTokens(line), index, 0)).join('');
  document.body.append(root);
  return root;
}

/** A text of the markup given, painted by a painter that runs its frame's work at once. */
function paintedAtOnce(html: string) {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  const painter = createTextPainter({ schedule: (work) => work(), phraseTools });
  painter.clear();
  painter.index(wordsOf(root), paragraphOf);
  return { root, painter };
}

/** Adds paragraphs to a rendered text, as a transcript's next batch; returns their word elements. */
function append(root: HTMLElement, ...lines: string[]) {
  const batch = document.createElement('div');
  batch.innerHTML = lines.map((line) => paragraphHtml(lineTokens(line), root.children.length, 0)).join('');
  const paragraphs = [...batch.children];
  root.append(...paragraphs);
  return paragraphs.flatMap((paragraph) => [...paragraph.querySelectorAll<HTMLElement>('[data-w]')]);
}

const wordsOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[data-w]')];
const shown = (root: HTMLElement, word: string) =>
  wordsOf(root)
    .filter((element) => element.dataset.w === word)
    .map((element) => element.dataset.level);

/** A painter over a rendered text, its frames run by hand, and the level writes it made since last asked. */
function paintedText(...lines: string[]) {
  const root = renderText(...lines);
  const frames: (() => void)[] = [];
  const onSelect = vi.fn<(word: HTMLElement | null, phrase?: ChosenPhrase) => void>();
  const painter = createTextPainter({ schedule: (work) => void frames.push(work), onSelect, phraseTools });
  painter.clear();
  painter.index(wordsOf(root), paragraphOf);
  const writes = new MutationObserver(() => {});
  writes.observe(root, { subtree: true, attributeFilter: ['data-level'] });
  return {
    root,
    painter,
    onSelect,
    /** Runs what waited for the frame to be painted; returns how many callbacks there were. */
    frame: () => {
      const waiting = frames.splice(0);
      for (const work of waiting) work();
      return waiting.length;
    },
    /** The level writes since the last call. */
    writes: () => writes.takeRecords().length,
    paragraph: (index: number) => root.children[index] ?? document.body,
  };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('painting levels', () => {
  it('recolours the occurrences on screen at once, those off screen after the frame with the level meant by then', () => {
    const { root, painter, frame, paragraph } = paintedText('Das Haus', 'ein Haus', 'mein Haus');
    painter.setVisible(paragraph(1), false);
    painter.paint('haus', 2);
    expect(shown(root, 'haus')).toEqual(['2', '0', '2']);
    painter.paint('haus', 3);
    painter.paint('das', 1);
    expect(frame()).toBe(1);
    expect(shown(root, 'haus')).toEqual(['3', '3', '3']);
    expect(shown(root, 'das')).toEqual(['1']);
  });

  it('paints an off-screen occurrence with a level rolled back before the frame', () => {
    const { root, painter, frame, paragraph } = paintedText('Das Haus', 'ein Haus');
    painter.setVisible(paragraph(1), false);
    painter.paint('haus', 3);
    painter.sync(new Map([['haus', 1]]));
    frame();
    expect(shown(root, 'haus')).toEqual(['1', '1']);
  });

  it('paints a paragraph that came back on screen at once', () => {
    const { root, painter, paragraph } = paintedText('Das Haus', 'ein Haus');
    painter.setVisible(paragraph(1), false);
    painter.setVisible(paragraph(1), true);
    painter.paint('haus', 4);
    expect(shown(root, 'haus')).toEqual(['4', '4']);
  });
});

describe('syncing to the levels lookup', () => {
  it('paints only the words whose level changed, and skips what a key already painted', () => {
    const { root, painter, writes } = paintedText('Das Haus und das Boot');
    painter.sync(new Map([['das', 2]]));
    expect(writes()).toBe(2);
    // A key paints in its event; the cache's levels that follow find nothing left to paint.
    painter.paint('haus', 3);
    writes();
    painter.sync(
      new Map([
        ['das', 2],
        ['haus', 3],
      ]),
    );
    expect(writes()).toBe(0);
    expect([shown(root, 'das'), shown(root, 'haus'), shown(root, 'boot')]).toEqual([['2', '2'], ['3'], ['0']]);
  });

  it('paints a level changed elsewhere while the word is painted, once', () => {
    const { root, painter, writes } = paintedText('Das Haus', 'ein Haus');
    painter.paint('haus', 2);
    writes();
    const fromAnotherText = new Map([['haus', 4]]);
    painter.sync(fromAnotherText);
    expect(writes()).toBe(2);
    painter.sync(fromAnotherText);
    painter.sync(new Map([['haus', 4]]));
    expect(writes()).toBe(0);
    expect(shown(root, 'haus')).toEqual(['4', '4']);
  });

  it('looks only at the words new levels name as changed since the levels synced before', () => {
    const { root, painter } = paintedText('Das Haus und das Boot');
    const before = new Map([['haus', 1]]);
    painter.sync(before);
    // Levels made from those: they say only "boot" changed, so "haus" is not looked at again.
    const after = {
      get: (word: string) =>
        new Map([
          ['haus', 4],
          ['boot', 2],
        ]).get(word),
      changedSince: (earlier: unknown) => (earlier === before ? ['boot'] : undefined),
    };
    painter.sync(after);
    expect([shown(root, 'haus'), shown(root, 'boot')]).toEqual([['1'], ['2']]);
  });

  it('looks at every word when new levels cannot name what changed', () => {
    const { root, painter } = paintedText('Das Haus und das Boot');
    painter.sync(new Map([['haus', 1]]));
    painter.sync({ get: (word: string) => new Map([['haus', 4]]).get(word), changedSince: () => undefined });
    expect(shown(root, 'haus')).toEqual(['4']);
  });

  it('puts a word back to 0 when the lookup no longer holds it', () => {
    const { root, painter } = paintedText('Das Haus');
    painter.sync(new Map([['haus', 2]]));
    painter.sync(new Map());
    expect(shown(root, 'haus')).toEqual(['0']);
  });
});

describe('indexing', () => {
  it('shows the levels already painted on appended words, and paints the new words at the next sync', () => {
    const { root, painter, writes } = paintedText('Das Haus');
    const levels = new Map([['haus', 3]]);
    painter.sync(levels);
    painter.index(append(root, 'ein Haus am See'), paragraphOf);
    expect(shown(root, 'haus')).toEqual(['3', '3']);
    writes();
    painter.sync(new Map([...levels, ['see', 1]]));
    expect(writes()).toBe(1);
    expect(shown(root, 'see')).toEqual(['1']);
  });

  it('syncs an appended batch even when the levels did not change', () => {
    const { root, painter } = paintedText('Das Haus');
    const levels = new Map([['see', 2]]);
    painter.sync(levels);
    painter.index(append(root, 'am See'), paragraphOf);
    painter.sync(levels);
    expect(shown(root, 'see')).toEqual(['2']);
  });

  it('keeps the selection when a batch is appended, and forgets it with a text rendered anew', () => {
    const { root, painter, onSelect } = paintedText('Das Haus');
    const [das, haus] = wordsOf(root);
    if (!das || !haus) throw new Error('no words');
    painter.select(haus, true);
    painter.index(append(root, 'am See'), paragraphOf);
    expect(painter.selected()).toBe(haus);
    onSelect.mockClear();
    painter.paint('haus', 2);
    root.innerHTML = paragraphHtml(lineTokens('Ein Haus'), 0, 0);
    painter.clear();
    painter.index(wordsOf(root), paragraphOf);
    expect(painter.selected()).toBeNull();
    expect(onSelect).toHaveBeenCalledWith(null);
    expect(wordsOf(root).map((element) => element.tabIndex)).toEqual([0, -1]);
    // The new text's words show what they were rendered with, so the same level is painted again.
    painter.sync(new Map([['haus', 2]]));
    expect(shown(root, 'haus')).toEqual(['2']);
  });
});

describe('selection and movement', () => {
  it('marks the selected word, moves the tab stop, and unselects it when tapped again', () => {
    const { root, painter, onSelect } = paintedText('Das Haus');
    const [das, haus] = wordsOf(root);
    if (!das || !haus) throw new Error('no words');
    expect([das.tabIndex, haus.tabIndex]).toEqual([0, -1]);
    painter.select(das, true);
    painter.select(haus, true);
    expect([das.hasAttribute('data-selected'), haus.hasAttribute('data-selected')]).toEqual([false, true]);
    expect([das.tabIndex, haus.tabIndex]).toEqual([-1, 0]);
    painter.select(haus, true);
    expect(haus.hasAttribute('data-selected')).toBe(false);
    expect(haus.tabIndex).toBe(0);
    expect(onSelect.mock.calls.slice(1).map(([word]) => word?.textContent ?? null)).toEqual(['Das', 'Haus', null]);
  });

  it('moves to the next and previous word, starting from the first or the last, and focuses it', () => {
    const { root, painter } = paintedText('Das Haus', 'am See');
    const [das, , am, see] = wordsOf(root);
    if (!am) throw new Error('no words');
    painter.move(-1);
    expect(painter.selected()).toBe(see);
    painter.move(1);
    expect(painter.selected()).toBe(see);
    painter.move(-1);
    expect(painter.selected()).toBe(am);
    expect(document.activeElement).toBe(am);
    painter.select(am, true);
    painter.move(1);
    expect(painter.selected()).toBe(das);
  });

  it('a key selects again the word already selected instead of unselecting it', () => {
    const { root, painter } = paintedText('Das Haus');
    const [das] = wordsOf(root);
    if (!das) throw new Error('no words');
    painter.select(das, false);
    painter.select(das, false);
    expect(painter.selected()).toBe(das);
  });
});

/** A levels lookup holding words and phrases, as `levelsOf` gives the painter. */
const withPhrases = (entries: [string, number][]) => {
  const all = new Map(entries);
  return {
    get: (word: string) => all.get(word),
    phrases: () => new Map(entries.filter(([form]) => form.includes(' '))),
  };
};
const phraseShown = (root: HTMLElement) =>
  wordsOf(root).map((element) => `${element.dataset.w}:${element.dataset.phrase ?? '-'}`);

describe('saved phrases', () => {
  it('shows a phrase at its level on its words wherever they are in a row, and unmarks it once it is gone', () => {
    const { root, painter } = paintedText('we give up now', 'give it up', 'never give up');
    painter.sync(withPhrases([['give up', 2]]));
    expect(phraseShown(root)).toEqual([
      'we:-',
      'give:2',
      'up:2',
      'now:-',
      'give:-',
      'it:-',
      'up:-',
      'never:-',
      'give:2',
      'up:2',
    ]);
    painter.sync(withPhrases([]));
    expect(phraseShown(root).filter((shown) => !shown.endsWith('-'))).toEqual([]);
  });

  it("shows the phrase's level on the separators between its words too, and gives them back as they were", () => {
    const parts = ['in', ' ', 'spite', ', ', 'of', ' ', 'it'];
    const tokens = parts.map((display, id) => ({ id, display, lowercase: display, isWord: id % 2 === 0 }));
    const { root, painter } = paintedAtOnce(paragraphHtml(tokens, 0, 0));
    const before = root.innerHTML;
    painter.sync(withPhrases([['in spite of', 1]]));
    const gaps = [...root.querySelectorAll<HTMLElement>('.phrase-gap')];
    expect(gaps.map((gap) => [gap.textContent, gap.dataset.phrase])).toEqual([
      [' ', '1'],
      [', ', '1'],
    ]);
    painter.paint('in spite of', 3);
    expect(gaps.map((gap) => gap.dataset.phrase)).toEqual(['3', '3']);
    expect(root.textContent).toBe('in spite, of it');
    painter.sync(withPhrases([]));
    expect(root.innerHTML).toBe(before);
  });

  it("recolours every occurrence of a phrase at once when its level is set, the words' own levels kept", () => {
    const { root, painter } = paintedText('give up', 'we give up');
    painter.sync(withPhrases([['up', 1]]));
    painter.paint('give up', 3);
    expect(phraseShown(root)).toEqual(['give:3', 'up:3', 'we:-', 'give:3', 'up:3']);
    expect(shown(root, 'up')).toEqual(['1', '1']);
  });

  it('marks a saved phrase in a batch appended later', () => {
    const { root, painter } = paintedText('we give');
    painter.sync(withPhrases([['give up', 1]]));
    painter.index(append(root, 'do not give up'), paragraphOf);
    expect(phraseShown(root).slice(-2)).toEqual(['give:1', 'up:1']);
  });

  it('selects the phrase on a first tap of one of its words, the word alone on the second, nothing on the third', () => {
    const { root, painter, onSelect } = paintedText('we give up now');
    const [, give, up] = wordsOf(root);
    if (!give || !up) throw new Error('no words');
    painter.sync(withPhrases([['give up', 2]]));
    painter.select(up, true);
    expect(onSelect.mock.lastCall?.[1]?.words).toEqual([give, up]);
    painter.select(up, true);
    expect(onSelect).toHaveBeenLastCalledWith(up, undefined);
    painter.select(up, true);
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('chooses the words between two of a paragraph as a phrase; across paragraphs, the last word alone', () => {
    const { root, painter, onSelect } = paintedText('we give up now', 'later');
    const [we, give, up, now, later] = wordsOf(root);
    if (!we || !give || !up || !now || !later) throw new Error('no words');
    painter.selectBetween(up, we);
    expect(onSelect.mock.lastCall?.[1]).toMatchObject({ words: [we, give, up], lowercase: 'we give up' });
    expect(wordsOf(root).map((element) => element.hasAttribute('data-selected'))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    painter.selectBetween(now, later);
    expect(onSelect).toHaveBeenLastCalledWith(later, undefined);
  });

  it('extends a phrase being chosen word by word and back', () => {
    const { root, painter, onSelect } = paintedText('we give up now');
    const [we, give, up] = wordsOf(root);
    if (!we || !give || !up) throw new Error('no words');
    painter.select(give, true);
    painter.extend(1);
    expect(onSelect.mock.lastCall?.[1]?.words).toEqual([give, up]);
    painter.extend(-1);
    painter.extend(-1);
    expect(onSelect.mock.lastCall?.[1]?.words).toEqual([we, give]);
  });

  it('recolours a list row that shows a phrase as one element', () => {
    const { root, painter } = paintedAtOnce(
      paragraphHtml([{ id: 0, display: 'give up', lowercase: 'give up', isWord: true }], 0, 2),
    );
    painter.paint('give up', 4);
    expect(shown(root, 'give up')).toEqual(['4']);
  });

  it('moves over a saved phrase as one step', () => {
    const { root, painter } = paintedText('we give up now');
    const [we, give, , now] = wordsOf(root);
    if (!we || !give || !now) throw new Error('no words');
    painter.sync(withPhrases([['give up', 2]]));
    painter.select(we, false);
    painter.move(1);
    expect(painter.selected()).toBe(give);
    painter.move(1);
    expect(painter.selected()).toBe(now);
  });
});
