import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountErrorCode } from '@/api/error-text';

/** The account forms' error codes (spec §5's wording), translated in the screens' own catalog. */
export const accountErrorMessages: Record<AccountErrorCode, MessageDescriptor> = {
  email_taken: msg`An account with this email already exists`,
  username_taken: msg`This username is taken`,
  invalid_credentials: msg`Email or password is incorrect`,
  email_required: msg`Email is required`,
  email_too_short: msg`Email must be at least 6 characters long`,
  email_too_long: msg`Email must be less than 50 characters long`,
  email_invalid: msg`Email is not valid`,
  password_required: msg`Password is required`,
  password_too_short: msg`Password must be at least 6 characters long`,
  password_too_long: msg`Password must be less than 32 characters long`,
  password_too_common: msg`Password is too common, please choose a stronger one`,
  password_needs_letters_and_digits: msg`Password should include a mix of letters and numbers`,
  password_contains_username: msg`Password cannot contain your username`,
  username_required: msg`Username is required`,
  username_invalid: msg`Username can only contain letters and numbers`,
  username_too_long: msg`Username must be less than 50 characters long`,
  confirm_password_required: msg`Confirm Password is required`,
  passwords_do_not_match: msg`Passwords do not match`,
};
