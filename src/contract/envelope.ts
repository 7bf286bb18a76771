import { z } from 'zod/mini';

/** Why an Anki package cannot be imported (the reader's refusals, docs/decisions/0038). */
export const ankiRefusals = [
  'anki_not_zip',
  'anki_no_collection',
  'anki_new_format_only',
  'anki_too_large',
  'anki_corrupt',
  'anki_empty',
] as const;
export type AnkiRefusal = (typeof ankiRefusals)[number];

/** Stable machine codes the SPA translates; `error` carries English text for other clients. */
export const errorCodes = [
  'invalid_input',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'email_taken',
  'username_taken',
  'invalid_credentials',
  'payload_too_large',
  'rate_limited',
  'internal',
  'unavailable',
  'word_limit',
  'video_limit',
  'bad_subtitles',
  'no_translation',
  'insufficient_balance',
  'discount_invalid',
  'payments_unavailable',
  'pro_active',
  'no_subscription',
  'bad_file',
  'import_limit',
  'address_refused',
  'page_unreachable',
  'page_timeout',
  'page_too_large',
  'not_an_article',
  'not_utf8',
  'empty_word_file',
  'unknown_word_format',
  'already_imported',
  'import_in_progress',
  ...ankiRefusals,
  'anki_busy',
  'parent_self',
  'parent_cycle',
  'parent_language',
  'email_required',
  'email_too_short',
  'email_too_long',
  'email_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password_too_common',
  'password_needs_letters_and_digits',
  'password_contains_username',
  'username_required',
  'username_invalid',
  'username_too_long',
  'confirm_password_required',
  'passwords_do_not_match',
] as const;
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorDetailSchema = z.object({
  error: z.string(),
  code: errorCodeSchema,
  field: z.optional(z.string()),
  /** With `word_limit` for several words at once: how many more words the limit has room for. */
  room: z.optional(z.int().check(z.minimum(0))),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const errorEnvelopeSchema = z.object({
  message: z.string(),
  status: z.int().check(z.minimum(400), z.maximum(599)),
  details: z.array(errorDetailSchema),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * An error envelope as a client reads it: a newer server may send a code this client does not know yet; its
 * `error` text is then what the learner sees, so the answer is kept rather than discarded.
 */
export const receivedErrorEnvelopeSchema = z.extend(errorEnvelopeSchema, {
  details: z.array(z.extend(errorDetailSchema, { code: z.string() })),
});
export type ReceivedErrorDetail = z.infer<typeof receivedErrorEnvelopeSchema>['details'][number];

export function isErrorCode(code: string): code is ErrorCode {
  return errorCodeSchema.safeParse(code).success;
}

/** Every successful body: `{ message, status, details }` with the payload in `details`. */
export function envelopeSchema<T extends z.ZodMiniType>(details: T) {
  return z.object({
    message: z.string(),
    status: z.int().check(z.minimum(200), z.maximum(299)),
    details,
  });
}

/** The message that ends a transcript: `{ message: 'done', status: 200, details: [] }`. */
export const DONE_MESSAGE = 'done';
