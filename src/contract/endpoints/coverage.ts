import { z } from 'zod/mini';
import { maxCoverageIds } from '../constants.ts';
import { coverageBands } from '../coverage.ts';
import { contentIdSchema, videoIdSchema } from '../entities.ts';
import { INT32_MAX, int32, positiveInt32 } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, targetLangParams } from './params.ts';

// The known-word figures' entities live with their calls: the screens that show them load them (no first load does).

/**
 * A learner's figures for one text or transcript (formula in coverage.ts): the counts, and the percentages and band
 * they give, null for a text without words.
 */
export const coverageSchema = z.object({
  wordTokens: int32(),
  knownTokens: int32(),
  familiarTokens: int32(),
  newWords: int32(),
  knownPercent: z.nullable(z.number().check(z.minimum(0), z.maximum(100))),
  familiarPercent: z.nullable(z.number().check(z.minimum(0), z.maximum(100))),
  band: z.nullable(z.enum(coverageBands)),
});
export type CoverageFigures = z.infer<typeof coverageSchema>;

export const textCoverageSchema = z.extend(coverageSchema, { id: contentIdSchema });
export type TextCoverage = z.infer<typeof textCoverageSchema>;

export const videoCoverageSchema = z.extend(coverageSchema, { videoId: videoIdSchema });
export type VideoCoverage = z.infer<typeof videoCoverageSchema>;

/** A word of a "Learn these words" list: unsaved (level null) or at level 0, with the text's figures once learnt. */
export const newWordSchema = z.object({
  lowercase: z.string(),
  /** The word as the text writes it where its case is its own ("Hund"), when that is not its lowercase form. */
  written: z.optional(z.string()),
  occurrences: positiveInt32(),
  level: z.nullable(z.literal(0)),
  /** The learner's own meaning and note, when a word at level 0 has them. */
  meaning: z.optional(z.string()),
  note: z.optional(z.string()),
  familiarPercent: z.number().check(z.minimum(0), z.maximum(100)),
  band: z.enum(coverageBands),
});

export const textNewWordsSchema = z.object({ coverage: coverageSchema, words: z.array(newWordSchema) });
export type TextNewWords = z.infer<typeof textNewWordsSchema>;

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
