import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type ErrorCode, isErrorCode } from '@/contract/envelope';
import { ApiRequestError } from './client';

/** Codes only the word import's dialog shows: translated with it (`importErrorMessages`), in its lazy chunk. */
export type WordImportErrorCode =
  | 'not_utf8'
  | 'empty_word_file'
  | 'unknown_word_format'
  | 'already_imported'
  | 'import_in_progress'
  | 'anki_not_zip'
  | 'anki_no_collection'
  | 'anki_new_format_only'
  | 'anki_too_large'
  | 'anki_corrupt'
  | 'anki_empty'
  | 'anki_busy';
/** Codes only the account forms show (signup, login): translated with them (`accountErrorMessages`), in their chunk. */
export type AccountErrorCode =
  | 'email_taken'
  | 'username_taken'
  | 'invalid_credentials'
  | 'email_required'
  | 'email_too_short'
  | 'email_too_long'
  | 'email_invalid'
  | 'password_required'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_too_common'
  | 'password_needs_letters_and_digits'
  | 'password_contains_username'
  | 'username_required'
  | 'username_invalid'
  | 'username_too_long'
  | 'confirm_password_required'
  | 'passwords_do_not_match';
/** Codes only the translation box's parent step shows: translated with it, in its lazy chunk. */
export type WordParentErrorCode = 'parent_self' | 'parent_cycle' | 'parent_language';

/**
 * Translations of every error code of the API but those of the word import, the parent step and the account forms; a
 * code this client does not know shows the server's English text.
 */
export const errorCodeMessages: Record<
  Exclude<ErrorCode, WordImportErrorCode | WordParentErrorCode | AccountErrorCode>,
  MessageDescriptor
> = {
  // The server's wording of a refused input names what was wrong in English; the learner reads their language.
  invalid_input: msg`Something you sent is not valid, please check it and try again`,
  invalid_json: msg`The request could not be read`,
  conflict: msg`This changed at the same moment elsewhere, please try again`,
  bad_subtitles: msg`This file cannot be read as subtitles: send an SRT or WebVTT file`,
  bad_file: msg`This file cannot be imported: send a text file (.txt, .epub, .srt or .vtt) with words in it`,
  import_limit: msg`You have imported as many texts as you can: delete one to import another`,
  address_refused: msg`This address cannot be imported: give the http or https address of a public web page`,
  page_unreachable: msg`The page could not be reached: check the address and try again`,
  page_timeout: msg`The page took too long to answer, please try again later`,
  page_too_large: msg`This page is too long to import`,
  not_an_article: msg`No article was found at this address`,
  unauthorized: msg`Your session has ended, please log in again`,
  forbidden: msg`You are not allowed to do that`,
  not_found: msg`This page does not exist`,
  payload_too_large: msg`That is too large to send`,
  rate_limited: msg`Too many attempts, please wait a moment and try again`,
  internal: msg`Something went wrong on our side, please try again`,
  unavailable: msg`The service is unavailable, please try again soon`,
  word_limit: msg`You've Reached Your Word Limit`,
  video_limit: msg`You've Reached Your Video Limit`,
  no_translation: msg`No translation found for this word`,
  insufficient_balance: msg`Your balance is too low for this item`,
  discount_invalid: msg`This discount code is not valid`,
  payments_unavailable: msg`Card payments are unavailable, please try again soon`,
  pro_active: msg`Pro Gold is already active: manage your subscription instead`,
  no_subscription: msg`You have no Pro Gold subscription to manage`,
};

export const genericErrorMessage = msg`An error occurred`;

/**
 * The text spec §8 shows for a failed call: the first detail's error (translated by its code when known, `more`
 * adding a screen's own codes), else the server's message, else 'An error occurred'.
 */
export function errorText(
  error: unknown,
  i18n: I18n,
  more: Partial<Record<ErrorCode, MessageDescriptor>> = {},
): string {
  if (!(error instanceof ApiRequestError)) return i18n._(genericErrorMessage);
  const first = error.details[0];
  if (first) {
    const messages: Partial<Record<ErrorCode, MessageDescriptor>> = { ...errorCodeMessages, ...more };
    const known = isErrorCode(first.code) ? messages[first.code] : undefined;
    return known ? i18n._(known) : first.error;
  }
  return error.serverMessage ?? i18n._(genericErrorMessage);
}
