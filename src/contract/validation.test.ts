import { describe, expect, it } from 'vitest';
import { loginRequestSchema, signupRequestSchema, validationMessages } from './validation';

function firstErrors(result: ReturnType<typeof loginRequestSchema.safeParse>) {
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}

const validLogin = { email: 'reader@example.com', password: 'reading42' };
const validSignup = { username: 'reader1', email: 'r@ex.io', password: 'reading42', confirmPassword: 'reading42' };

describe('login validation (spec §5)', () => {
  it.each([
    ['email', '', 'Email is required'],
    ['email', 'a@b.c', 'Email must be at least 6 characters long'],
    ['email', `${'a'.repeat(45)}@ex.com`, 'Email must be less than 50 characters long'],
    ['email', 'not-an-address', 'Email is not valid'],
    ['password', '', 'Password is required'],
    ['password', 'ab1', 'Password must be at least 6 characters long'],
    ['password', `a1${'b'.repeat(31)}`, 'Password must be less than 32 characters long'],
    ['password', 'PassWord', 'Password is too common, please choose a stronger one'],
    ['password', 'LetMeIn', 'Password is too common, please choose a stronger one'],
    ['password', '12345678', 'Password is too common, please choose a stronger one'],
    ['password', 'onlyletters', 'Password should include a mix of letters and numbers'],
    ['password', '1234567890', 'Password should include a mix of letters and numbers'],
  ])('%s %j → %s', (field, value, message) => {
    expect(firstErrors(loginRequestSchema.safeParse({ ...validLogin, [field]: value }))).toEqual({ [field]: message });
  });

  it('accepts a valid login', () => {
    expect(loginRequestSchema.safeParse(validLogin).success).toBe(true);
  });
});

describe('signup validation (spec §5)', () => {
  it.each([
    ['username', '', 'Username is required'],
    ['username', 'read er', 'Username can only contain letters and numbers'],
    ['username', 'reader!', 'Username can only contain letters and numbers'],
    ['username', 'a'.repeat(51), 'Username must be less than 50 characters long'],
    ['email', '', 'Email is required'],
    ['email', 'nope', 'Email is not valid'],
    ['confirmPassword', '', 'Confirm Password is required'],
    ['confirmPassword', 'reading43', 'Passwords do not match'],
  ])('%s %j → %s', (field, value, message) => {
    expect(firstErrors(signupRequestSchema.safeParse({ ...validSignup, [field]: value }))).toEqual({
      [field]: message,
    });
  });

  it('has no minimum email length', () => {
    expect(signupRequestSchema.safeParse({ ...validSignup, email: 'r@e.io' }).success).toBe(true);
  });

  it('refuses a password that contains the username, in any case', () => {
    const result = signupRequestSchema.safeParse({
      ...validSignup,
      username: 'Mara',
      password: 'xmara123',
      confirmPassword: 'xmara123',
    });
    expect(firstErrors(result)).toEqual({ password: validationMessages.password_contains_username });
  });

  it('accepts a valid signup', () => {
    expect(signupRequestSchema.safeParse(validSignup).success).toBe(true);
  });
});
