import type { Flashcard, FlashcardSummary, ReviewResult } from '#contract/endpoints/flashcards.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import {
  addCard,
  addCards,
  type CardRead,
  type CardRow,
  currentBalances,
  latestReviewId,
  lockCard,
  lockLearner,
  logReview,
  markUndone,
  queueCards,
  type ReviewRow,
  readCard,
  readReview,
  summaryCounts,
  writeCard,
  writeReviewLevel,
} from '../db/queries/flashcards.ts';
import type { SaveBalances } from '../db/queries/save-balances.ts';
import type { Db } from '../db/types.ts';
import { apiError } from '../http/errors.ts';
import { learningDaysFrom } from './flashcard-days.ts';
import { levelAfterReview, offersKnown } from './flashcard-levels.ts';
import { cardOfSnapshot, grade, newCard, preview, SchedulerError, snapshotOf, stateName } from './scheduler.ts';
import { dayIn } from './streak.ts';

type Learner = { userId: number; language: LearningLanguage; timeZone: string; now: Date };
type Reading = Learner & { homeLang: LearningLanguage };

/** A card as the contract shows it, with each grade's next due date from the scheduler at `now`. */
export function flashcardOf(card: CardRead, now: Date): Flashcard {
  const next = preview(card, now);
  return {
    id: card.id,
    lowercase: card.lowercase,
    level: card.level,
    meaning: card.meaning,
    meaningIsOwn: card.meaningIsOwn,
    note: card.note,
    sentence: card.sentence,
    source: card.source,
    state: stateName(card.state),
    due: card.due.toISOString(),
    reps: card.reps,
    lapses: card.lapses,
    suspended: card.level === 0 || card.level === 4,
    next: {
      again: next.again.toISOString(),
      hard: next.hard.toISOString(),
      good: next.good.toISOString(),
      easy: next.easy.toISOString(),
    },
  };
}

/** Buckets, forecast and counts in the learner's zone, the learning day starting at 04:00 (docs/decisions/0030). */
export async function flashcardSummary(db: Db, learner: Learner): Promise<FlashcardSummary> {
  const { days, starts } = learningDaysFrom(learner.timeZone, learner.now, 8);
  const [dayStart] = starts;
  if (!dayStart) throw new Error('No learning day');
  const row = await summaryCounts(db, {
    userId: learner.userId,
    language: learner.language,
    now: learner.now,
    dayStart,
    bounds: starts.slice(1),
  });
  const newAllowed = Math.min(row.newWaiting, Math.max(row.newPerDay - row.newToday, 0));
  return {
    buckets: {
      now: row.dueNow + newAllowed,
      today: row.today,
      tomorrow: row.tomorrow,
      nextWeek: row.nextWeek,
      soon: row.soon,
    },
    forecast: days.slice(0, 7).map((day, n) => ({ day, due: row.forecast[n] ?? 0 })),
    newToday: row.newToday,
    newPerDay: row.newPerDay,
    newWaiting: row.newWaiting,
    total: row.total,
    suspended: row.suspended,
  };
}

export async function flashcardQueue(
  db: Db,
  reading: Reading & { practice: boolean; limit: number },
): Promise<Flashcard[]> {
  const [dayStart] = learningDaysFrom(reading.timeZone, reading.now, 1).starts;
  if (!dayStart) throw new Error('No learning day');
  const cards = await queueCards(db, { ...reading, dayStart });
  return cards.map((card) => flashcardOf(card, reading.now));
}

/** "Add to flashcards": the word's card, made now unless it has one. */
export async function addFlashcard(
  db: Db,
  reading: Reading & { lowercase: string },
): Promise<{ card: Flashcard; added: boolean }> {
  const { userId, language, homeLang, lowercase, now } = reading;
  const made = await addCard(db, { userId, language, lowercase }, newCard(now), now);
  if (!made) throw apiError(404, 'not_found', 'This word is not saved');
  const card = await readCard(db, { userId, language, homeLang, cardId: made.id });
  // Removed with its word in between: as if it had never been saved.
  if (!card) throw apiError(404, 'not_found', 'This word is not saved');
  return { card: flashcardOf(card, now), added: made.added };
}

export async function addFlashcards(
  db: Db,
  learner: Learner & { count: number },
): Promise<{ added: number; summary: FlashcardSummary }> {
  const { userId, language, count, now } = learner;
  const added = await addCards(db, { userId, language, count }, newCard(now), now);
  return { added, summary: await flashcardSummary(db, learner) };
}

export type ReviewInput = { reviewId: string; cardId: number; rating: number; reps: number; durationMs: number };

export type ReviewOutcome = Omit<ReviewResult, 'balances'> & { balances: SaveBalances };

/** A review of that id is in the log already (another request's, committed meanwhile): its result is answered. */
class RepeatedReview extends Error {}

const notFound = () => apiError(404, 'not_found', 'This card does not exist');

/** The log's snapshot of a card: its scheduler state and the day a review last raised its word. */
const snapshotWithRaise = (card: CardRow, levelRaisedOn: string | null) => ({ ...snapshotOf(card), levelRaisedOn });

const raisedOnOf = (snapshot: unknown): string | null => {
  const value = (snapshot as { levelRaisedOn?: unknown } | null)?.levelRaisedOn;
  return typeof value === 'string' ? value : null;
};

/**
 * One grade, in one transaction: the learner's row, the card and its word locked in that order; a suspended card or
 * one reviewed since the client read it (its `reps`) is 409; the scheduler grades at the request's clock (never before
 * the last review); the level rules move the word's level through the reader's save path; the review is appended to
 * the log under its client-made id, whose second use answers the first's result.
 */
export async function reviewFlashcard(db: Db, reading: Reading, input: ReviewInput): Promise<ReviewOutcome> {
  const { userId, language, homeLang, now, timeZone } = reading;
  const reviewId = input.reviewId.toLowerCase();
  const cardDay = learningDaysFrom(timeZone, now, 1).days[0] ?? dayIn(timeZone, now);
  try {
    const outcome = await db.transaction(async (tx): Promise<{ result: ReviewOutcome } | { prior: ReviewRow }> => {
      if (!(await lockLearner(tx, userId))) throw new Error('User vanished');
      const prior = await readReview(tx, userId, reviewId);
      if (prior) return { prior };
      const card = await lockCard(tx, { userId, language, homeLang, cardId: input.cardId });
      if (!card) throw notFound();
      if (card.level === 0 || card.level === 4) throw apiError(409, 'conflict', 'This card is suspended');
      if (card.reps !== input.reps) throw apiError(409, 'conflict', 'This card was reviewed meanwhile');
      const after = gradeOrRefuse(card, input.rating, now);
      const rule = levelAfterReview({
        level: card.level,
        rating: input.rating,
        stability: after.stability,
        raisedToday: card.levelRaisedOn === cardDay,
      });
      const levelRaisedOn = rule.raised ? cardDay : card.levelRaisedOn;
      await writeCard(tx, card.id, after, levelRaisedOn);
      const logged = await logReview(tx, {
        userId,
        reviewId,
        cardId: card.id,
        rating: input.rating,
        cardBefore: snapshotWithRaise(card, card.levelRaisedOn),
        cardAfter: snapshotWithRaise(after, levelRaisedOn),
        levelBefore: card.level,
        levelAfter: rule.level,
        now,
        durationMs: input.durationMs,
      });
      if (!logged) throw new RepeatedReview();
      const balances = await writeReviewLevel(
        tx,
        { userId, language, lowercase: card.lowercase, level: rule.level },
        { now, learningDay: dayIn(timeZone, now) },
      );
      const reviewed: CardRead = { ...card, ...after, level: rule.level, levelRaisedOn };
      return {
        result: {
          card: flashcardOf(reviewed, now),
          level: { before: card.level, after: rule.level },
          offerKnown: offersKnown({ rating: input.rating, levelAfter: rule.level, stability: after.stability }),
          balances,
        },
      };
    });
    if ('result' in outcome) return outcome.result;
    return repeatedResult(db, reading, input, outcome.prior);
  } catch (error) {
    if (!(error instanceof RepeatedReview)) throw error;
    const prior = await readReview(db, userId, reviewId);
    if (!prior) throw new Error('The repeated review is not in the log');
    return repeatedResult(db, reading, input, prior);
  }
}

function gradeOrRefuse(card: CardRow, rating: number, now: Date): CardRow {
  try {
    return grade(card, rating, now);
  } catch (error) {
    if (error instanceof SchedulerError) throw apiError(409, 'conflict', 'This card cannot be reviewed now');
    throw error;
  }
}

/** The result a review id already in the log answers again: the card as that review left it, nothing written. */
async function repeatedResult(db: Db, reading: Reading, input: ReviewInput, prior: ReviewRow): Promise<ReviewOutcome> {
  if (prior.cardId !== input.cardId) throw apiError(409, 'conflict', 'This review id belongs to another card');
  const { userId, language, homeLang, now } = reading;
  const card = await readCard(db, { userId, language, homeLang, cardId: prior.cardId });
  if (!card) throw notFound();
  let after: CardRow;
  try {
    after = cardOfSnapshot(prior.cardAfter);
  } catch {
    throw apiError(409, 'conflict', 'This review cannot be read');
  }
  return {
    card: flashcardOf({ ...card, ...after, level: prior.levelAfter }, now),
    level: { before: prior.levelBefore, after: prior.levelAfter },
    offerKnown: offersKnown({ rating: prior.rating, levelAfter: prior.levelAfter, stability: after.stability }),
    balances: await currentBalances(db, userId),
  };
}

/**
 * Undoes a card's latest review not undone: the card's stored snapshot from before it, and the word's level before it
 * unless something else changed the level since; the review's row stays in the log, marked undone.
 */
export async function undoFlashcardReview(
  db: Db,
  reading: Reading,
  reviewIdAsSent: string,
): Promise<{ card: Flashcard; level: number }> {
  const { userId, language, homeLang, now, timeZone } = reading;
  const reviewId = reviewIdAsSent.toLowerCase();
  return db.transaction(async (tx) => {
    if (!(await lockLearner(tx, userId))) throw new Error('User vanished');
    const review = await readReview(tx, userId, reviewId);
    if (!review) throw apiError(404, 'not_found', 'This review does not exist');
    const card = await lockCard(tx, { userId, language, homeLang, cardId: review.cardId });
    if (!card) throw apiError(404, 'not_found', 'This review does not exist');
    if (review.undone || (await latestReviewId(tx, card.id)) !== reviewId) {
      throw apiError(409, 'conflict', "Only the card's latest review can be undone");
    }
    let before: CardRow;
    try {
      before = cardOfSnapshot(review.cardBefore);
    } catch {
      throw apiError(409, 'conflict', 'This review cannot be undone');
    }
    const levelRaisedOn = raisedOnOf(review.cardBefore);
    await writeCard(tx, card.id, before, levelRaisedOn);
    const level = card.level === review.levelAfter ? review.levelBefore : card.level;
    if (level !== card.level) {
      await writeReviewLevel(
        tx,
        { userId, language, lowercase: card.lowercase, level },
        { now, learningDay: dayIn(timeZone, now) },
      );
    }
    await markUndone(tx, userId, reviewId, now);
    return { card: flashcardOf({ ...card, ...before, level, levelRaisedOn }, now), level };
  });
}
