import { z } from 'zod/mini';

/**
 * The field kinds every request schema is built from, so each limit is written once: integers bounded to the
 * PostgreSQL `integer` columns they land in, strings free of control characters (a NUL cannot be stored in a text
 * column at all; the others break display and logs). A client sending either gets a 400, never a 500.
 */
export const INT32_MAX = 2_147_483_647;

/** A non-negative integer that fits an `integer` column (ids, positions, page numbers). */
export const int32 = () => z.int().check(z.minimum(0), z.maximum(INT32_MAX));
/** A positive integer that fits an `integer` column (serial ids, amounts). */
export const positiveInt32 = () => z.int().check(z.minimum(1), z.maximum(INT32_MAX));

/** Any control character: C0 (NUL, tab, line breaks …), DEL and C1. */
const controlCharacter = /\p{Cc}/u;
/** Control characters other than tab and line breaks. */
const controlCharacterInText = /[^\P{Cc}\t\n\r]/u;

export const controlCharacterMessage = 'Control characters are not allowed';

export function hasControlCharacter(value: string): boolean {
  return controlCharacter.test(value);
}

/** One line of text a client sends (a word, a title, an address, a code): no control characters at all. */
export const plainText = () =>
  z.string().check(z.refine((value) => !controlCharacter.test(value), controlCharacterMessage));

/** Text that may span lines (a message): tab and line breaks allowed, other control characters not. */
export const multilineText = () =>
  z.string().check(z.refine((value) => !controlCharacterInText.test(value), controlCharacterMessage));
