import { z } from 'zod/mini';
import { isoDateSchema } from '../entities.ts';
import { int32 } from '../fields.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { targetLangParams } from './params.ts';

/** How many learning days the progress call answers, today the last. */
export const progressDays = 30;

/**
 * One learning day's counters in the learner's zone: words newly saved (any level), words made known (reaching level
 * 4 from a lower level or from unsaved) and pages finished for the first time. A day without learning is all zeros.
 */
export const progressDaySchema = z.object({
  day: isoDateSchema,
  wordsSaved: int32(),
  wordsKnown: int32(),
  pagesRead: int32(),
});
export type ProgressDay = z.infer<typeof progressDaySchema>;

/** The last `progressDays` learning days, oldest first, and the learner's saved words per level (0–4) now. */
export const progressSchema = z.object({
  days: z.array(progressDaySchema).check(z.length(progressDays)),
  levels: z.tuple([int32(), int32(), int32(), int32(), int32()]),
});
export type Progress = z.infer<typeof progressSchema>;

/**
 * The learner's progress in one language, counted by the saves themselves in their own statements: the days end
 * today in the learner's zone (`X-Time-Zone`, as the streak).
 */
export const progressEndpoints = {
  progress: endpoint({
    method: 'GET',
    path: '/progress/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: progressSchema,
  }),
} as const satisfies Record<string, Endpoint>;
