import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { validationMessages } from '#contract/validation.ts';
import { setAdmin } from '../src/db/queries/account.ts';
import { sessions, users } from '../src/db/schema/accounts.ts';
import { registerEndpoint } from '../src/routes/endpoint.ts';
import { hashPassword, verifyPassword } from '../src/services/passwords.ts';
import { hashToken } from '../src/services/tokens.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
let app: TestApp;
let counter = 0;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

function newAccount() {
  counter++;
  return {
    username: `reader${counter}`,
    email: `reader${counter}@example.com`,
    password: 'reading42',
    confirmPassword: 'reading42',
  };
}

const userEnvelope = envelopeSchema(endpoints.login.details);

async function signupUser(account = newAccount(), ip = '10.0.0.1') {
  const response = await app.inject({ method: 'POST', url: '/api/v1/signup', payload: account, remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  return { account, user: userEnvelope.parse(response.json()).details };
}

function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  return app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('signup', () => {
  it('answers the new user with the defaults and a session token', async () => {
    const { account, user } = await signupUser();
    expect(user).toMatchObject({
      username: account.username,
      email: account.email,
      isAdmin: false,
      wordLimit: 100,
      videoLimit: 2,
      streak: [],
      creditAmount: 0,
      diamondAmount: 0,
      pro: { endDate: null },
    });
    expect(new Date(user.refreshAt).getTime() - app.clock.now().getTime()).toBe(DAY);
    expect(user.token.length).toBeGreaterThanOrEqual(22);
  });

  it.each([
    [{ username: '' }, 'username_required'],
    [{ username: 'two words' }, 'username_invalid'],
    [{ email: 'nope' }, 'email_invalid'],
    [{ password: 'abc1' }, 'password_too_short'],
    [{ password: 'password', confirmPassword: 'password' }, 'password_too_common'],
    [{ password: 'onlyletters', confirmPassword: 'onlyletters' }, 'password_needs_letters_and_digits'],
    [{ confirmPassword: 'reading43' }, 'passwords_do_not_match'],
    [{ confirmPassword: '' }, 'confirm_password_required'],
  ] as const)('refuses %j with %s and its message', async (change, code) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: { ...newAccount(), ...change },
    });
    expect(response.statusCode).toBe(400);
    const body = errorEnvelopeSchema.parse(response.json());
    expect(body.details[0]).toMatchObject({ code, error: validationMessages[code] });
  });

  it('refuses an email already used, whatever its case', async () => {
    const { account } = await signupUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: { ...newAccount(), email: account.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toMatchObject({
      code: 'email_taken',
      field: 'email',
    });
  });

  it('refuses a username already used', async () => {
    const { account } = await signupUser();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: { ...newAccount(), username: account.username.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('username_taken');
  });

  it('makes a configured admin email an admin', async () => {
    const { user } = await signupUser({ ...newAccount(), email: 'Boss@folio.test' });
    expect(user.isAdmin).toBe(true);
  });

  it('greets the newcomer with a notification', async () => {
    const { user } = await signupUser();
    const list = envelopeSchema(endpoints.notifications.details).parse(
      (await call('GET', '/api/v1/notifications', user.token)).json(),
    ).details;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ isRead: false, message: expect.stringContaining('Welcome to Folio') });
  });
});

describe('passwords and tokens at rest', () => {
  it('stores an scrypt hash with the production cost, never the password', async () => {
    const stored = await hashPassword('reading42');
    expect(stored).toMatch(/^scrypt\$17\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    await expect(verifyPassword('reading42', stored)).resolves.toBe(true);
    await expect(verifyPassword('reading43', stored)).resolves.toBe(false);
  });

  it('keeps only a hash of the password and of the session token', async () => {
    const { account, user } = await signupUser();
    const [row] = await app.database.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain(account.password);
    const stored = await app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(user.token)));
    expect(stored).toHaveLength(1);
    const raw = await app.database.db.select().from(sessions).where(eq(sessions.tokenHash, user.token));
    expect(raw).toHaveLength(0);
  });
});

describe('login', () => {
  it('answers the user with a new token at every login', async () => {
    const { account, user } = await signupUser();
    const first = userEnvelope.parse(
      (await call('POST', '/api/v1/login', undefined, { email: account.email, password: account.password })).json(),
    ).details;
    expect(first.username).toBe(account.username);
    expect(first.token).not.toBe(user.token);
    expect((await call('POST', '/api/v1/refresh', first.token)).statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password alike', async () => {
    const { account } = await signupUser();
    const wrong = await call('POST', '/api/v1/login', undefined, { email: account.email, password: 'reading43' });
    const unknown = await call('POST', '/api/v1/login', undefined, {
      email: 'nobody@example.com',
      password: 'reading43',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorEnvelopeSchema.parse(wrong.json()).details[0]).toEqual({
      error: 'Email or password is incorrect',
      code: 'invalid_credentials',
    });
  });

  it('limits attempts per account and says when to retry', async () => {
    const { account } = await signupUser();
    for (let attempt = 0; attempt < 10; attempt++) {
      await call('POST', '/api/v1/login', undefined, { email: account.email, password: 'guess1234' });
    }
    const blocked = await call('POST', '/api/v1/login', undefined, {
      email: account.email,
      password: account.password,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorEnvelopeSchema.parse(blocked.json()).details[0]?.code).toBe('rate_limited');
    app.clock.advance(16 * 60 * 1000);
    const again = await call('POST', '/api/v1/login', undefined, { email: account.email, password: account.password });
    expect(again.statusCode).toBe(200);
  });

  it('limits signups per IP', async () => {
    const ip = '203.0.113.9';
    for (let i = 0; i < 30; i++) {
      await signupUser(newAccount(), ip);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: newAccount(),
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('authenticated calls', () => {
  it.each([
    ['missing', undefined],
    ['unknown', 'not-a-real-token'],
  ])('answer 401 for a %s token', async (_case, token) => {
    const response = await call('POST', '/api/v1/refresh', token);
    expect(response.statusCode).toBe(401);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('unauthorized');
  });

  it('answer 401 once the session idled past its limit', async () => {
    const { user } = await signupUser();
    app.clock.advance(31 * DAY);
    expect((await call('POST', '/api/v1/refresh', user.token)).statusCode).toBe(401);
  });

  it('answer 401 after the absolute lifetime even when used every day', async () => {
    const { user } = await signupUser();
    for (let day = 0; day < 89; day += 2) {
      app.clock.advance(2 * DAY);
      if (day < 86) expect((await call('POST', '/api/v1/refresh', user.token)).statusCode).toBe(200);
    }
    expect((await call('POST', '/api/v1/refresh', user.token)).statusCode).toBe(401);
  });

  it('answer 401 after logout revoked the token', async () => {
    const { user } = await signupUser();
    expect((await call('POST', '/api/v1/logout', user.token)).statusCode).toBe(200);
    expect((await call('POST', '/api/v1/refresh', user.token)).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  it('marks a notification read for its owner only', async () => {
    const { user: owner } = await signupUser();
    const { user: other } = await signupUser();
    const list = envelopeSchema(endpoints.notifications.details).parse(
      (await call('GET', '/api/v1/notifications', owner.token)).json(),
    ).details;
    const notification = list[0];
    if (!notification) throw new Error('no notification');
    expect((await call('POST', '/api/v1/notification/read', other.token, notification)).statusCode).toBe(404);
    const read = await call('POST', '/api/v1/notification/read', owner.token, notification);
    expect(envelopeSchema(endpoints.readNotification.details).parse(read.json()).details.isRead).toBe(true);
  });
});

describe('admin command', () => {
  it('makes an existing account an admin', async () => {
    const { account } = await signupUser();
    await expect(setAdmin(app.database.db, account.email.toUpperCase(), true)).resolves.toBe(true);
    const login = await call('POST', '/api/v1/login', undefined, { email: account.email, password: account.password });
    expect(userEnvelope.parse(login.json()).details.isAdmin).toBe(true);
    await expect(setAdmin(app.database.db, 'nobody@example.com', true)).resolves.toBe(false);
  });
});

describe('admin-only calls', () => {
  it('answer 403 to a learner and serve an admin', async () => {
    const adminApp = await buildTestApp();
    try {
      registerEndpoint(
        adminApp,
        { method: 'GET', path: '/admin-probe', auth: 'admin', details: z.string() },
        async () => 'secret',
      );
      const learner = await adminApp.inject({ method: 'POST', url: '/api/v1/signup', payload: newAccount() });
      const boss = await adminApp.inject({
        method: 'POST',
        url: '/api/v1/signup',
        payload: { ...newAccount(), email: 'boss@folio.test' },
      });
      const probe = (token: string) =>
        adminApp.inject({ method: 'GET', url: '/api/v1/admin-probe', headers: { authorization: `Bearer ${token}` } });
      const refused = await probe(userEnvelope.parse(learner.json()).details.token);
      expect(refused.statusCode).toBe(403);
      expect(errorEnvelopeSchema.parse(refused.json()).details[0]?.code).toBe('forbidden');
      expect((await probe(userEnvelope.parse(boss.json()).details.token)).json().details).toBe('secret');
    } finally {
      await adminApp.close();
    }
  });
});
