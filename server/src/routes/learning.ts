import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import type { LearnerBalances } from '#contract/entities.ts';
import {
  listUserPages,
  pageWordsJson,
  type SaveBalances,
  saveUserPage,
  saveUserWord,
  userWordsJson,
  videoWordsJson,
} from '../db/queries/learning.ts';
import { RawJsonDetails, registerEndpoint } from './endpoint.ts';
import { apiError } from '../http/errors.ts';
import { dayIn, readStreak } from '../services/streak.ts';

export async function learningRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  /** A save's balances for the header; the streak is read only on the day's first learning, when it changes. */
  async function answerBalances(userId: number, saved: SaveBalances, timeZone: string, now: Date) {
    const { wordCount, creditAmount, newLearningDay } = saved;
    const balances: LearnerBalances = { wordCount, creditAmount };
    if (newLearningDay) balances.streak = await readStreak(db, userId, timeZone, now);
    return balances;
  }

  registerEndpoint(
    app,
    endpoints.userWords,
    async ({ auth, query }) => new RawJsonDetails(await userWordsJson(db, auth.user.id, query.language)),
  );

  registerEndpoint(app, endpoints.pageWords, async ({ auth, params }) => {
    const words = await pageWordsJson(db, auth.user.id, {
      language: params.targetLang,
      contentId: params.contentId,
      pageId: params.pageId,
    });
    if (words === undefined) throw apiError(404, 'not_found', 'This page does not exist');
    return new RawJsonDetails(words);
  });

  registerEndpoint(app, endpoints.videoWords, async ({ auth, params }) => {
    const words = await videoWordsJson(db, auth.user.id, { language: params.targetLang, videoId: params.videoId });
    if (words === undefined) throw apiError(404, 'not_found', 'This video does not exist');
    return new RawJsonDetails(words);
  });

  registerEndpoint(app, endpoints.saveUserWord, async ({ auth, body, now, timeZone }) => {
    const result = await saveUserWord(db, auth.user.id, body, { now, learningDay: dayIn(timeZone, now) });
    if ('limitReached' in result) throw apiError(403, 'word_limit', "You've Reached Your Word Limit");
    return { ...result.saved, balances: await answerBalances(auth.user.id, result.balances, timeZone, now) };
  });

  registerEndpoint(app, endpoints.userPages, ({ auth, params }) => listUserPages(db, auth.user.id, params.targetLang));

  registerEndpoint(app, endpoints.saveUserPage, async ({ auth, body, now, timeZone }) => {
    const saved = await saveUserPage(db, auth.user.id, body, { now, learningDay: dayIn(timeZone, now) });
    if (!saved) throw apiError(404, 'not_found', 'This page does not exist');
    return { ...body, balances: await answerBalances(auth.user.id, saved, timeZone, now) };
  });
}
