// The one module that imports ts-fsrs: importing it adds methods to `Date.prototype`, which nothing else in the
// server may come to rely on (docs/decisions/0030-flashcards-on-fsrs.md).
import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating, State } from 'ts-fsrs';
import type { CardState } from '#contract/endpoints/flashcards.ts';
import { type CardRow, type CardSnapshot, snapshotOf } from '../db/queries/flashcards.ts';

export type { CardRow, CardSnapshot };
export { snapshotOf };

/**
 * FSRS-6 with its default weights, a requested retention of 0.9, learning steps of 1 and 10 minutes, relearning of
 * 10, and no fuzz: the same card graded the same way at the same moment is always due at the same time, so a card's
 * log replays to its stored state and the buttons' intervals are those the grade then gives.
 */
const fsrsScheduler = fsrs(
  generatorParameters({
    request_retention: 0.9,
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: ['1m', '10m'],
    relearning_steps: ['10m'],
  }),
);

export type GradeValue = 1 | 2 | 3 | 4;

export type NextDues = { again: Date; hard: Date; good: Date; easy: Date };

/** The scheduler refused a card or a moment (a card whose stored state it cannot read): the caller answers a 4xx. */
export class SchedulerError extends Error {}

const stateNames: Record<number, CardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

export function stateName(state: number): CardState {
  const name = stateNames[state];
  if (!name) throw new SchedulerError(`Unknown card state ${state}`);
  return name;
}

const isTime = (date: Date | null | undefined): date is Date => date instanceof Date && Number.isFinite(date.getTime());

function toCard(row: CardRow): Card {
  if (!isTime(row.due) || (row.lastReview !== null && !isTime(row.lastReview))) {
    throw new SchedulerError('The card has an invalid date');
  }
  stateName(row.state);
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: new Date(row.lastReview) } : {}),
  };
}

function toRow(card: Card): CardRow {
  return {
    due: new Date(card.due),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? new Date(card.last_review) : null,
  };
}

/**
 * The moment a card is scheduled at: the request's clock, but never before the card's last review (a clock that
 * went back, or a review stored by a server whose clock ran ahead), which the scheduler refuses.
 */
export function clampedNow(card: CardRow, now: Date): Date {
  if (!isTime(now)) throw new SchedulerError('Invalid time');
  return card.lastReview && card.lastReview.getTime() > now.getTime() ? new Date(card.lastReview) : now;
}

/** A card never reviewed, due at `now`. */
export function newCard(now: Date): CardRow {
  if (!isTime(now)) throw new SchedulerError('Invalid time');
  return toRow(createEmptyCard(now));
}

function run<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof SchedulerError) throw error;
    throw new SchedulerError(error instanceof Error ? error.message : 'The scheduler refused the card');
  }
}

const grades: Record<GradeValue, Grade> = {
  1: Rating.Again,
  2: Rating.Hard,
  3: Rating.Good,
  4: Rating.Easy,
};

function gradeOf(rating: number): Grade {
  const grade = grades[rating as GradeValue];
  if (grade === undefined) throw new SchedulerError(`Not a grade: ${rating}`);
  return grade;
}

/** When each grade at `now` would make the card due next (the buttons' intervals). */
export function preview(card: CardRow, now: Date): NextDues {
  return run(() => {
    const at = clampedNow(card, now);
    const record = fsrsScheduler.repeat(toCard(card), at);
    return {
      again: new Date(record[Rating.Again].card.due),
      hard: new Date(record[Rating.Hard].card.due),
      good: new Date(record[Rating.Good].card.due),
      easy: new Date(record[Rating.Easy].card.due),
    };
  });
}

/** The card after one grade at `now` (clamped to its last review). */
export function grade(card: CardRow, rating: number, now: Date): CardRow {
  return run(() => toRow(fsrsScheduler.next(toCard(card), clampedNow(card, now), gradeOf(rating)).card));
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A snapshot of the review log as a card's state; a SchedulerError when it is not one. */
export function cardOfSnapshot(snapshot: unknown): CardRow {
  const s = (typeof snapshot === 'object' && snapshot !== null ? snapshot : {}) as Record<string, unknown>;
  const numbers = [
    'stability',
    'difficulty',
    'elapsedDays',
    'scheduledDays',
    'learningSteps',
    'reps',
    'lapses',
    'state',
  ];
  if (!numbers.every((key) => isNumber(s[key])) || typeof s.due !== 'string') {
    throw new SchedulerError('Not a card snapshot');
  }
  const card: CardRow = {
    due: new Date(s.due),
    stability: s.stability as number,
    difficulty: s.difficulty as number,
    elapsedDays: s.elapsedDays as number,
    scheduledDays: s.scheduledDays as number,
    learningSteps: s.learningSteps as number,
    reps: s.reps as number,
    lapses: s.lapses as number,
    state: s.state as number,
    lastReview: typeof s.lastReview === 'string' ? new Date(s.lastReview) : null,
  };
  toCard(card);
  return card;
}
