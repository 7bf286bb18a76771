import { z } from 'zod/mini';
import type { ErrorCode } from './envelope.ts';
import { controlCharacterMessage, hasControlCharacter } from './fields.ts';

/** The validation texts of spec §5, verbatim, keyed by the code the API sends with them. */
export const validationMessages = {
  email_required: 'Email is required',
  email_too_short: 'Email must be at least 6 characters long',
  email_too_long: 'Email must be less than 50 characters long',
  email_invalid: 'Email is not valid',
  password_required: 'Password is required',
  password_too_short: 'Password must be at least 6 characters long',
  password_too_long: 'Password must be less than 32 characters long',
  password_too_common: 'Password is too common, please choose a stronger one',
  password_needs_letters_and_digits: 'Password should include a mix of letters and numbers',
  password_contains_username: 'Password cannot contain your username',
  username_required: 'Username is required',
  username_invalid: 'Username can only contain letters and numbers',
  username_too_long: 'Username must be less than 50 characters long',
  confirm_password_required: 'Confirm Password is required',
  passwords_do_not_match: 'Passwords do not match',
} as const satisfies Partial<Record<ErrorCode, string>>;
export type ValidationCode = keyof typeof validationMessages;

export const limits = {
  emailMin: 6,
  emailMax: 50,
  passwordMin: 6,
  passwordMax: 32,
  usernameMax: 50,
} as const;

const commonPasswords = new Set(['password', '12345678', 'qwerty', 'letmein', '123456', 'admin', 'welcome']);
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const usernamePattern = /^[\p{L}\p{N}]+$/u;

type Rule = readonly [failed: (value: string) => boolean, code: ValidationCode];

/**
 * A string field that reports only its first failing rule, so a form shows one message per field. A control
 * character fails first: with the field's own message where the spec has one (`controlCode`), else a generic one.
 */
function ruledString(rules: readonly Rule[], controlCode?: ValidationCode) {
  return z.string().check(
    z.superRefine((value, ctx) => {
      if (hasControlCharacter(value)) {
        ctx.addIssue({
          code: 'custom',
          message: controlCode ? validationMessages[controlCode] : controlCharacterMessage,
        });
        return;
      }
      const failure = rules.find(([failed]) => failed(value));
      if (failure) ctx.addIssue({ code: 'custom', message: validationMessages[failure[1]] });
    }),
  );
}

const emailRules = (withMinimum: boolean): Rule[] => [
  [(v) => v.length === 0, 'email_required'],
  ...(withMinimum ? [[(v: string) => v.length < limits.emailMin, 'email_too_short'] as const] : []),
  [(v) => v.length > limits.emailMax, 'email_too_long'],
  [(v) => !emailPattern.test(v), 'email_invalid'],
];

const passwordRules: Rule[] = [
  [(v) => v.length === 0, 'password_required'],
  [(v) => v.length < limits.passwordMin, 'password_too_short'],
  [(v) => v.length > limits.passwordMax, 'password_too_long'],
  [(v) => commonPasswords.has(v.toLowerCase()), 'password_too_common'],
  [(v) => !(/\p{L}/u.test(v) && /\p{N}/u.test(v)), 'password_needs_letters_and_digits'],
];

const usernameRules: Rule[] = [
  [(v) => v.length === 0, 'username_required'],
  [(v) => !usernamePattern.test(v), 'username_invalid'],
  [(v) => v.length > limits.usernameMax, 'username_too_long'],
];

export const loginRequestSchema = z.object({
  email: ruledString(emailRules(true), 'email_invalid'),
  password: ruledString(passwordRules),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const signupRequestSchema = z
  .object({
    username: ruledString(usernameRules, 'username_invalid'),
    email: ruledString(emailRules(false), 'email_invalid'),
    password: ruledString(passwordRules),
    confirmPassword: ruledString([[(v) => v.length === 0, 'confirm_password_required']]),
  })
  .check(
    z.superRefine((form, ctx) => {
      if (form.username && form.password.toLowerCase().includes(form.username.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: validationMessages.password_contains_username });
      }
      if (form.confirmPassword && form.password !== form.confirmPassword) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: validationMessages.passwords_do_not_match });
      }
    }),
  );
export type SignupRequest = z.infer<typeof signupRequestSchema>;

const codesByMessage = new Map<string, ValidationCode>(
  Object.entries(validationMessages).map(([code, message]) => [message, code as ValidationCode]),
);

/** The code of one of spec §5's messages, for turning a zod issue into an API error detail. */
export function validationCodeOf(message: string): ValidationCode | undefined {
  return codesByMessage.get(message);
}
