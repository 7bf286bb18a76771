/** How long after the learner scrolls the transcript themselves it stops following playback. */
export const followGraceMs = 4000;

/**
 * The section being spoken at `time`: the last whose offset is at or before it (offsets ascend), by binary search so
 * a two-hour transcript costs a dozen comparisons a tick; -1 before the first.
 */
export function sectionAt(offsets: readonly number[], time: number): number {
  let low = 0;
  let high = offsets.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((offsets[middle] ?? Number.POSITIVE_INFINITY) <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** The transcript follows playback unless the learner scrolled it within the grace period. */
export function followsPlayback(lastUserScrollAt: number, now: number): boolean {
  return now - lastUserScrollAt >= followGraceMs;
}

/** A time stamp as m:ss, or h:mm:ss past the hour. */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** Whether a scrolled box is past `ratio` of its scrollable height (spec §9: load more at 90 %). */
export function scrolledPast(box: { scrollTop: number; scrollHeight: number; clientHeight: number }, ratio: number) {
  const scrollable = box.scrollHeight - box.clientHeight;
  return scrollable <= 0 || box.scrollTop / scrollable >= ratio;
}
