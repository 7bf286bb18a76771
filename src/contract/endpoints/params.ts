import { z } from 'zod/mini';
import { INT32_MAX } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';

/** Path parameters the calls of several resources share. */
export const targetLangParams = z.object({ targetLang: learningLanguageSchema });
export const contentIdParam = z.coerce.number().check(z.int(), z.positive(), z.maximum(INT32_MAX));
export const pageIdParam = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000));
