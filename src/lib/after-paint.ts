/**
 * Runs work once the browser has painted the current frame, so it never delays what the learner sees now
 * (in a hidden tab or outside a browser, on the next task).
 */
export function afterPaint(work: () => void): void {
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden) {
    requestAnimationFrame(() => setTimeout(work, 0));
  } else {
    setTimeout(work, 0);
  }
}

const beforeLeaving = new Set<() => void>();
const runBeforeLeaving = () => {
  for (const work of beforeLeaving) work();
};
const runWhenHidden = () => document.hidden && runBeforeLeaving();

/**
 * `afterPaint` for work the learner must not lose (a save): when the page is left or hidden before that frame (a
 * reload, a closed tab, another tab, where frames stop), it runs at once instead.
 */
export function afterPaintOrLeaving(work: () => void): void {
  if (typeof document === 'undefined') {
    afterPaint(work);
    return;
  }
  // The same listener added again is one listener.
  addEventListener('pagehide', runBeforeLeaving);
  document.addEventListener('visibilitychange', runWhenHidden);
  const once = () => {
    if (beforeLeaving.delete(once)) work();
  };
  beforeLeaving.add(once);
  afterPaint(once);
}
