import { z } from 'zod/mini';
import {
  contentIdSchema,
  learnerBalancesSchema,
  ownMeaningSchema,
  scopedWordSchema,
  userWordSchema,
  videoIdSchema,
  wordNoteSchema,
} from '../entities.ts';
import { int32, plainText } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, pageIdParam, targetLangParams } from './params.ts';

/** The longest sentence kept with a saved word. */
export const sentenceMaxLength = 500;

/**
 * The sentence a word was tapped in when it was saved, and where: a page of a text or a video's transcript. The server
 * keeps the first one a word is saved with (a flashcard's front, issue #29); saves from word lists send none.
 */
export const wordContextSchema = z.object({
  sentence: plainText().check(z.trim(), z.minLength(1), z.maxLength(sentenceMaxLength)),
  source: z.union([z.object({ contentId: contentIdSchema, pageId: int32() }), z.object({ videoId: videoIdSchema })]),
});
export type WordContext = z.infer<typeof wordContextSchema>;

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
    details: z.array(scopedWordSchema),
  }),
  videoWords: endpoint({
    method: 'GET',
    path: '/userword/video/:targetLang/:videoId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    details: z.array(scopedWordSchema),
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
    body: z.extend(userWordSchema, { context: z.optional(wordContextSchema) }),
    details: z.extend(userWordSchema, { balances: learnerBalancesSchema }),
  }),
  /**
   * The learner's own meaning and note for a word, both replaced (null clears one: the dictionary's meaning shows
   * again). A word not saved yet is saved at level 1, within the word limit (403 `word_limit`, as `saveUserWord`);
   * a saved one keeps its level. Answers the word as stored and the learner's balances.
   */
  saveWordMeaning: endpoint({
    method: 'PUT',
    path: '/userword/:targetLang/meaning',
    auth: 'required',
    params: targetLangParams,
    body: z.object({
      lowercase: userWordSchema.shape.lowercase,
      meaning: z.nullable(ownMeaningSchema),
      note: z.nullable(wordNoteSchema),
    }),
    details: z.extend(userWordSchema, {
      meaning: z.nullable(z.string()),
      note: z.nullable(z.string()),
      balances: learnerBalancesSchema,
    }),
  }),
} as const satisfies Record<string, Endpoint>;
