/** The hour of local time a learning day of flashcards starts at: a review at 1 a.m. still belongs to the evening. */
export const dayStartHour = 4;

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string, instant: number) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute,
    parts.second,
  );
}

/** The instant a local wall-clock time (as if it were UTC) falls on in a zone: the later one across a clock change. */
function instantOf(timeZone: string, wall: number): number {
  const first = wall - (wallClock(timeZone, wall) - wall);
  return wall - (wallClock(timeZone, first) - first);
}

const isoDay = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

export type LearningDays = {
  /** Today's learning day (the local date whose 04:00 it started at), then the following ones. */
  days: string[];
  /** When each of those days starts (04:00 local time), and one more: when the last one ends. */
  starts: Date[];
};

/**
 * The learner's learning days from today, in their zone: today (the local date of the last 04:00 passed) and the
 * `count - 1` after it, with the instant each starts. A day across a clock change lasts 23 or 25 hours.
 */
export function learningDaysFrom(timeZone: string, now: Date, count: number): LearningDays {
  const wall = wallClock(timeZone, now.getTime());
  const shifted = new Date(wall - dayStartHour * 3_600_000);
  const today = Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate());
  const days: string[] = [];
  const starts: Date[] = [];
  for (let n = 0; n <= count; n++) {
    const midnight = today + n * 86_400_000;
    if (n < count) days.push(isoDay(midnight));
    starts.push(new Date(instantOf(timeZone, midnight + dayStartHour * 3_600_000)));
  }
  return { days, starts };
}
