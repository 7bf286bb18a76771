import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintOrLeaving } from './after-paint';

/** Frames are held until `paint` runs them. */
function holdFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
  return {
    paint: () => {
      for (const frame of frames.splice(0)) frame(0);
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'hidden');
});

describe('work that must not be lost', () => {
  it('runs once, after the frame is painted', () => {
    vi.useFakeTimers();
    const { paint } = holdFrames();
    const work = vi.fn();
    afterPaintOrLeaving(work);
    expect(work).not.toHaveBeenCalled();
    paint();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
    dispatchEvent(new Event('pagehide'));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the page is left before its frame, and not again after it', () => {
    vi.useFakeTimers();
    const { paint } = holdFrames();
    const work = vi.fn();
    afterPaintOrLeaving(work);
    dispatchEvent(new Event('pagehide'));
    expect(work).toHaveBeenCalledTimes(1);
    paint();
    vi.runAllTimers();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the tab is hidden before its frame, where frames stop', () => {
    holdFrames();
    const work = vi.fn();
    afterPaintOrLeaving(work);
    Object.defineProperty(document, 'hidden', { configurable: true, value: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(work).toHaveBeenCalledTimes(1);
  });
});
