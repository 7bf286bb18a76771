import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import {
  listUserPages,
  pageWordsJson,
  saveUserPage,
  saveUserWord,
  userWordsJson,
  videoWordsJson,
} from '../db/queries/learning.ts';
import { RawJsonDetails, registerEndpoint } from '../http/endpoint.ts';
import { apiError } from '../http/errors.ts';
import { dayIn } from '../services/streak.ts';

export async function learningRoutes(app: FastifyInstance) {
  const { db } = app.deps;

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
    return result.saved;
  });

  registerEndpoint(app, endpoints.userPages, ({ auth, params }) => listUserPages(db, auth.user.id, params.targetLang));

  registerEndpoint(app, endpoints.saveUserPage, async ({ auth, body, now, timeZone }) => {
    const saved = await saveUserPage(db, auth.user.id, body, { now, learningDay: dayIn(timeZone, now) });
    if (!saved) throw apiError(404, 'not_found', 'This page does not exist');
    return body;
  });
}
