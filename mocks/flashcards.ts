import { type Card, createEmptyCard, fsrs, type Grade, generatorParameters, Rating, State } from 'ts-fsrs';
import { TIME_ZONE_HEADER } from '@/contract/endpoints';
import {
  type CardSource,
  type CardState,
  type Flashcard,
  type FlashcardSummary,
  newCardsPerDayDefault,
} from '@/contract/endpoints/flashcards';
import type { UserWord } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { type MockCard, type MockCardState, type MockUser, mockDb, wordsOf, wordTimeKey } from './db';
import { glossFor } from './fixtures/translations';
import { adminLibraryOf } from './library';

/**
 * The scheduler as the server sets it (server/src/services/scheduler.ts): FSRS-6 defaults, retention 0.9, learning
 * steps of 1 and 10 minutes, relearning of 10, no fuzz, so the mocks' intervals are the server's.
 */
const scheduler = fsrs(
  generatorParameters({
    request_retention: 0.9,
    enable_fuzz: false,
    enable_short_term: true,
    learning_steps: ['1m', '10m'],
    relearning_steps: ['10m'],
  }),
);

const stateNames: Record<number, CardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

const grades: Record<number, Grade> = { 1: Rating.Again, 2: Rating.Hard, 3: Rating.Good, 4: Rating.Easy };

function toCard(state: MockCardState): Card {
  return {
    due: new Date(state.due),
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsedDays,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state as State,
    ...(state.lastReview ? { last_review: new Date(state.lastReview) } : {}),
  };
}

function toState(card: Card): MockCardState {
  return {
    due: new Date(card.due).toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? new Date(card.last_review).toISOString() : null,
  };
}

/** The moment a card is scheduled at: now, but never before its last review (the scheduler refuses that). */
function clamped(state: MockCardState, now: Date): Date {
  const last = state.lastReview ? Date.parse(state.lastReview) : Number.NEGATIVE_INFINITY;
  return last > now.getTime() ? new Date(last) : now;
}

export function newCardState(now: Date): MockCardState {
  return toState(createEmptyCard(now));
}

/** The card after one grade (1–4) at `now`. */
export function gradeCard(state: MockCardState, rating: number, now: Date): MockCardState {
  const grade = grades[rating];
  if (grade === undefined) throw new Error(`Not a grade: ${rating}`);
  return toState(scheduler.next(toCard(state), clamped(state, now), grade).card);
}

function nextDues(state: MockCardState, now: Date): Flashcard['next'] {
  const record = scheduler.repeat(toCard(state), clamped(state, now));
  const dueOf = (grade: Grade) => new Date(record[grade].card.due).toISOString();
  return {
    again: dueOf(Rating.Again),
    hard: dueOf(Rating.Hard),
    good: dueOf(Rating.Good),
    easy: dueOf(Rating.Easy),
  };
}

export const isNewCard = (card: MockCard) => card.schedule.state === State.New;

/** The learning day starts at 04:00 in the learner's zone. */
const dayStartHour = 4;
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The request's zone (`X-Time-Zone`), UTC when absent or unknown, as the server reads it. */
export function timeZoneOf(request: Request): string {
  const asked = request.headers.get(TIME_ZONE_HEADER);
  if (!asked || asked.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: asked }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/** The ISO day `days` after another (before, when negative). */
export function dayAfter(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The learning day a moment falls on in a zone: its calendar day there, the day before until 04:00. */
export function learningDayIn(timeZone: string, moment: Date): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(moment).map((part) => [part.type, part.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return Number(parts.hour) < dayStartHour ? dayAfter(day, -1) : day;
}

/** A learner's cards in one language. */
export function cardsOf(user: MockUser, language: LearningLanguage): MockCard[] {
  return mockDb().flashcards.cards.filter((card) => card.username === user.username && card.language === language);
}

export function savedWordOf(user: MockUser, card: Pick<MockCard, 'language' | 'lowercase'>): UserWord | undefined {
  return wordsOf(user).find((word) => word.language === card.language && word.lowercase === card.lowercase);
}

/** A card is suspended while its word is at level 0 or 4. */
export function isSuspended(user: MockUser, card: MockCard): boolean {
  const level = savedWordOf(user, card)?.level ?? 0;
  return level === 0 || level === 4;
}

export function newPerDayOf(user: MockUser): number {
  return mockDb().flashcards.newPerDay[user.username] ?? newCardsPerDayDefault;
}

/** The new cards a learner's reviews introduced on a learning day in one language (undone reviews not counted). */
export function introducedOn(user: MockUser, language: LearningLanguage, day: string): number {
  const { cards, reviews } = mockDb().flashcards;
  const inLanguage = new Set(cards.filter((card) => card.language === language).map((card) => card.id));
  return reviews.filter(
    (review) =>
      review.username === user.username &&
      review.introduced &&
      !review.undone &&
      review.day === day &&
      inLanguage.has(review.cardId),
  ).length;
}

/** The figures of the queue screen, at `now` in the learner's zone. */
export function summaryOf(user: MockUser, language: LearningLanguage, now: Date, timeZone: string): FlashcardSummary {
  const cards = cardsOf(user, language);
  const active = cards.filter((card) => !isSuspended(user, card));
  const today = learningDayIn(timeZone, now);
  const newPerDay = newPerDayOf(user);
  const newToday = introducedOn(user, language, today);
  const newWaiting = active.filter(isNewCard).length;
  const buckets = {
    now: Math.min(newWaiting, Math.max(newPerDay - newToday, 0)),
    today: 0,
    tomorrow: 0,
    nextWeek: 0,
    soon: 0,
  };
  const forecastDays = Array.from({ length: 7 }, (_, index) => dayAfter(today, index));
  const forecast = forecastDays.map((day) => ({ day, due: 0 }));
  for (const card of active) {
    if (isNewCard(card)) continue;
    const due = new Date(card.schedule.due);
    const day = learningDayIn(timeZone, due);
    const slot = forecast[day < today ? 0 : forecastDays.indexOf(day)];
    if (slot) slot.due += 1;
    if (due.getTime() <= now.getTime()) buckets.now += 1;
    else if (day === today) buckets.today += 1;
    else if (day === dayAfter(today, 1)) buckets.tomorrow += 1;
    else if (day <= dayAfter(today, 7)) buckets.nextWeek += 1;
    else buckets.soon += 1;
  }
  return {
    buckets,
    forecast,
    newToday,
    newPerDay,
    newWaiting,
    total: cards.length,
    suspended: cards.length - active.length,
  };
}

/** The title of a card's source as the learner sees it; null once the text or video is gone. */
function sourceOf(user: MockUser, card: MockCard): CardSource | null {
  const source = card.context?.source;
  if (!source) return null;
  if ('videoId' in source) {
    const library = mockDb().videos.get(user.username);
    const video = [...(library?.videos ?? []), ...(library?.processing ?? [])].find(
      (candidate) => candidate.videoId === source.videoId && candidate.language === card.language,
    );
    return { kind: 'video', videoId: source.videoId, title: video?.title ?? null };
  }
  const imported = mockDb().imports.find(
    (item) => item.record.contentId === source.contentId && !item.upload && item.username === user.username,
  );
  const title =
    imported?.record.title ??
    adminLibraryOf(card.language).contents.find((content) => content.id === source.contentId && content.published)
      ?.title ??
    null;
  return { kind: 'content', contentId: source.contentId, pageId: source.pageId, title };
}

/** A card as the review screen shows it, its meaning in `homeLang`, its buttons' intervals from `now`. */
export function flashcardOf(user: MockUser, card: MockCard, homeLang: LearningLanguage, now: Date): Flashcard {
  const own = mockDb().meanings[wordTimeKey(user, card)];
  const meaning = own?.meaning ?? null;
  return {
    id: card.id,
    lowercase: card.lowercase,
    level: savedWordOf(user, card)?.level ?? 0,
    meaning: meaning ?? glossFor(card.lowercase, card.language, homeLang) ?? null,
    meaningIsOwn: meaning !== null,
    note: own?.note ?? null,
    sentence: card.context?.sentence ?? null,
    source: sourceOf(user, card),
    state: stateNames[card.schedule.state] ?? 'new',
    due: card.schedule.due,
    reps: card.schedule.reps,
    lapses: card.schedule.lapses,
    suspended: isSuspended(user, card),
    next: nextDues(card.schedule, now),
  };
}

/** Removes the cards of words the learner removed, with their reviews (the server's cascade). */
export function removeCardsOf(user: MockUser, words: readonly Pick<UserWord, 'language' | 'lowercase'>[]): void {
  const flashcards = mockDb().flashcards;
  const removed = new Set(
    flashcards.cards
      .filter(
        (card) =>
          card.username === user.username &&
          words.some((word) => word.language === card.language && word.lowercase === card.lowercase),
      )
      .map((card) => card.id),
  );
  if (removed.size === 0) return;
  flashcards.cards = flashcards.cards.filter((card) => !removed.has(card.id));
  flashcards.reviews = flashcards.reviews.filter((review) => !removed.has(review.cardId));
}
