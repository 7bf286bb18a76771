import { z } from 'zod/mini';
import { categorySchema, readerSchema } from '../entities.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, pageIdParam, targetLangParams } from './params.ts';

export const contentEndpoints = {
  categories: endpoint({
    method: 'GET',
    path: '/content/:targetLang',
    auth: 'optional',
    params: targetLangParams,
    details: z.array(categorySchema),
  }),
  reader: endpoint({
    method: 'GET',
    path: '/content/:targetLang/:contentId/:pageId',
    auth: 'optional',
    params: z.object({ targetLang: learningLanguageSchema, contentId: contentIdParam, pageId: pageIdParam }),
    details: readerSchema,
  }),
} as const satisfies Record<string, Endpoint>;
