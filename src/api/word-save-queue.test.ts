import { buildUser } from '@mocks/fixtures/users';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { UserWord } from '@/contract/entities';
import { userQueries } from './account';
import { createSaveQueue } from './word-save-queue';
import { createWordLevelSaver, wordQueries } from './words';

/** A promise settled by hand, so a test decides when the server answers. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

/** Lets every settled answer run its continuations. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A scheduler run by hand: `frame()` runs what waited for the next painted frame. */
function manualFrames() {
  const waiting: (() => void)[] = [];
  return {
    schedule: (work: () => void) => void waiting.push(work),
    frame: () => {
      for (const work of waiting.splice(0)) work();
    },
  };
}

type Level = { level: number };

/** A queue over a fake server whose answers the test gives one by one. */
function queueWithServer(known: (value: Level) => Level | null = () => null) {
  const requests: { value: Level; answer: ReturnType<typeof deferred<Level>> }[] = [];
  const frames = manualFrames();
  const confirmed = vi.fn<(key: string, value: Level, wasNew: boolean) => void>();
  const refused = vi.fn<(error: unknown, value: Level, lastConfirmed: Level | null) => void>();
  const queue = createSaveQueue<Level, Level>({
    send: (value) => {
      const answer = deferred<Level>();
      requests.push({ value, answer });
      return answer.promise;
    },
    known,
    confirmed,
    refused,
    schedule: frames.schedule,
  });
  const sent = () => requests.map((request) => request.value.level);
  const answer = async (index: number, level = requests[index]?.value.level ?? 0) => {
    requests[index]?.answer.resolve({ level });
    await settle();
  };
  const refuse = async (index: number, error: unknown) => {
    requests[index]?.answer.reject(error);
    await settle();
  };
  return { queue, frames, confirmed, refused, sent, answer, refuse };
}

describe('createSaveQueue', () => {
  it('sends nothing before the scheduler runs, then the last value pushed', () => {
    const { queue, frames, sent } = queueWithServer();
    queue.push('haus', { level: 1 });
    queue.push('haus', { level: 2 });
    expect(sent()).toEqual([]);
    frames.frame();
    expect(sent()).toEqual([2]);
  });

  it("sends a word's second save after the first is answered, and only the last value pushed meanwhile", async () => {
    const { queue, frames, sent, answer, confirmed } = queueWithServer();
    queue.push('haus', { level: 1 });
    frames.frame();
    queue.push('haus', { level: 2 });
    queue.push('haus', { level: 3 });
    await settle();
    expect(sent()).toEqual([1]);
    await answer(0);
    expect(sent()).toEqual([1, 3]);
    expect(confirmed).not.toHaveBeenCalled();
    await answer(1);
    expect(confirmed.mock.calls).toEqual([['haus', { level: 3 }, true]]);
  });

  it('keeps the queues of different words apart', async () => {
    const { queue, frames, sent, answer, confirmed } = queueWithServer();
    queue.push('haus', { level: 1 });
    queue.push('maus', { level: 2 });
    frames.frame();
    expect(sent()).toEqual([1, 2]);
    await answer(1);
    expect(confirmed.mock.calls).toEqual([['maus', { level: 2 }, true]]);
  });

  it("reports a new word's confirmation as new once", async () => {
    let held: Level | null = null;
    const { queue, frames, answer, confirmed } = queueWithServer(() => held);
    queue.push('haus', { level: 1 });
    frames.frame();
    queue.push('haus', { level: 2 });
    await answer(0);
    await answer(1);
    held = { level: 2 };
    queue.push('haus', { level: 4 });
    frames.frame();
    await answer(2);
    expect(confirmed.mock.calls).toEqual([
      ['haus', { level: 2 }, true],
      ['haus', { level: 4 }, false],
    ]);
  });

  it('reads what the server held once per queue, before its first request', async () => {
    const known = vi.fn(() => ({ level: 1 }));
    const { queue, frames, answer } = queueWithServer(known);
    queue.push('haus', { level: 2 });
    queue.push('haus', { level: 3 });
    frames.frame();
    await answer(0);
    expect(known).toHaveBeenCalledTimes(1);
  });

  it('on a refusal reports the last confirmed value and drops the value queued behind it', async () => {
    const { queue, frames, sent, answer, refuse, refused, confirmed } = queueWithServer(() => ({ level: 1 }));
    queue.push('haus', { level: 2 });
    frames.frame();
    queue.push('haus', { level: 3 });
    await answer(0);
    queue.push('haus', { level: 4 });
    const error = new Error('refused');
    await refuse(1, error);
    expect(refused.mock.calls).toEqual([[error, { level: 3 }, { level: 2 }]]);
    expect(sent()).toEqual([2, 3]);
    // Level 2 was confirmed in this queue: the caller writes it again.
    expect(confirmed.mock.calls).toEqual([['haus', { level: 2 }, false]]);
  });

  it('key, refusal, key: the second key is sent and confirmed, the refusal rolled back to the level held', async () => {
    const { queue, frames, sent, answer, refuse, refused, confirmed } = queueWithServer(() => ({ level: 1 }));
    queue.push('haus', { level: 3 });
    frames.frame();
    await refuse(0, new Error('offline'));
    expect(refused.mock.calls[0]?.slice(1)).toEqual([{ level: 3 }, { level: 1 }]);
    expect(confirmed).not.toHaveBeenCalled();
    queue.push('haus', { level: 4 });
    frames.frame();
    await answer(1);
    expect(sent()).toEqual([3, 4]);
    expect(confirmed.mock.calls).toEqual([['haus', { level: 4 }, false]]);
  });
});

describe('createWordLevelSaver: the cache of every text', () => {
  const pageKey = wordQueries.scope({ language: 'de', contentId: 1, pageId: 0 }).queryKey;
  const videoKey = wordQueries.scope({ language: 'de', videoId: 'v1' }).queryKey;
  const frenchKey = wordQueries.scope({ language: 'fr', contentId: 2, pageId: 0 }).queryKey;
  const de = (lowercase: string, level: number): UserWord => ({ lowercase, level, language: 'de' });

  function saverWithServer() {
    const queryClient = new QueryClient();
    queryClient.setQueryData(pageKey, [de('haus', 1)]);
    queryClient.setQueryData(videoKey, [de('maus', 2), de('haus', 1)]);
    queryClient.setQueryData(frenchKey, [{ lowercase: 'haus', level: 4, language: 'fr' }]);
    queryClient.setQueryData(userQueries.current().queryKey, buildUser({ wordCount: 2 }));
    const answers: ReturnType<typeof deferred<UserWord & { balances: { wordCount: number; creditAmount: number } }>>[] =
      [];
    const frames = manualFrames();
    const onRefused = vi.fn();
    const save = createWordLevelSaver(queryClient, {
      send: () => {
        const answer = deferred<UserWord & { balances: { wordCount: number; creditAmount: number } }>();
        answers.push(answer);
        return answer.promise;
      },
      scopeKey: () => pageKey,
      onRefused,
      schedule: frames.schedule,
    });
    const levels = (key: readonly unknown[]) =>
      queryClient.getQueryData<UserWord[]>(key)?.map((word) => `${word.lowercase} ${word.level}`);
    return { queryClient, answers, frames, onRefused, save, levels };
  }

  it('writes a level into every cached text of the language at once, and its balances when confirmed', async () => {
    const { queryClient, answers, frames, save, levels } = saverWithServer();
    save(de('haus', 3));
    expect([levels(pageKey), levels(videoKey), levels(frenchKey)]).toEqual([
      ['haus 3'],
      ['maus 2', 'haus 3'],
      ['haus 4'],
    ]);
    frames.frame();
    answers[0]?.resolve({ ...de('haus', 3), balances: { wordCount: 2, creditAmount: 5 } });
    await settle();
    expect(levels(videoKey)).toEqual(['maus 2', 'haus 3']);
    expect(queryClient.getQueryData(userQueries.current().queryKey)?.creditAmount).toBe(5);
  });

  it('rolls a refused level back to the confirmed one in every cached text of the language', async () => {
    const { answers, frames, onRefused, save, levels } = saverWithServer();
    save(de('haus', 3));
    frames.frame();
    const error = new Error('offline');
    answers[0]?.reject(error);
    await settle();
    expect([levels(pageKey), levels(videoKey), levels(frenchKey)]).toEqual([
      ['haus 1'],
      ['maus 2', 'haus 1'],
      ['haus 4'],
    ]);
    expect(onRefused).toHaveBeenCalledWith(error, de('haus', 3));
  });

  it('takes a refused new word out of every cached text of the language', async () => {
    const { answers, frames, save, levels } = saverWithServer();
    save(de('baum', 2));
    expect(levels(videoKey)).toEqual(['maus 2', 'haus 1', 'baum 2']);
    frames.frame();
    answers[0]?.reject(new Error('word_limit'));
    await settle();
    expect([levels(pageKey), levels(videoKey)]).toEqual([['haus 1'], ['maus 2', 'haus 1']]);
  });

  it('writes the confirmed level again into a text whose levels arrived while the word was saving', async () => {
    const { queryClient, answers, frames, save, levels } = saverWithServer();
    save(de('haus', 3));
    frames.frame();
    // Another text's levels, fetched before the key, arrive with the old level.
    queryClient.setQueryData(videoKey, [de('maus', 2), de('haus', 1)]);
    answers[0]?.resolve({ ...de('haus', 3), balances: { wordCount: 2, creditAmount: 5 } });
    await settle();
    expect(levels(videoKey)).toEqual(['maus 2', 'haus 3']);
  });
});
