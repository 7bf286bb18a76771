import { flashcardEndpoints, maxQueueCards } from '@/contract/endpoints/flashcards';
import type { UserWord, WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import {
  type MockCard,
  type MockReview,
  type MockUser,
  mockDb,
  nextId,
  payWordCoins,
  wordsOf,
  wordTimeKey,
} from '../db';
import {
  cardsOf,
  flashcardOf,
  gradeCard,
  introducedOn,
  isNewCard,
  isSuspended,
  learningDayIn,
  newCardState,
  newPerDayOf,
  savedWordOf,
  summaryOf,
  timeZoneOf,
} from '../flashcards';
import { fail, ok, parseBody, parseParams, queryOf, requireUser, route } from './respond';
import { byCodePoint, occurrencesIn } from './vocabulary';

/** Stability (in days) past which Good or Easy raises a word from level 1, from level 2; and offers level 4 at 3. */
const raiseAbove = { 1: 3, 2: 21 } as const;
const offerKnownAbove = 60;

/**
 * The level rules of a review (docs/decisions/0030): Again lowers a word at level 2–3 by one; Good or Easy raise
 * 1 → 2 past 3 days' stability and 2 → 3 past 21, at most once a learning day; nothing else moves a level.
 */
function levelAfter(level: WordLevel, rating: number, stability: number, raisedToday: boolean): WordLevel {
  if (rating === 1) return level === 2 || level === 3 ? ((level - 1) as WordLevel) : level;
  if (rating < 3 || raisedToday) return level;
  if (level === 1 && stability > raiseAbove[1]) return 2;
  if (level === 2 && stability > raiseAbove[2]) return 3;
  return level;
}

/** Sets a saved word's level as a save does: its change time moves (the review pays its coins). */
function setLevel(user: MockUser, word: UserWord, level: WordLevel, now: Date) {
  word.level = level;
  mockDb().wordTimes[wordTimeKey(user, word)] = now.toISOString();
}

function makeCard(user: MockUser, language: LearningLanguage, lowercase: string, now: Date): MockCard {
  const card: MockCard = {
    id: nextId(),
    username: user.username,
    language,
    lowercase,
    schedule: newCardState(now),
    context: mockDb().contexts[wordTimeKey(user, { language, lowercase })] ?? null,
    levelRaisedOn: null,
    createdAt: now.toISOString(),
  };
  mockDb().flashcards.cards.push(card);
  return card;
}

function findCard(user: MockUser, language: LearningLanguage, id: number): MockCard | undefined {
  return cardsOf(user, language).find((card) => card.id === id);
}

const notFound = () => fail(404, 'not_found', 'This card does not exist');

export const flashcardHandlers = [
  route(flashcardEndpoints.flashcardSummary, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, flashcardEndpoints.flashcardSummary.params);
    if (parsed instanceof Response) return parsed;
    return ok(summaryOf(user, parsed.targetLang, new Date(), timeZoneOf(request)));
  }),

  route(flashcardEndpoints.flashcardQueue, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, flashcardEndpoints.flashcardQueue.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), flashcardEndpoints.flashcardQueue.query);
    if (query instanceof Response) return query;
    const now = new Date();
    const language = parsed.targetLang;
    const limit = query.limit ?? maxQueueCards;
    const active = cardsOf(user, language).filter((card) => !isSuspended(user, card));
    let picked: MockCard[];
    if (query.practice === 'true') {
      const lastReview = (card: MockCard) => (card.schedule.lastReview ? Date.parse(card.schedule.lastReview) : 0);
      picked = active.sort((a, b) => lastReview(a) - lastReview(b) || a.id - b.id).slice(0, limit);
    } else {
      const due = active
        .filter((card) => !isNewCard(card) && Date.parse(card.schedule.due) <= now.getTime())
        .sort((a, b) => Date.parse(a.schedule.due) - Date.parse(b.schedule.due) || a.id - b.id);
      const today = learningDayIn(timeZoneOf(request), now);
      const allowed = Math.max(newPerDayOf(user) - introducedOn(user, language, today), 0);
      const fresh = active.filter(isNewCard).slice(0, allowed);
      picked = [...due, ...fresh].slice(0, limit);
    }
    return ok({ cards: picked.map((card) => flashcardOf(user, card, query.homeLang, now)) });
  }),

  route(flashcardEndpoints.addFlashcard, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, flashcardEndpoints.addFlashcard.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), flashcardEndpoints.addFlashcard.query);
    if (query instanceof Response) return query;
    const body = await parseBody(request, flashcardEndpoints.addFlashcard.body);
    if (body instanceof Response) return body;
    const language = parsed.targetLang;
    const word = savedWordOf(user, { language, lowercase: body.lowercase });
    if (!word) return fail(404, 'not_found', 'This word is not saved');
    const now = new Date();
    const existing = cardsOf(user, language).find((card) => card.lowercase === word.lowercase);
    const card = existing ?? makeCard(user, language, word.lowercase, now);
    return ok({ card: flashcardOf(user, card, query.homeLang, now), added: !existing });
  }),

  route(flashcardEndpoints.addFlashcards, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, flashcardEndpoints.addFlashcards.params);
    if (parsed instanceof Response) return parsed;
    const body = await parseBody(request, flashcardEndpoints.addFlashcards.body);
    if (body instanceof Response) return body;
    const language = parsed.targetLang;
    const now = new Date();
    const carded = new Set(cardsOf(user, language).map((card) => card.lowercase));
    const occurrences = occurrencesIn(user, language);
    const { wordTimes } = mockDb();
    // Most frequent in what the learner reads first, then the most recently changed, as the server orders them.
    const picked = wordsOf(user)
      .filter((word) => word.language === language && word.level >= 1 && word.level <= 3)
      .filter((word) => !carded.has(word.lowercase))
      .map((word) => ({
        word,
        times: occurrences.get(word.lowercase) ?? 0,
        changed: wordTimes[wordTimeKey(user, word)] ?? '',
      }))
      .sort(
        (a, b) =>
          b.times - a.times ||
          (a.changed === b.changed ? 0 : a.changed < b.changed ? 1 : -1) ||
          byCodePoint(a.word.lowercase, b.word.lowercase),
      )
      .slice(0, body.count);
    for (const { word } of picked) makeCard(user, language, word.lowercase, now);
    return ok({ added: picked.length, summary: summaryOf(user, language, now, timeZoneOf(request)) });
  }),

  route(flashcardEndpoints.reviewFlashcard, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, flashcardEndpoints.reviewFlashcard.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), flashcardEndpoints.reviewFlashcard.query);
    if (query instanceof Response) return query;
    const body = await parseBody(request, flashcardEndpoints.reviewFlashcard.body);
    if (body instanceof Response) return body;
    const { reviews } = mockDb().flashcards;
    const reviewId = body.reviewId.toLowerCase();
    const done = reviews.find((review) => review.username === user.username && review.reviewId === reviewId);
    if (done && done.cardId !== body.cardId) return fail(409, 'conflict', 'This review id belongs to another card');
    if (done) return ok(done.result);
    const card = findCard(user, parsed.targetLang, body.cardId);
    const word = card && savedWordOf(user, card);
    if (!card || !word) return notFound();
    if (isSuspended(user, card))
      return fail(409, 'conflict', 'This card is suspended while its word is at level 0 or 4');
    if (body.reps !== card.schedule.reps) return fail(409, 'conflict', 'This card was reviewed in the meantime');
    const now = new Date();
    const day = learningDayIn(timeZoneOf(request), now);
    const before = card.schedule;
    const after = gradeCard(before, body.rating, now);
    const levelBefore = word.level;
    const level = levelAfter(levelBefore, body.rating, after.stability, card.levelRaisedOn === day);
    const review: Omit<MockReview, 'result'> = {
      username: user.username,
      reviewId,
      cardId: card.id,
      rating: body.rating,
      before,
      after,
      levelBefore,
      levelAfter: level,
      day,
      introduced: isNewCard(card),
      levelRaisedOnBefore: card.levelRaisedOn,
      reviewedAt: now.toISOString(),
      durationMs: body.durationMs,
      undone: false,
      undoneAt: null,
    };
    card.schedule = after;
    if (level > levelBefore) card.levelRaisedOn = day;
    if (level !== levelBefore) setLevel(user, word, level, now);
    // A review is a learning day for the streak; a level it reaches the first time pays as a save's does.
    const balances = payWordCoins(user, level > levelBefore ? [word] : [], now);
    const result = {
      card: flashcardOf(user, card, query.homeLang, now),
      level: { before: levelBefore, after: level },
      offerKnown: body.rating >= 3 && level === 3 && after.stability > offerKnownAbove,
      balances,
    };
    reviews.push({ ...review, result });
    return ok(result);
  }),

  route(flashcardEndpoints.undoFlashcardReview, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, flashcardEndpoints.undoFlashcardReview.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), flashcardEndpoints.undoFlashcardReview.query);
    if (query instanceof Response) return query;
    const body = await parseBody(request, flashcardEndpoints.undoFlashcardReview.body);
    if (body instanceof Response) return body;
    const { reviews } = mockDb().flashcards;
    const reviewId = body.reviewId.toLowerCase();
    const review = reviews.find((item) => item.username === user.username && item.reviewId === reviewId);
    const card = review && findCard(user, parsed.targetLang, review.cardId);
    if (!review || !card) return fail(404, 'not_found', 'This review does not exist');
    const latest = reviews.filter((item) => item.cardId === card.id && !item.undone).at(-1);
    if (review !== latest) return fail(409, 'conflict', 'Only the latest review of a card can be undone');
    const now = new Date();
    review.undone = true;
    review.undoneAt = now.toISOString();
    card.schedule = review.before;
    card.levelRaisedOn = review.levelRaisedOnBefore;
    const word = savedWordOf(user, card);
    // The level goes back only if the review moved it and nothing changed it since.
    if (word && review.levelAfter !== review.levelBefore && word.level === review.levelAfter) {
      setLevel(user, word, review.levelBefore, now);
    }
    return ok({ card: flashcardOf(user, card, query.homeLang, now), level: word?.level ?? review.levelBefore });
  }),

  route(flashcardEndpoints.flashcardSettings, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, flashcardEndpoints.flashcardSettings.body);
    if (body instanceof Response) return body;
    mockDb().flashcards.newPerDay[user.username] = body.newPerDay;
    return ok({ newPerDay: body.newPerDay });
  }),
];
