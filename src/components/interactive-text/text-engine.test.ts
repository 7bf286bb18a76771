import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createWordLevelSaver, levelsOf, wordQueries } from '@/api/words';
import type { LearnerBalances, UserWord } from '@/contract/entities';
import { paragraphHtml } from '@/contract/text-markup';
import { lineTokens } from './test-tokens';
import { createTextPainter, paragraphOf } from './text-painter';

/**
 * The painter and the word-save queue as InteractiveText wires them, without React: a key paints and saves, and
 * every change of the cached levels is followed by a sync, as the component's layout effect does.
 */

type Answer = { resolve: (word: UserWord) => void; reject: (error: unknown) => void; word: UserWord };

const pageKey = wordQueries.scope({ language: 'de', contentId: 1, pageId: 0 }).queryKey;
const de = (lowercase: string, level: number): UserWord => ({ lowercase, level, language: 'de' });
const balances: LearnerBalances = { wordCount: 1, creditAmount: 0 };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function readerOf(saved: UserWord[], ...lines: string[]) {
  const root = document.createElement('div');
  root.innerHTML = lines.map((line, index) => paragraphHtml(lineTokens(line), index, 0)).join('');
  document.body.append(root);
  const waiting: (() => void)[] = [];
  const schedule = (work: () => void) => void waiting.push(work);
  const queryClient = new QueryClient();
  queryClient.setQueryData(pageKey, saved);
  const answers: Answer[] = [];
  const save = createWordLevelSaver(queryClient, {
    send: (word) =>
      new Promise((resolve, reject) =>
        answers.push({ word, resolve: (confirmed) => resolve({ ...confirmed, balances }), reject }),
      ),
    scopeKey: () => pageKey,
    onRefused: () => {},
    schedule,
  });
  const painter = createTextPainter({ schedule });
  painter.clear();
  painter.index([...root.querySelectorAll<HTMLElement>('[data-w]')], paragraphOf);
  const sync = () => painter.sync(levelsOf(queryClient.getQueryData<UserWord[]>(pageKey), 'de'));
  sync();
  const writes = new MutationObserver(() => {});
  writes.observe(root, { subtree: true, attributeFilter: ['data-level'] });
  return {
    root,
    painter,
    queryClient,
    /** A level key on a word: painted in the event, then saved; the cache's re-render syncs. */
    key: (word: string, level: number) => {
      painter.paint(word, level);
      save(de(word, level));
      sync();
    },
    sync,
    /** The frame is painted: off-screen occurrences and the first request of a word go out. */
    frame: () => {
      for (const work of waiting.splice(0)) work();
    },
    answers,
    /** The server's answer to request `index` arrives, and the component re-renders with the cache. */
    answer: async (index: number) => {
      const request = answers[index];
      request?.resolve(request.word);
      await settle();
      sync();
    },
    refuse: async (index: number) => {
      answers[index]?.reject(new Error('offline'));
      await settle();
      sync();
    },
    cached: (word: string) => levelsOf(queryClient.getQueryData<UserWord[]>(pageKey), 'de').get(word),
    shown: (word: string) =>
      [...root.querySelectorAll<HTMLElement>(`[data-w="${word}"]`)].map((element) => element.dataset.level),
    writes: () => writes.takeRecords().length,
  };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('the text engine: painter and save queue together', () => {
  it('key, refusal, key: the second key stands, the refusal rolled back only to the confirmed level', async () => {
    const reader = readerOf([de('haus', 1)], 'Das Haus', 'ein Haus');
    reader.painter.setVisible(reader.root.children[1] ?? reader.root, false);
    reader.frame();
    expect(reader.shown('haus')).toEqual(['1', '1']);
    reader.key('haus', 3);
    reader.frame();
    await reader.refuse(0);
    expect(reader.cached('haus')).toBe(1);
    reader.frame();
    expect(reader.shown('haus')).toEqual(['1', '1']);
    reader.key('haus', 4);
    reader.frame();
    await reader.answer(1);
    reader.frame();
    expect(reader.answers.map((request) => request.word.level)).toEqual([3, 4]);
    expect(reader.cached('haus')).toBe(4);
    expect(reader.shown('haus')).toEqual(['4', '4']);
  });

  it('a batch appended while a save is in flight shows the level pressed, and the confirmations repaint nothing', async () => {
    const reader = readerOf([], 'Das Haus');
    reader.key('haus', 2);
    reader.frame();
    reader.key('haus', 3);
    const batch = document.createElement('div');
    batch.innerHTML = paragraphHtml(lineTokens('ein Haus'), 1, 0);
    const paragraph = batch.firstElementChild ?? batch;
    reader.root.append(paragraph);
    reader.painter.index([...paragraph.querySelectorAll<HTMLElement>('[data-w]')], paragraphOf);
    reader.sync();
    expect(reader.shown('haus')).toEqual(['3', '3']);
    reader.writes();
    await reader.answer(0);
    expect(reader.answers.map((request) => request.word.level)).toEqual([2, 3]);
    expect(reader.cached('haus')).toBe(3);
    await reader.answer(1);
    reader.frame();
    expect(reader.writes()).toBe(0);
    expect(reader.shown('haus')).toEqual(['3', '3']);
  });

  it('a level set in another text while the word is painted here is painted once', () => {
    const reader = readerOf([], 'Das Haus', 'ein Haus');
    reader.key('haus', 2);
    reader.writes();
    // The video player's transcript, open in the same session, sets the word in every text of the language.
    const elsewhere = createWordLevelSaver(reader.queryClient, {
      send: () => new Promise(() => {}),
      scopeKey: () => wordQueries.scope({ language: 'de', videoId: 'v1' }).queryKey,
      onRefused: () => {},
      schedule: () => {},
    });
    elsewhere(de('haus', 4));
    reader.sync();
    expect(reader.writes()).toBe(2);
    reader.sync();
    expect(reader.writes()).toBe(0);
    expect(reader.shown('haus')).toEqual(['4', '4']);
  });
});
