import { z } from 'zod/mini';
import { maxPastedCharacters } from '../constants.ts';
import { importSchema } from '../entities.ts';
import { multilineText, plainText } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, targetLangParams } from './params.ts';

export const importTextRequestSchema = z.object({
  language: learningLanguageSchema,
  title: plainText().check(z.trim(), z.minLength(1), z.maxLength(120)),
  text: multilineText().check(z.minLength(1), z.maxLength(maxPastedCharacters)),
});
export type ImportTextRequest = z.infer<typeof importTextRequestSchema>;

/** A web article by its address; the title is the page's own when none is given. */
export const importUrlRequestSchema = z.object({
  language: learningLanguageSchema,
  url: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  title: z.optional(plainText().check(z.trim(), z.maxLength(120))),
});
export type ImportUrlRequest = z.infer<typeof importUrlRequestSchema>;

export const importEndpoints = {
  importText: endpoint({
    method: 'POST',
    path: '/imports',
    auth: 'required',
    body: importTextRequestSchema,
    details: importSchema,
  }),
  importFile: endpoint({
    method: 'POST',
    path: '/imports/file',
    auth: 'required',
    // The body is multipart/form-data: fields `language` and `title` (optional: the file's name), then `file`
    // (.txt in any common encoding, .epub, .srt or .vtt; at most 5 MB).
    details: importSchema,
  }),
  importUrl: endpoint({
    method: 'POST',
    path: '/imports/url',
    auth: 'required',
    // The server fetches the page (public addresses only, see README), keeps its article's title and paragraphs, and
    // imports them as a pasted text.
    body: importUrlRequestSchema,
    details: importSchema,
  }),
  myTexts: endpoint({
    method: 'GET',
    path: '/imports/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: z.array(importSchema),
  }),
  deleteImport: endpoint({
    method: 'DELETE',
    path: '/imports/:targetLang/:importId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, importId: contentIdParam }),
    details: z.null(),
  }),
} as const satisfies Record<string, Endpoint>;
