import { describe, expect, it } from 'vitest';
import type { Flashcard, FlashcardSummary } from '@/contract/endpoints/flashcards';
import { bucketOf, learningDayOf, withCardChanged, withCardInFront, withCardReviewed, withoutCard } from './flashcards';

/** A local time on a day of November 2026 (the tests' zone is the machine's: the rules follow the browser's). */
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute);

const card = (id: number, change: Partial<Flashcard> = {}): Flashcard => ({
  id,
  lowercase: `word${id}`,
  level: 1,
  meaning: null,
  meaningIsOwn: false,
  note: null,
  sentence: null,
  source: null,
  state: 'new',
  due: at(10, 12).toISOString(),
  reps: 0,
  lapses: 0,
  suspended: false,
  next: {
    again: at(10, 12, 1).toISOString(),
    hard: at(10, 12, 6).toISOString(),
    good: at(10, 12, 10).toISOString(),
    easy: at(18, 12).toISOString(),
  },
  ...change,
});

const summary = (): FlashcardSummary => ({
  buckets: { now: 3, today: 0, tomorrow: 0, nextWeek: 0, soon: 0 },
  forecast: Array.from({ length: 7 }, (_, index) => ({ day: `2026-11-${10 + index}`, due: index === 0 ? 3 : 0 })),
  newToday: 0,
  newPerDay: 20,
  newWaiting: 3,
  total: 3,
  suspended: 0,
});

describe('learning days', () => {
  it('start at 04:00: the small hours belong to the day before', () => {
    const now = at(10, 12);
    expect(learningDayOf(at(11, 3, 59), now)).toBe(0);
    expect(learningDayOf(at(11, 4), now)).toBe(1);
    expect(learningDayOf(at(10, 2), at(10, 3))).toBe(0);
  });

  it('put a due date in the bucket the server would', () => {
    const now = at(10, 12);
    expect(bucketOf(at(10, 11), now)).toBe('now');
    expect(bucketOf(at(10, 23), now)).toBe('today');
    expect(bucketOf(at(11, 10), now)).toBe('tomorrow');
    expect(bucketOf(at(17, 10), now)).toBe('nextWeek');
    expect(bucketOf(at(19, 10), now)).toBe('soon');
  });
});

describe('withCardReviewed', () => {
  it('moves a new card graded Good from Now to Today and counts it against the cap', () => {
    const after = withCardReviewed(summary(), card(1), 'good', at(10, 12));
    expect(after.buckets).toEqual({ now: 2, today: 1, tomorrow: 0, nextWeek: 0, soon: 0 });
    expect(after.forecast[0]?.due).toBe(3);
    expect(after.newToday).toBe(1);
    expect(after.newWaiting).toBe(2);
  });

  it('moves a card graded Easy to its day in the forecast', () => {
    const after = withCardReviewed(summary(), card(1, { state: 'review' }), 'easy', at(10, 12));
    expect(after.buckets.nextWeek).toBe(0);
    expect(after.buckets.soon).toBe(1);
    expect(after.forecast.map((day) => day.due)).toEqual([2, 0, 0, 0, 0, 0, 0]);
    expect(after.newToday).toBe(0);
  });

  it('leaves the summary it was given as it was', () => {
    const before = summary();
    withCardReviewed(before, card(1), 'again', at(10, 12));
    expect(before).toEqual(summary());
  });
});

describe('the queue', () => {
  const queue = { cards: [card(1), card(2), card(3)] };

  it('loses a graded card', () => {
    expect(withoutCard(queue, 2)?.cards.map(({ id }) => id)).toEqual([1, 3]);
  });

  it('gets a card back in front, once', () => {
    expect(withCardInFront(queue, card(3)).cards.map(({ id }) => id)).toEqual([3, 1, 2]);
    expect(withCardInFront(undefined, card(3)).cards.map(({ id }) => id)).toEqual([3]);
  });

  it("shows a card's new note where it stands, and is left as it was without that card", () => {
    expect(withCardChanged(queue, 2, { note: 'n' })?.cards[1]?.note).toBe('n');
    expect(withCardChanged(queue, 9, { note: 'n' })).toBe(queue);
  });
});
