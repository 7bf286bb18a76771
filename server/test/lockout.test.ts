import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { KNOWN_ADDRESSES_PER_USER } from '../src/db/queries/account-login-addresses.ts';
import { knownLoginAddresses } from '../src/db/schema/accounts.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

const MINUTE = 60 * 1000;
let app: TestApp;
let counter = 0;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const userEnvelope = envelopeSchema(endpoints.login.details);

/** A new account, signed up from `ip`. */
async function signupOwner(ip: string) {
  counter++;
  const account = {
    username: `owner${counter}`,
    email: `owner${counter}@example.com`,
    password: 'reading42',
    confirmPassword: 'reading42',
  };
  const response = await app.inject({ method: 'POST', url: '/api/v1/signup', payload: account, remoteAddress: ip });
  expect(response.statusCode).toBe(200);
  return { account, token: userEnvelope.parse(response.json()).details.token };
}

function login(email: string, password: string, ip: string, token?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

let attackers = 0;

/**
 * Wrong passwords from an attacker's address (a new one each time) until the per-account limit refuses: at most
 * ten are answered 401 (fewer when the owner's own logins from new addresses already counted).
 */
async function exhaustAccountLimit(email: string, ip = `198.51.100.${++attackers}`) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await login(email, `guess${attempt}abc`, ip);
    if (response.statusCode === 429) return;
    expect(response.statusCode).toBe(401);
  }
  expect((await login(email, 'guessmore1', ip)).statusCode).toBe(429);
}

function codeOf(response: { json: () => unknown }) {
  return errorEnvelopeSchema.parse(response.json()).details[0]?.code;
}

describe('login lockout', () => {
  it('lets the owner in from an address that logged in to the account before', async () => {
    const { account } = await signupOwner('203.0.113.1');
    expect((await login(account.email, account.password, '203.0.113.7')).statusCode).toBe(200);
    await exhaustAccountLimit(account.email);
    const home = await login(account.email, account.password, '203.0.113.7');
    expect(home.statusCode).toBe(200);
    expect(userEnvelope.parse(home.json()).details.email).toBe(account.email);
  });

  it('lets the owner in from the address they signed up from', async () => {
    const { account } = await signupOwner('203.0.113.2');
    await exhaustAccountLimit(account.email);
    expect((await login(account.email, account.password, '203.0.113.2')).statusCode).toBe(200);
  });

  it('refuses a never-seen address with 429 and Retry-After, even with the right password', async () => {
    const { account } = await signupOwner('203.0.113.3');
    await exhaustAccountLimit(account.email);
    const stranger = await login(account.email, account.password, '192.0.2.44');
    expect(stranger.statusCode).toBe(429);
    expect(codeOf(stranger)).toBe('rate_limited');
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    app.clock.advance(16 * MINUTE);
    expect((await login(account.email, account.password, '192.0.2.44')).statusCode).toBe(200);
  });

  it("lets a request carrying the owner's valid session in from anywhere", async () => {
    const { account, token } = await signupOwner('203.0.113.4');
    await exhaustAccountLimit(account.email);
    const withSession = await login(account.email, account.password, '192.0.2.45', token);
    expect(withSession.statusCode).toBe(200);
  });

  it("does not let another account's session, or a revoked one, through", async () => {
    const { account, token } = await signupOwner('203.0.113.5');
    const { token: otherToken } = await signupOwner('203.0.113.6');
    await exhaustAccountLimit(account.email);
    expect((await login(account.email, account.password, '192.0.2.46', otherToken)).statusCode).toBe(429);
    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '203.0.113.5',
    });
    expect(logout.statusCode).toBe(200);
    expect((await login(account.email, account.password, '192.0.2.46', token)).statusCode).toBe(429);
  });

  it('does not count failed attempts from a known address toward the per-account limit', async () => {
    const { account } = await signupOwner('203.0.113.8');
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await login(account.email, 'typo12345', '203.0.113.8')).statusCode).toBe(401);
    }
    expect((await login(account.email, account.password, '192.0.2.47')).statusCode).toBe(200);
  });

  it('still applies the per-IP limit to a known address', async () => {
    const home = '203.0.113.9';
    const { account } = await signupOwner(home);
    for (let attempt = 0; attempt < 60; attempt++) {
      expect((await login(account.email, 'typo12345', home)).statusCode).toBe(401);
    }
    const blocked = await login(account.email, account.password, home);
    expect(blocked.statusCode).toBe(429);
    expect(codeOf(blocked)).toBe('rate_limited');
  });

  it('answers an unknown email from a stranger exactly like a known one once the limit is spent', async () => {
    const { account } = await signupOwner('203.0.113.10');
    await exhaustAccountLimit(account.email, '192.0.2.48');
    await exhaustAccountLimit('nobody-here@example.com', '192.0.2.49');
    const known = await login(account.email, 'guessmore2', '192.0.2.50');
    const unknown = await login('nobody-here@example.com', 'guessmore2', '192.0.2.50');
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.json()).toEqual(unknown.json());
  });

  it(`remembers at most ${KNOWN_ADDRESSES_PER_USER} addresses per account, the most recent`, async () => {
    const { account } = await signupOwner('10.9.0.0');
    for (let i = 1; i <= KNOWN_ADDRESSES_PER_USER + 2; i++) {
      // Logins from new addresses count toward the per-account limit: at most 8 in any 15 minutes here.
      app.clock.advance(2 * MINUTE);
      expect((await login(account.email, account.password, `10.9.0.${i}`)).statusCode).toBe(200);
    }
    const rows = await app.database.db.select().from(knownLoginAddresses);
    const [owner] = rows.filter((row) => row.ip === `10.9.0.${KNOWN_ADDRESSES_PER_USER + 2}`);
    if (!owner) throw new Error('latest address not remembered');
    const mine = await app.database.db
      .select()
      .from(knownLoginAddresses)
      .where(eq(knownLoginAddresses.userId, owner.userId));
    expect(mine).toHaveLength(KNOWN_ADDRESSES_PER_USER);
    expect(mine.map((row) => row.ip)).not.toContain('10.9.0.0');
    expect(mine.map((row) => row.ip)).not.toContain('10.9.0.1');
  });
});
