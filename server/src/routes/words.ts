import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { dictionaryLemma } from '../db/queries/translations.ts';
import {
  markPageKnown,
  pageWordsJson,
  saveOwnMeaning,
  saveUserWord,
  saveWordParent,
  userWordsJson,
  videoWordsJson,
  wordFamily,
} from '../db/queries/words.ts';
import { ApiError, apiError } from '../http/errors.ts';
import { dayIn, learnerBalances } from '../services/streak.ts';
import { RawJsonDetails, registerEndpoint } from './endpoint.ts';

export async function wordRoutes(app: FastifyInstance) {
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

  registerEndpoint(app, endpoints.markPageKnown, async ({ auth, params, now, timeZone }) => {
    const page = { language: params.targetLang, contentId: params.contentId, pageId: params.pageId };
    const result = await markPageKnown(db, auth.user.id, page, { now, learningDay: dayIn(timeZone, now) });
    if ('notFound' in result) throw apiError(404, 'not_found', 'This page does not exist');
    if ('limitReached' in result) {
      throw new ApiError(403, [{ error: "You've Reached Your Word Limit", code: 'word_limit', room: result.room }]);
    }
    return { words: result.words, balances: await learnerBalances(db, auth.user.id, result.balances, timeZone, now) };
  });

  registerEndpoint(app, endpoints.saveUserWord, async ({ auth, body, now, timeZone }) => {
    const result = await saveUserWord(db, auth.user.id, body, { now, learningDay: dayIn(timeZone, now) });
    if ('limitReached' in result) throw apiError(403, 'word_limit', "You've Reached Your Word Limit");
    return { ...result.saved, balances: await learnerBalances(db, auth.user.id, result.balances, timeZone, now) };
  });

  registerEndpoint(app, endpoints.saveWordMeaning, async ({ auth, params, body, now, timeZone }) => {
    const word = { language: params.targetLang, ...body };
    const result = await saveOwnMeaning(db, auth.user.id, word, { now, learningDay: dayIn(timeZone, now) });
    if ('limitReached' in result) throw apiError(403, 'word_limit', "You've Reached Your Word Limit");
    return { ...result.saved, balances: await learnerBalances(db, auth.user.id, result.balances, timeZone, now) };
  });

  registerEndpoint(app, endpoints.saveWordParent, async ({ auth, params, body, now, timeZone }) => {
    const language = params.targetLang;
    if (body.parent && body.parent.language !== language) {
      throw apiError(400, 'parent_language', "A word's parent must be a word of the same language");
    }
    if (body.parent?.lowercase === body.lowercase)
      throw apiError(400, 'parent_self', 'A word cannot be its own parent');
    const word = { language, lowercase: body.lowercase, parent: body.parent?.lowercase ?? null };
    const result = await saveWordParent(db, auth.user.id, word, { now, learningDay: dayIn(timeZone, now) });
    if ('notFound' in result) throw apiError(404, 'not_found', 'This word is not saved');
    if ('cycle' in result)
      throw apiError(
        400,
        'parent_cycle',
        'This would make a cycle of parents: the parent is already below the word in its family',
      );
    if ('limitReached' in result) throw apiError(403, 'word_limit', "You've Reached Your Word Limit");
    return { ...result.saved, balances: await learnerBalances(db, auth.user.id, result.balances, timeZone, now) };
  });

  registerEndpoint(app, endpoints.wordFamily, async ({ auth, params, query }) => {
    const family = await wordFamily(db, auth.user.id, params.targetLang, query.lowercase);
    if (!family) throw apiError(404, 'not_found', 'This word is not saved');
    return family;
  });

  registerEndpoint(app, endpoints.wordLemma, async ({ params, query }) => ({
    lemma: (await dictionaryLemma(db, params.targetLang, query.lowercase)) ?? null,
  }));
}
