import { describe, expect, it } from 'vitest';
import { oneAtATime, QueueFullError } from './turns.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

describe('oneAtATime', () => {
  it('starts a task only once the one before it has ended', async () => {
    const turns = oneAtATime({ waiting: 2 });
    const first = deferred();
    const started: string[] = [];
    const a = turns.run(async () => {
      started.push('a');
      await first.promise;
    });
    const b = turns.run(async () => {
      started.push('b');
    });
    await Promise.resolve();
    expect(started).toEqual(['a']);
    first.resolve();
    await Promise.all([a, b]);
    expect(started).toEqual(['a', 'b']);
  });

  it('refuses a task when as many as allowed are already waiting', async () => {
    const turns = oneAtATime({ waiting: 1 });
    const first = deferred();
    const running = turns.run(() => first.promise);
    const queued = turns.run(async () => 'queued');
    await expect(turns.run(async () => 'refused')).rejects.toBeInstanceOf(QueueFullError);
    first.resolve();
    await running;
    expect(await queued).toBe('queued');
  });

  it('goes on with the next task when one fails', async () => {
    const turns = oneAtATime({ waiting: 1 });
    const failed = turns.run(() => Promise.reject(new Error('broken')));
    const next = turns.run(async () => 'next');
    await expect(failed).rejects.toThrow('broken');
    expect(await next).toBe('next');
  });
});
