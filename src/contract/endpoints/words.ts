import { z } from 'zod/mini';
import { learnerBalancesSchema, userWordSchema, videoIdSchema } from '../entities.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, pageIdParam } from './params.ts';

export const wordEndpoints = {
  userWords: endpoint({
    method: 'GET',
    path: '/userword',
    auth: 'required',
    query: z.object({ language: z.optional(learningLanguageSchema) }),
    details: z.array(userWordSchema),
  }),
  pageWords: endpoint({
    method: 'GET',
    path: '/userword/page/:targetLang/:contentId/:pageId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, contentId: contentIdParam, pageId: pageIdParam }),
    details: z.array(userWordSchema),
  }),
  videoWords: endpoint({
    method: 'GET',
    path: '/userword/video/:targetLang/:videoId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    details: z.array(userWordSchema),
  }),
  /**
   * "Mark the rest as known": the page's words that are unsaved or at level 0 become level 4, all or none, in one
   * transaction; refused with `word_limit` (and its `room`) when the new ones do not all fit. Answers the words it
   * changed and the learner's balances.
   */
  markPageKnown: endpoint({
    method: 'POST',
    path: '/userword/page/:targetLang/:contentId/:pageId/known',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, contentId: contentIdParam, pageId: pageIdParam }),
    details: z.object({ words: z.array(userWordSchema), balances: learnerBalancesSchema }),
  }),
  saveUserWord: endpoint({
    method: 'POST',
    path: '/userword',
    auth: 'required',
    body: userWordSchema,
    details: z.extend(userWordSchema, { balances: learnerBalancesSchema }),
  }),
} as const satisfies Record<string, Endpoint>;
