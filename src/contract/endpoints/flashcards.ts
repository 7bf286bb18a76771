import { z } from 'zod/mini';
import {
  isoDateSchema,
  isoDateTimeSchema,
  learnerBalancesSchema,
  savedFormSchema,
  videoIdSchema,
  wordLevelSchema,
} from '../entities.ts';
import { int32, positiveInt32 } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { targetLangParams } from './params.ts';

/** A card's state in the scheduler (FSRS): never reviewed, in its learning steps, in review, relearning after a lapse. */
export const cardStates = ['new', 'learning', 'review', 'relearning'] as const;
export type CardState = (typeof cardStates)[number];

/** The four grades, as the review call sends them (1–4) and the buttons name them. */
export const cardGrades = { again: 1, hard: 2, good: 3, easy: 4 } as const;
export type CardGradeName = keyof typeof cardGrades;
export const cardGradeSchema = z.int().check(z.minimum(1), z.maximum(4));

/** New cards a learner may add in one "Add 20 Cards", and the range of the daily cap on new cards. */
export const cardsPerBatch = 20;
export const maxCardsPerBatch = 50;
export const newCardsPerDayDefault = 20;
export const maxNewCardsPerDay = 200;
/** The most cards one queue call answers. */
export const maxQueueCards = 50;

/**
 * Where a card's sentence was met: a page of a text, or a video's transcript, with its title as the learner sees it
 * (null when the text or video has gone since).
 */
export const cardSourceSchema = z.union([
  z.object({ kind: z.literal('content'), contentId: positiveInt32(), pageId: int32(), title: z.nullable(z.string()) }),
  z.object({ kind: z.literal('video'), videoId: videoIdSchema, title: z.nullable(z.string()) }),
]);
export type CardSource = z.infer<typeof cardSourceSchema>;

/**
 * A flashcard as the review screen shows it: its word (level, the meaning shown: the learner's own, else the
 * dictionary's first gloss into the home language, else null; the note), the sentence the word was saved in and its
 * source, the scheduler's state, and when each grade would make it due next (the buttons' intervals: the server
 * schedules, the SPA never does). A card is suspended while its word is at level 0 or 4.
 */
export const flashcardSchema = z.object({
  id: positiveInt32(),
  lowercase: z.string(),
  level: wordLevelSchema,
  meaning: z.nullable(z.string()),
  meaningIsOwn: z.boolean(),
  note: z.nullable(z.string()),
  sentence: z.nullable(z.string()),
  source: z.nullable(cardSourceSchema),
  state: z.enum(cardStates),
  due: isoDateTimeSchema,
  reps: int32(),
  lapses: int32(),
  suspended: z.boolean(),
  next: z.object({
    again: isoDateTimeSchema,
    hard: isoDateTimeSchema,
    good: isoDateTimeSchema,
    easy: isoDateTimeSchema,
  }),
});
export type Flashcard = z.infer<typeof flashcardSchema>;

/**
 * The queue screen's figures in the learner's zone, the learning day starting at 04:00: cards due now (reviews due, and
 * the new cards today's cap still allows), later today, tomorrow, in the next week (the 2nd to 7th learning day from
 * today) and later (soon); the next 7 learning days' due counts from today; new cards introduced today against the
 * cap, new cards waiting, every card and the suspended ones.
 */
export const flashcardSummarySchema = z.object({
  buckets: z.object({ now: int32(), today: int32(), tomorrow: int32(), nextWeek: int32(), soon: int32() }),
  forecast: z.array(z.object({ day: isoDateSchema, due: int32() })).check(z.length(7)),
  newToday: int32(),
  newPerDay: int32(),
  newWaiting: int32(),
  total: int32(),
  suspended: int32(),
});
export type FlashcardSummary = z.infer<typeof flashcardSummarySchema>;

/** What a review changed: the card after it, the word's level before and after (docs/decisions' level rules). */
export const reviewResultSchema = z.object({
  card: flashcardSchema,
  level: z.object({ before: wordLevelSchema, after: wordLevelSchema }),
  /** The card's word is at level 3 and the card is mature: the screen asks "Mark as known?" (never set by a review). */
  offerKnown: z.boolean(),
  balances: learnerBalancesSchema,
});
export type ReviewResult = z.infer<typeof reviewResultSchema>;

const homeLangQuery = {
  /** The language the dictionary's meanings are given in (the learner's home language). */
  homeLang: learningLanguageSchema,
};

/**
 * Flashcards on the learner's saved words (issue #29): one card per learner, language and word, made only when the
 * learner asks, scheduled by FSRS on the server, reviewed in the learner's time zone (`X-Time-Zone`).
 */
export const flashcardEndpoints = {
  /** The queue screen's buckets, forecast and counts. */
  flashcardSummary: endpoint({
    method: 'GET',
    path: '/flashcards/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: flashcardSummarySchema,
  }),
  /**
   * Cards to review now, most overdue first (reviews due, then new cards within today's cap); `practice=true`: any
   * cards that are not suspended, least recently reviewed first, whose grades the SPA does not send (practice never
   * changes a schedule).
   */
  flashcardQueue: endpoint({
    method: 'GET',
    path: '/flashcards/:targetLang/queue',
    auth: 'required',
    params: targetLangParams,
    query: z.object({
      ...homeLangQuery,
      practice: z.optional(z.enum(['true', 'false'])),
      limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(maxQueueCards))),
    }),
    details: z.object({ cards: z.array(flashcardSchema) }),
  }),
  /**
   * A card for one saved word ("Add to flashcards" in the translation box): made if it has none, else the card it
   * has (`added` false). A word not saved is 404 `not_found`.
   */
  addFlashcard: endpoint({
    method: 'POST',
    path: '/flashcards/:targetLang/cards',
    auth: 'required',
    params: targetLangParams,
    query: z.object(homeLangQuery),
    body: z.object({ lowercase: savedFormSchema }),
    details: z.object({ card: flashcardSchema, added: z.boolean() }),
  }),
  /**
   * "Add 20 Cards": cards for up to `count` saved words at levels 1–3 without one, most frequent in what the learner
   * reads first, then most recently saved. Two at once never give a word two cards: a double click adds the cards once
   * (the second call may add none). Answers how many were added and the summary after.
   */
  addFlashcards: endpoint({
    method: 'POST',
    path: '/flashcards/:targetLang/cards/batch',
    auth: 'required',
    params: targetLangParams,
    body: z.object({ count: z.int().check(z.minimum(1), z.maximum(maxCardsPerBatch)) }),
    details: z.object({ added: int32(), summary: flashcardSummarySchema }),
  }),
  /**
   * One grade. `reviewId` is made by the client: the same id again answers the same result and logs nothing more.
   * `reps` is the card's repetition count as the client saw it: another review in between is 409 `conflict`, as is a
   * suspended card. Moves the word's level only by the level rules, counts the day for the streak.
   */
  reviewFlashcard: endpoint({
    method: 'POST',
    path: '/flashcards/:targetLang/review',
    auth: 'required',
    params: targetLangParams,
    query: z.object(homeLangQuery),
    body: z.object({
      reviewId: z.uuid(),
      cardId: positiveInt32(),
      rating: cardGradeSchema,
      reps: int32(),
      /** How long the learner looked at the card, capped at ten minutes. */
      durationMs: z.int().check(z.minimum(0), z.maximum(600_000)),
    }),
    details: reviewResultSchema,
  }),
  /** Undoes a review: the card and the word's level as they were before it (only the card's latest review; 409 else). */
  undoFlashcardReview: endpoint({
    method: 'POST',
    path: '/flashcards/:targetLang/undo',
    auth: 'required',
    params: targetLangParams,
    query: z.object(homeLangQuery),
    body: z.object({ reviewId: z.uuid() }),
    details: z.object({ card: flashcardSchema, level: wordLevelSchema }),
  }),
  /** The daily cap on new cards (a setting of the learner's, for every language). */
  flashcardSettings: endpoint({
    method: 'PUT',
    path: '/flashcards/settings',
    auth: 'required',
    body: z.object({ newPerDay: z.int().check(z.minimum(1), z.maximum(maxNewCardsPerDay)) }),
    details: z.object({ newPerDay: int32() }),
  }),
} as const satisfies Record<string, Endpoint>;
