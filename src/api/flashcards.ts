import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import {
  type CardGradeName,
  cardGrades,
  cardsPerBatch,
  type Flashcard,
  type FlashcardSummary,
  flashcardEndpoints,
  type ReviewResult,
} from '@/contract/endpoints/flashcards';
import type { WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { storeBalances } from './account';
import { ApiRequestError, fetchDetails } from './client';
import { refreshProgress } from './progress';
import { setEverywhere, withWordLevel } from './words';

/** A learner's cards in one language, their meanings in the home language. */
export type FlashcardDeck = { language: LearningLanguage; homeLang: LearningLanguage };

type Queue = { cards: Flashcard[] };

function cardsQuery({ language, homeLang }: FlashcardDeck, kind: 'queue' | 'practice') {
  return queryOptions({
    queryKey: [...flashcardQueries.language(language), kind, homeLang] as const,
    queryFn: ({ signal }) =>
      fetchDetails(flashcardEndpoints.flashcardQueue, {
        params: { targetLang: language },
        query: kind === 'practice' ? { homeLang, practice: 'true' } : { homeLang },
        signal,
      }),
    // Asked again each time a review starts: cards come due while the screen waits.
    staleTime: 0,
  });
}

export const flashcardQueries = {
  all: () => ['flashcards'] as const,
  language: (language: LearningLanguage) => [...flashcardQueries.all(), language] as const,
  summary: (language: LearningLanguage) =>
    queryOptions({
      queryKey: [...flashcardQueries.language(language), 'summary'] as const,
      queryFn: ({ signal }) =>
        fetchDetails(flashcardEndpoints.flashcardSummary, { params: { targetLang: language }, signal }),
    }),
  /** The cards due now; the review screen takes them from the front. */
  queue: (deck: FlashcardDeck) => cardsQuery(deck, 'queue'),
  /** Any cards not suspended, least recently reviewed first: their grades are never sent. */
  practice: (deck: FlashcardDeck) => cardsQuery(deck, 'practice'),
};

/** The start of the learning day (04:00 in the learner's zone) that `moment` falls in. */
export function learningDayStart(moment: Date): Date {
  const start = new Date(moment);
  start.setHours(4, 0, 0, 0);
  if (start > moment) start.setDate(start.getDate() - 1);
  return start;
}

/** The learning day a due date falls in, counted from today's (0); negative for earlier days. */
export function learningDayOf(due: Date, now: Date): number {
  const today = learningDayStart(now);
  const day = learningDayStart(due);
  // Calendar days between the two starts, whatever a daylight-saving change did to the hours.
  const utc = (date: Date) => Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.round((utc(day) - utc(today)) / 86_400_000);
}

type Bucket = keyof FlashcardSummary['buckets'];

/** Which of the queue screen's buckets a card due then counts in (the server's rule, in the browser's zone). */
export function bucketOf(due: Date, now: Date): Bucket {
  if (due <= now) return 'now';
  const day = learningDayOf(due, now);
  if (day <= 0) return 'today';
  if (day === 1) return 'tomorrow';
  if (day <= 7) return 'nextWeek';
  return 'soon';
}

/**
 * The summary after a card due now is graded: it leaves Now for the bucket and forecast day of its next due date,
 * and a new card counts against today's cap.
 */
export function withCardReviewed(
  summary: FlashcardSummary,
  card: Pick<Flashcard, 'state' | 'next'>,
  grade: CardGradeName,
  now: Date,
): FlashcardSummary {
  const due = new Date(card.next[grade]);
  const buckets = { ...summary.buckets, now: Math.max(0, summary.buckets.now - 1) };
  const to = bucketOf(due, now);
  buckets[to] += 1;
  const day = learningDayOf(due, now);
  const forecast = summary.forecast.map((entry, index) => {
    let count = entry.due;
    if (index === 0) count = Math.max(0, count - 1);
    if (index === day) count += 1;
    return count === entry.due ? entry : { ...entry, due: count };
  });
  const isNew = card.state === 'new';
  return {
    ...summary,
    buckets,
    forecast,
    newToday: summary.newToday + (isNew ? 1 : 0),
    newWaiting: Math.max(0, summary.newWaiting - (isNew ? 1 : 0)),
  };
}

/** The queue without a card (graded). */
export function withoutCard(queue: Queue | undefined, cardId: number): Queue | undefined {
  if (!queue) return queue;
  return { cards: queue.cards.filter((card) => card.id !== cardId) };
}

/** The queue with a card in front (a refused grade, an undo), no longer anywhere else in it. */
export function withCardInFront(queue: Queue | undefined, card: Flashcard): Queue {
  return { cards: [card, ...(queue?.cards ?? []).filter((other) => other.id !== card.id)] };
}

/** The queue with one card changed where it is (its note, its meaning); as it was when the card is not in it. */
export function withCardChanged(queue: Queue | undefined, cardId: number, change: Partial<Flashcard>) {
  if (!queue?.cards.some((card) => card.id === cardId)) return queue;
  return { cards: queue.cards.map((card) => (card.id === cardId ? { ...card, ...change } : card)) };
}

/** Reviews and undos of one learner run one after another, in the order pressed. */
const reviewScope = { id: 'flashcards-review' };

/** A review's call failed on the way (no answer): tried again with the same review id, which the server logs once. */
const retryLost = (failures: number, error: unknown) =>
  error instanceof ApiRequestError && error.status === 0 && failures < 2;

export type FlashcardReview = {
  reviewId: string;
  card: Flashcard;
  grade: CardGradeName;
  /** From the card's showing to its grade. */
  durationMs: number;
};

/** A review's id, made by the client so a retried call is logged once. */
export const newReviewId = (): string => crypto.randomUUID();

function setLevel(queryClient: QueryClient, language: LearningLanguage, lowercase: string, level: WordLevel) {
  setEverywhere(queryClient, language, (words) => withWordLevel(words, { lowercase, language, level }));
}

/** The queue and summary of the deck are asked again once no review or undo is running. */
function settleDeck(queryClient: QueryClient, deck: FlashcardDeck) {
  if (queryClient.isMutating({ mutationKey: [...flashcardQueries.all(), 'review'] }) > 1) return;
  const queueKey = flashcardQueries.queue(deck).queryKey;
  void queryClient.invalidateQueries({ queryKey: flashcardQueries.summary(deck.language).queryKey });
  // A queue still holding cards stays as shown (refetched when the screen opens again); an empty one asks whether
  // any card has come due meanwhile.
  const empty = (queryClient.getQueryData(queueKey)?.cards.length ?? 0) === 0;
  void queryClient.invalidateQueries({ queryKey: queueKey, refetchType: empty ? 'active' : 'none' });
}

/** What the review screen hears of each review, whichever grade it was (a mutation's own callbacks hear the last). */
export type ReviewEvents = {
  answered?: (result: ReviewResult, review: FlashcardReview) => void;
  refused?: (review: FlashcardReview) => void;
};

/**
 * Grading a card: it leaves the queue at once and the summary's counts follow; a refusal (409 for a card reviewed
 * elsewhere or suspended, and any other) puts the card back in front and is toasted. The word's level and the
 * learner's balances are kept from the answer.
 */
export function useReviewFlashcard(deck: FlashcardDeck, events: ReviewEvents = {}) {
  const queryClient = useQueryClient();
  const latestEvents = useRef(events);
  latestEvents.current = events;
  const queueKey = flashcardQueries.queue(deck).queryKey;
  const summaryKey = flashcardQueries.summary(deck.language).queryKey;
  return useMutation({
    mutationKey: [...flashcardQueries.all(), 'review'],
    scope: reviewScope,
    retry: retryLost,
    // The scope keeps an undo behind it. (The review screen calls it once the next card's frame is painted.)
    mutationFn: ({ reviewId, card, grade, durationMs }: FlashcardReview) =>
      fetchDetails(flashcardEndpoints.reviewFlashcard, {
        params: { targetLang: deck.language },
        query: { homeLang: deck.homeLang },
        body: {
          reviewId,
          cardId: card.id,
          rating: cardGrades[grade],
          reps: card.reps,
          durationMs: Math.min(600_000, Math.max(0, Math.round(durationMs))),
        },
        keepalive: true,
      }),
    onMutate: async ({ card, grade }) => {
      await queryClient.cancelQueries({ queryKey: flashcardQueries.language(deck.language) });
      queryClient.setQueryData(queueKey, (queue) => withoutCard(queue, card.id));
      queryClient.setQueryData(summaryKey, (summary) =>
        summary ? withCardReviewed(summary, card, grade, new Date()) : summary,
      );
    },
    onError: (_error, review) => {
      queryClient.setQueryData(queueKey, (queue) => withCardInFront(queue, review.card));
      latestEvents.current.refused?.(review);
    },
    onSuccess: (result, review) => {
      const { level, balances } = result;
      if (level.after !== level.before) setLevel(queryClient, deck.language, review.card.lowercase, level.after);
      storeBalances(queryClient, balances, 'earnings');
      void refreshProgress(queryClient, deck.language);
      latestEvents.current.answered?.(result, review);
    },
    onSettled: () => settleDeck(queryClient, deck),
  });
}

/**
 * Undoing the last grade: the card as it was before it comes back in front at once (the server's copy replaces it
 * once answered, unless a new grade has taken it out again), the word's level as it was; a refusal is toasted and the
 * queue asked again.
 */
export function useUndoFlashcardReview(deck: FlashcardDeck) {
  const queryClient = useQueryClient();
  const queueKey = flashcardQueries.queue(deck).queryKey;
  return useMutation({
    mutationKey: [...flashcardQueries.all(), 'review', 'undo'],
    scope: reviewScope,
    retry: retryLost,
    mutationFn: ({ reviewId }: Pick<FlashcardReview, 'reviewId' | 'card'>) =>
      fetchDetails(flashcardEndpoints.undoFlashcardReview, {
        params: { targetLang: deck.language },
        query: { homeLang: deck.homeLang },
        body: { reviewId },
      }),
    onMutate: async ({ card }) => {
      await queryClient.cancelQueries({ queryKey: flashcardQueries.language(deck.language) });
      queryClient.setQueryData(queueKey, (queue) => withCardInFront(queue, card));
    },
    // The grade undone may itself have been refused (its card is back already): the server's queue says.
    onError: () => queryClient.invalidateQueries({ queryKey: queueKey }),
    onSuccess: ({ card, level }) => {
      // The server's copy where the card still is: graded again meanwhile, it has left the queue for good.
      queryClient.setQueryData(queueKey, (queue) => withCardChanged(queue, card.id, card));
      setLevel(queryClient, deck.language, card.lowercase, level);
    },
    onSettled: () => settleDeck(queryClient, deck),
  });
}

/** "Add 20 Cards": the summary the answer brings is shown, the queue asked again. */
export function useAddFlashcards(language: LearningLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...flashcardQueries.all(), 'addBatch'],
    mutationFn: (count: number = cardsPerBatch) =>
      fetchDetails(flashcardEndpoints.addFlashcards, { params: { targetLang: language }, body: { count } }),
    onSuccess: ({ summary }) => {
      queryClient.setQueryData(flashcardQueries.summary(language).queryKey, summary);
      void queryClient.invalidateQueries({
        queryKey: flashcardQueries.language(language),
        predicate: (query) => query.queryKey[2] !== 'summary',
      });
    },
  });
}

/**
 * A card for one saved word (the translation box's Add to flashcards, which imports this module on click): its
 * language's cached cards are asked again. Answers whether a card was made (false: the word had one).
 */
export async function addFlashcard(
  queryClient: QueryClient,
  { language, homeLang, lowercase }: FlashcardDeck & { lowercase: string },
): Promise<boolean> {
  const { added } = await fetchDetails(flashcardEndpoints.addFlashcard, {
    params: { targetLang: language },
    query: { homeLang },
    body: { lowercase },
  });
  if (added) void queryClient.invalidateQueries({ queryKey: flashcardQueries.language(language) });
  return added;
}

/** The daily cap on new cards: every cached summary shows it, the queues (which it fills) are asked again. */
export function useFlashcardSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...flashcardQueries.all(), 'settings'],
    mutationFn: (newPerDay: number) => fetchDetails(flashcardEndpoints.flashcardSettings, { body: { newPerDay } }),
    onSuccess: ({ newPerDay }) => {
      queryClient.setQueriesData<FlashcardSummary>(
        { queryKey: flashcardQueries.all(), predicate: (query) => query.queryKey[2] === 'summary' },
        (summary) => (summary ? { ...summary, newPerDay } : summary),
      );
      void queryClient.invalidateQueries({ queryKey: flashcardQueries.all() });
    },
  });
}

/** A card's word with the learner's own meaning and note as just written (the queue's copies show them). */
export function setCardMeaning(
  queryClient: QueryClient,
  deck: FlashcardDeck,
  cardId: number,
  change: Pick<Flashcard, 'meaning' | 'meaningIsOwn' | 'note'>,
) {
  for (const key of [flashcardQueries.queue(deck).queryKey, flashcardQueries.practice(deck).queryKey]) {
    queryClient.setQueryData(key, (queue) => withCardChanged(queue, cardId, change));
  }
}
