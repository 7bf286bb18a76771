import { z } from 'zod/mini';
import { maxCoverageIds } from '../constants.ts';
import { textCoverageSchema, textNewWordsSchema, videoCoverageSchema } from '../entities.ts';
import { INT32_MAX } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, targetLangParams } from './params.ts';

/** `ids=a,b,c`: one to `maxCoverageIds` ids, each valid, so a screen of cards costs one call. */
const idList = (valid: (id: string) => boolean, what: string) =>
  z.object({
    ids: z.string().check(
      z.refine((list) => {
        const ids = list.split(',');
        return ids.length <= maxCoverageIds && ids.every(valid);
      }, `ids must be 1 to ${maxCoverageIds} ${what} separated by commas`),
    ),
  });

const contentIds = idList((id) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= INT32_MAX, 'text ids');
const videoIds = idList((id) => /^[\w-]{11}$/.test(id), 'video ids');

/**
 * Known-word figures before reading, live from the learner's words and each text's precomputed vocabulary: a text
 * the learner may not read (another learner's, a draft, another language) makes the whole call 404.
 */
export const coverageEndpoints = {
  textCoverage: endpoint({
    method: 'GET',
    path: '/coverage/texts/:targetLang',
    auth: 'required',
    params: targetLangParams,
    query: contentIds,
    details: z.array(textCoverageSchema),
  }),
  videoCoverage: endpoint({
    method: 'GET',
    path: '/coverage/videos/:targetLang',
    auth: 'required',
    params: targetLangParams,
    query: videoIds,
    details: z.array(videoCoverageSchema),
  }),
  textNewWords: endpoint({
    method: 'GET',
    path: '/coverage/new-words/:targetLang/:contentId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, contentId: contentIdParam }),
    details: textNewWordsSchema,
  }),
} as const satisfies Record<string, Endpoint>;
