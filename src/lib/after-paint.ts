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
