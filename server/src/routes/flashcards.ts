import type { FastifyInstance } from 'fastify';
import { cardsPerBatch, maxQueueCards } from '#contract/endpoints/flashcards.ts';
import { endpoints } from '#contract/endpoints.ts';
import { setNewPerDay } from '../db/queries/flashcards.ts';
import {
  addFlashcard,
  addFlashcards,
  flashcardQueue,
  flashcardSummary,
  reviewFlashcard,
  undoFlashcardReview,
} from '../services/flashcards.ts';
import { learnerBalances } from '../services/streak.ts';
import { registerEndpoint } from './endpoint.ts';

export async function flashcardRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.flashcardSummary, async ({ auth, params, now, timeZone }) =>
    flashcardSummary(db, { userId: auth.user.id, language: params.targetLang, timeZone, now }),
  );

  registerEndpoint(app, endpoints.flashcardQueue, async ({ auth, params, query, now, timeZone }) => {
    const cards = await flashcardQueue(db, {
      userId: auth.user.id,
      language: params.targetLang,
      homeLang: query.homeLang,
      timeZone,
      now,
      practice: query.practice === 'true',
      limit: query.limit ?? Math.min(cardsPerBatch, maxQueueCards),
    });
    return { cards };
  });

  registerEndpoint(app, endpoints.addFlashcard, async ({ auth, params, query, body, now, timeZone }) =>
    addFlashcard(db, {
      userId: auth.user.id,
      language: params.targetLang,
      homeLang: query.homeLang,
      lowercase: body.lowercase,
      timeZone,
      now,
    }),
  );

  registerEndpoint(app, endpoints.addFlashcards, async ({ auth, params, body, now, timeZone }) =>
    addFlashcards(db, { userId: auth.user.id, language: params.targetLang, count: body.count, timeZone, now }),
  );

  registerEndpoint(app, endpoints.reviewFlashcard, async ({ auth, params, query, body, now, timeZone }) => {
    const reading = { userId: auth.user.id, language: params.targetLang, homeLang: query.homeLang, timeZone, now };
    const result = await reviewFlashcard(db, reading, body);
    return { ...result, balances: await learnerBalances(db, auth.user.id, result.balances, timeZone, now) };
  });

  registerEndpoint(app, endpoints.undoFlashcardReview, async ({ auth, params, query, body, now, timeZone }) =>
    undoFlashcardReview(
      db,
      { userId: auth.user.id, language: params.targetLang, homeLang: query.homeLang, timeZone, now },
      body.reviewId,
    ),
  );

  registerEndpoint(app, endpoints.flashcardSettings, async ({ auth, body }) => ({
    newPerDay: await setNewPerDay(db, auth.user.id, body.newPerDay),
  }));
}
