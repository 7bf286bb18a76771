import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseBreaker, DatabaseUnavailableError } from '../src/db/breaker.ts';
import { isDatabaseUnavailable } from '../src/db/errors.ts';

const queryTimeout = () => new Error('Query read timeout');
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A breaker whose probes the test answers one by one. */
function breakerWithProbes(retryMs = 100) {
  const probes: { answer: () => void; fail: () => void }[] = [];
  const breaker = new DatabaseBreaker({
    retryMs,
    probe: () =>
      new Promise<void>((resolve, reject) => {
        probes.push({ answer: resolve, fail: () => reject(refused()) });
      }),
  });
  return { breaker, probes };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the database breaker', () => {
  it('opens on a timeout: from then on it refuses at once, with an error answered 503', () => {
    const { breaker } = breakerWithProbes();
    expect(breaker.refusal()).toBeUndefined();
    breaker.failed(queryTimeout(), breaker.generation);
    const refusal = breaker.refusal();
    expect(refusal).toBeInstanceOf(DatabaseUnavailableError);
    expect(isDatabaseUnavailable(refusal)).toBe(true);
  });

  it('opens on a refused connection', () => {
    const { breaker } = breakerWithProbes();
    breaker.failed(refused(), breaker.generation);
    expect(breaker.isOpen).toBe(true);
  });

  it('stays closed when one connection breaks or a query is refused by the database', () => {
    const { breaker } = breakerWithProbes();
    breaker.failed(new Error('Connection terminated unexpectedly'), breaker.generation);
    breaker.failed(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), breaker.generation);
    breaker.failed(
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      breaker.generation,
    );
    breaker.failed(Object.assign(new Error('duplicate key value'), { code: '23505' }), breaker.generation);
    expect(breaker.isOpen).toBe(false);
  });

  it('tells the callers waiting for a connection when it opens', () => {
    const { breaker } = breakerWithProbes();
    const told: unknown[] = [];
    breaker.whenOpened((refusal) => told.push(refusal));
    const forgotten = vi.fn();
    breaker.whenOpened(forgotten)();
    breaker.failed(queryTimeout(), breaker.generation);
    expect(told).toEqual([expect.any(DatabaseUnavailableError)]);
    expect(forgotten).not.toHaveBeenCalled();
  });

  it('closes at the first answer of its probe', async () => {
    const { breaker, probes } = breakerWithProbes();
    breaker.failed(queryTimeout(), breaker.generation);
    expect(probes).toHaveLength(1);
    probes[0]?.answer();
    await vi.waitFor(() => expect(breaker.isOpen).toBe(false));
  });

  it('probes again after a pause while the database does not answer', async () => {
    vi.useFakeTimers();
    const { breaker, probes } = breakerWithProbes(100);
    breaker.failed(queryTimeout(), breaker.generation);
    probes[0]?.fail();
    await vi.advanceTimersByTimeAsync(99);
    expect(probes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toHaveLength(2);
    expect(breaker.isOpen).toBe(true);
    probes[1]?.answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(breaker.isOpen).toBe(false);
  });

  it('is not opened again by an operation begun before it last closed', async () => {
    const { breaker, probes } = breakerWithProbes();
    const before = breaker.generation;
    breaker.failed(queryTimeout(), before);
    probes[0]?.answer();
    await vi.waitFor(() => expect(breaker.isOpen).toBe(false));
    breaker.failed(queryTimeout(), before);
    expect(breaker.isOpen).toBe(false);
    breaker.failed(queryTimeout(), breaker.generation);
    expect(breaker.isOpen).toBe(true);
  });

  it('probes no more once stopped (the pool ends)', async () => {
    vi.useFakeTimers();
    const { breaker, probes } = breakerWithProbes(100);
    breaker.failed(queryTimeout(), breaker.generation);
    probes[0]?.fail();
    await vi.advanceTimersByTimeAsync(0);
    breaker.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toHaveLength(1);
  });
});
