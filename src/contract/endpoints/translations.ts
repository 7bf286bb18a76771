import { z } from 'zod/mini';
import { contentIdSchema, pageIdSchema, savedFormSchema, translationSchema } from '../entities.ts';
import { int32 } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, pageIdParam } from './params.ts';

export const translationRequestSchema = z.object({
  tokenId: int32(),
  /** The word's lowercase form, or a phrase's (its words joined by one space). */
  lowerCase: savedFormSchema,
  targetLanguage: learningLanguageSchema,
  homeLanguage: learningLanguageSchema,
  /** Where the token stands, when it stands in a content page: its glossary and sentence then help. */
  contentId: z.optional(contentIdSchema),
  pageId: z.optional(pageIdSchema),
});
export type TranslationRequest = z.infer<typeof translationRequestSchema>;

export const translationEndpoints = {
  translate: endpoint({
    method: 'POST',
    path: '/translation',
    auth: 'optional',
    body: translationRequestSchema,
    details: translationSchema,
  }),
  pageTranslations: endpoint({
    method: 'GET',
    path: '/translations/:contentId/:pageId/:homeLang/:targetLang',
    auth: 'optional',
    params: z.object({
      contentId: contentIdParam,
      pageId: pageIdParam,
      homeLang: learningLanguageSchema,
      targetLang: learningLanguageSchema,
    }),
    details: z.array(translationSchema),
  }),
} as const satisfies Record<string, Endpoint>;
