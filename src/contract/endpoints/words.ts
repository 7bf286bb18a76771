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
  saveUserWord: endpoint({
    method: 'POST',
    path: '/userword',
    auth: 'required',
    body: userWordSchema,
    details: z.extend(userWordSchema, { balances: learnerBalancesSchema }),
  }),
} as const satisfies Record<string, Endpoint>;
