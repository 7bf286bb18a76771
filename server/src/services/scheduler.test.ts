import { describe, expect, it } from 'vitest';
import { learningDaysFrom } from './flashcard-days.ts';
import { levelAfterReview, offersKnown } from './flashcard-levels.ts';
import {
  type CardRow,
  cardOfSnapshot,
  clampedNow,
  grade,
  newCard,
  preview,
  SchedulerError,
  snapshotOf,
  stateName,
} from './scheduler.ts';

const start = new Date('2026-03-10T12:00:00Z');
const minutes = (n: number) => n * 60_000;
const days = (n: number) => n * 86_400_000;
const dueAfter = (card: CardRow, from: Date) => card.due.getTime() - from.getTime();

/** A card graded Good then Easy until it is in review with a stability of weeks. */
function matureCard(): CardRow {
  let card = grade(newCard(start), 3, start);
  card = grade(card, 3, card.due);
  card = grade(card, 4, card.due);
  return card;
}

describe('the scheduler (FSRS-6, retention 0.9, steps 1 m and 10 m, no fuzz)', () => {
  it('makes a new card due 10 minutes after Good, in its learning steps', () => {
    const card = grade(newCard(start), 3, start);
    expect(dueAfter(card, start)).toBe(minutes(10));
    expect(stateName(card.state)).toBe('learning');
    expect(card.reps).toBe(1);
  });

  it('makes a new card due a minute after Again', () => {
    expect(dueAfter(grade(newCard(start), 1, start), start)).toBe(minutes(1));
  });

  it('makes a new card due in days after Easy, in review', () => {
    const card = grade(newCard(start), 4, start);
    expect(dueAfter(card, start)).toBeGreaterThanOrEqual(days(1));
    expect(dueAfter(card, start) % days(1)).toBe(0);
    expect(stateName(card.state)).toBe('review');
  });

  it('sends a card in review to relearning after Again, counting a lapse, due 10 minutes later', () => {
    const review = matureCard();
    expect(stateName(review.state)).toBe('review');
    const lapsed = grade(review, 1, review.due);
    expect(stateName(lapsed.state)).toBe('relearning');
    expect(lapsed.lapses).toBe(review.lapses + 1);
    expect(dueAfter(lapsed, review.due)).toBe(minutes(10));
    expect(lapsed.stability).toBeLessThan(review.stability);
  });

  it('previews each grade as grading would schedule it', () => {
    const card = grade(newCard(start), 3, start);
    const at = new Date(card.due.getTime() + minutes(3));
    const next = preview(card, at);
    expect(next.again).toEqual(grade(card, 1, at).due);
    expect(next.hard).toEqual(grade(card, 2, at).due);
    expect(next.good).toEqual(grade(card, 3, at).due);
    expect(next.easy).toEqual(grade(card, 4, at).due);
    expect(next.again.getTime()).toBeLessThan(next.easy.getTime());
  });

  it('schedules the same card the same way every time', () => {
    const card = matureCard();
    expect(grade(card, 3, card.due)).toEqual(grade(card, 3, card.due));
  });

  it('grades a card whose last review is after the clock at its last review instead of failing', () => {
    const card = grade(newCard(start), 3, start);
    const earlier = new Date(start.getTime() - days(3));
    expect(clampedNow(card, earlier)).toEqual(start);
    expect(grade(card, 3, earlier)).toEqual(grade(card, 3, start));
    expect(preview(card, earlier)).toEqual(preview(card, start));
  });

  it('refuses a grade outside 1–4, an invalid clock or a card with an invalid date with its own error', () => {
    const card = newCard(start);
    expect(() => grade(card, 0, start)).toThrow(SchedulerError);
    expect(() => grade(card, 5, start)).toThrow(SchedulerError);
    expect(() => grade(card, 3, new Date(Number.NaN))).toThrow(SchedulerError);
    expect(() => grade({ ...card, due: new Date(Number.NaN) }, 3, start)).toThrow(SchedulerError);
    expect(() => grade({ ...card, state: 7 }, 3, start)).toThrow(SchedulerError);
  });

  it('keeps a card through its log snapshot unchanged, and refuses a snapshot that is not a card', () => {
    const card = matureCard();
    expect(cardOfSnapshot(JSON.parse(JSON.stringify(snapshotOf(card))))).toEqual(card);
    expect(() => cardOfSnapshot({ due: 'soon' })).toThrow(SchedulerError);
  });

  it('does not change the card it grades', () => {
    const card = matureCard();
    const copy = structuredClone(card);
    grade(card, 1, card.due);
    expect(card).toEqual(copy);
  });
});

describe('the level rules', () => {
  const rows: [string, Parameters<typeof levelAfterReview>[0], { level: number; raised: boolean }][] = [
    [
      'Again lowers level 3 to 2',
      { level: 3, rating: 1, stability: 80, raisedToday: false },
      { level: 2, raised: false },
    ],
    [
      'Again lowers level 2 to 1',
      { level: 2, rating: 1, stability: 5, raisedToday: true },
      { level: 1, raised: false },
    ],
    ['Again keeps level 1', { level: 1, rating: 1, stability: 0.2, raisedToday: false }, { level: 1, raised: false }],
    ['Hard keeps the level', { level: 2, rating: 2, stability: 40, raisedToday: false }, { level: 2, raised: false }],
    [
      'Good keeps level 1 at 3 days',
      { level: 1, rating: 3, stability: 3, raisedToday: false },
      { level: 1, raised: false },
    ],
    [
      'Good raises level 1 past 3 days',
      { level: 1, rating: 3, stability: 3.1, raisedToday: false },
      { level: 2, raised: true },
    ],
    [
      'Easy raises level 1 past 3 days',
      { level: 1, rating: 4, stability: 30, raisedToday: false },
      { level: 2, raised: true },
    ],
    [
      'Good keeps level 2 at 21 days',
      { level: 2, rating: 3, stability: 21, raisedToday: false },
      { level: 2, raised: false },
    ],
    [
      'Good raises level 2 past 21 days',
      { level: 2, rating: 3, stability: 21.5, raisedToday: false },
      { level: 3, raised: true },
    ],
    [
      'a second raise the same day waits',
      { level: 2, rating: 4, stability: 50, raisedToday: true },
      { level: 2, raised: false },
    ],
    [
      'level 3 is never raised to 4',
      { level: 3, rating: 4, stability: 300, raisedToday: false },
      { level: 3, raised: false },
    ],
  ];
  it.each(rows)('%s', (_, review, expected) => {
    expect(levelAfterReview(review)).toEqual(expected);
  });

  it('offers "Mark as known?" only after Good or Easy leaves a level-3 card past 60 days', () => {
    expect(offersKnown({ rating: 3, levelAfter: 3, stability: 61 })).toBe(true);
    expect(offersKnown({ rating: 4, levelAfter: 3, stability: 60 })).toBe(false);
    expect(offersKnown({ rating: 2, levelAfter: 3, stability: 90 })).toBe(false);
    expect(offersKnown({ rating: 3, levelAfter: 2, stability: 90 })).toBe(false);
  });
});

describe('learning days (starting at 04:00 local time)', () => {
  it('start at 04:00 in UTC+14: 3 a.m. local still belongs to the day before', () => {
    const now = new Date('2026-03-10T13:00:00Z'); // 03:00 on 11 March in Kiritimati
    const { days: list, starts } = learningDaysFrom('Pacific/Kiritimati', now, 2);
    expect(list).toEqual(['2026-03-10', '2026-03-11']);
    expect(starts.map((s) => s.toISOString())).toEqual([
      '2026-03-09T14:00:00.000Z',
      '2026-03-10T14:00:00.000Z',
      '2026-03-11T14:00:00.000Z',
    ]);
  });

  it('start at 04:00 in UTC−12', () => {
    const now = new Date('2026-03-10T17:00:00Z'); // 05:00 on 10 March
    const { days: list, starts } = learningDaysFrom('Etc/GMT+12', now, 1);
    expect(list).toEqual(['2026-03-10']);
    expect(starts.map((s) => s.toISOString())).toEqual(['2026-03-10T16:00:00.000Z', '2026-03-11T16:00:00.000Z']);
  });

  it('last 23 hours across the spring clock change and 25 across the autumn one', () => {
    const spring = learningDaysFrom('Europe/Berlin', new Date('2026-03-28T12:00:00Z'), 1).starts;
    expect(spring.map((s) => s.toISOString())).toEqual(['2026-03-28T03:00:00.000Z', '2026-03-29T02:00:00.000Z']);
    const autumn = learningDaysFrom('Europe/Berlin', new Date('2026-10-24T12:00:00Z'), 1).starts;
    expect(autumn.map((s) => s.toISOString())).toEqual(['2026-10-24T02:00:00.000Z', '2026-10-25T03:00:00.000Z']);
  });
});
