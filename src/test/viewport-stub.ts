import { vi } from 'vitest';

/**
 * Replaces IntersectionObserver with one that reports only the first child of each observed element's parent as
 * on screen, at once; observing a target again changes nothing, as in the browser. Returns the targets observed.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubViewportFirstOnScreen(): Set<Element> {
  const observed = new Set<Element>();
  class ViewportStub {
    readonly report: IntersectionObserverCallback;
    constructor(report: IntersectionObserverCallback) {
      this.report = report;
    }
    observe(target: Element) {
      if (observed.has(target)) return;
      observed.add(target);
      const isIntersecting = target === target.parentElement?.firstElementChild;
      this.report([{ target, isIntersecting } as IntersectionObserverEntry], this as never);
    }
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', ViewportStub);
  return observed;
}
