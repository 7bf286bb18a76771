import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startIdleGc } from './idle-gc.ts';

describe('the idle garbage collection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once start-up is followed by a whole interval without a request', () => {
    const collect = vi.fn();
    const idleGc = startIdleGc({ intervalMs: 1000, collect });
    vi.advanceTimersByTime(1000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    idleGc.stop();
  });

  it('waits while requests keep arriving', () => {
    const collect = vi.fn();
    const idleGc = startIdleGc({ intervalMs: 1000, collect });
    for (let tick = 0; tick < 5; tick++) {
      vi.advanceTimersByTime(500);
      idleGc.touch();
      vi.advanceTimersByTime(500);
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    idleGc.stop();
  });

  it('collects a quiet server once, and again only after new requests', () => {
    const collect = vi.fn();
    const idleGc = startIdleGc({ intervalMs: 1000, collect });
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
    idleGc.touch();
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(2);
    idleGc.stop();
  });
});
