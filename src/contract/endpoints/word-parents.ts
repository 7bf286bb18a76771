import { z } from 'zod/mini';
import { learnerBalancesSchema, savedFormSchema, userWordSchema } from '../entities.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { targetLangParams } from './params.ts';

/** Word families (docs/decisions/0041): apart from the words' calls, so the reader's first load carries none of it. */
export const wordParentEndpoints = {
  /**
   * Links a word to its parent (its base form: "went" to "go") or, with null, unlinks it (docs/decisions/0041). The
   * parent is a word of the same language (400 `parent_language`), never the word itself (400 `parent_self`) nor one
   * of its descendants (400 `parent_cycle`). An unsaved word or parent is saved at level 1 within the word limit (403
   * `word_limit`, both or neither, as `saveWordMeaning`); unlinking an unsaved word is 404. Answers the word as stored,
   * its parent as stored and the learner's balances.
   */
  saveWordParent: endpoint({
    method: 'PUT',
    path: '/userword/:targetLang/parent',
    auth: 'required',
    params: targetLangParams,
    body: z.object({
      lowercase: savedFormSchema,
      parent: z.nullable(z.object({ lowercase: savedFormSchema, language: learningLanguageSchema })),
    }),
    details: z.extend(userWordSchema, { parent: z.nullable(userWordSchema), balances: learnerBalancesSchema }),
  }),
  /**
   * A saved word's whole family (docs/decisions/0041), whichever texts hold its words: up the parents from the word to
   * its root (at most `maxFamilyDepth`), then every word below the root, the word itself among them, each with its
   * level and its parent (null for the root), A–Z. A word with neither parent nor child is a family of one. 404 when
   * the word is not saved.
   */
  wordFamily: endpoint({
    method: 'GET',
    path: '/userword/:targetLang/family',
    auth: 'required',
    params: targetLangParams,
    query: z.object({ lowercase: savedFormSchema }),
    details: z.array(z.extend(userWordSchema, { parent: z.nullable(savedFormSchema) })),
  }),
  /**
   * A word's base form as the server's dictionary names it (docs/decisions/0041), null when it names none: the parent
   * step suggests it first. Any visitor may ask; the dictionary is the same for all.
   */
  wordLemma: endpoint({
    method: 'GET',
    path: '/dictionary/:targetLang/lemma',
    auth: 'optional',
    params: targetLangParams,
    query: z.object({ lowercase: savedFormSchema }),
    details: z.object({ lemma: z.nullable(savedFormSchema) }),
  }),
} as const satisfies Record<string, Endpoint>;

/** How far a family is walked up from a word to its root, and down from it: beyond, a family is cut off. */
export const maxFamilyDepth = 100;
