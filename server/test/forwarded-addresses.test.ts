/**
 * Behind a load balancer the client's address comes from X-Forwarded-For, whose left part the client writes itself:
 * only the entries added by the proxies TRUST_PROXY names are believed, and the address is the rightmost other one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#contract/envelope.ts';
import { knownLoginAddresses, users } from '../src/db/schema/accounts.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/** The load balancer (10.0.0.5) and a CDN in front of it (172.16.3.3), both named by the operator. */
const balancer = '10.0.0.5';
const trusted = ['10.0.0.0/8', '172.16.3.3'];

let app: TestApp;
let accounts = 0;

beforeAll(async () => {
  app = await buildTestApp({ trustProxy: trusted });
});
afterAll(() => app.close());

/**
 * A request as the balancer passes it on: it appends the address it was reached from (`from`) to whatever
 * X-Forwarded-For the client sent (`claimed`).
 */
function throughBalancer(url: string, payload: object, from: string, claimed?: string) {
  return app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: balancer,
    headers: { 'x-forwarded-for': claimed ? `${claimed}, ${from}` : from },
  });
}

function newAccount() {
  accounts++;
  return {
    username: `reader${accounts}`,
    email: `reader${accounts}@example.com`,
    password: 'reading42',
    confirmPassword: 'reading42',
  };
}

function codeOf(response: { json: () => unknown }) {
  return errorEnvelopeSchema.parse(response.json()).details[0]?.code;
}

async function addressesOf(email: string) {
  const [user] = await app.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account ${email}`);
  const rows = await app.database.db.select().from(knownLoginAddresses).where(eq(knownLoginAddresses.userId, user.id));
  return rows.map((row) => row.ip);
}

describe('behind a load balancer named by TRUST_PROXY', () => {
  it('remembers the address the proxies were reached from, not one the client wrote before it', async () => {
    const account = newAccount();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/signup',
      payload: account,
      remoteAddress: balancer,
      headers: { 'x-forwarded-for': '203.0.113.99, 198.51.100.77, 172.16.3.3' },
    });
    expect(response.statusCode).toBe(200);
    expect(await addressesOf(account.email)).toEqual(['198.51.100.77']);
  });

  it('limits signups to 30 an hour from one address, whatever address the client puts first', async () => {
    const attacker = '192.0.2.10';
    for (let attempt = 1; attempt <= 30; attempt++) {
      const response = await throughBalancer('/api/v1/signup', newAccount(), attacker, `203.0.113.${attempt}`);
      expect(response.statusCode).toBe(200);
    }
    const refused = await throughBalancer('/api/v1/signup', newAccount(), attacker, '203.0.113.31');
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('rate_limited');
  });

  it('limits logins to 60 per address, whatever address the client puts first', async () => {
    const attacker = '192.0.2.11';
    for (let attempt = 1; attempt <= 60; attempt++) {
      const guess = { email: `nobody${attempt}@example.com`, password: 'guess12345' };
      const response = await throughBalancer('/api/v1/login', guess, attacker, `198.51.100.${attempt}`);
      expect(response.statusCode).toBe(401);
    }
    const guess = { email: 'nobody61@example.com', password: 'guess12345' };
    const refused = await throughBalancer('/api/v1/login', guess, attacker, '198.51.100.61');
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe('rate_limited');
  });

  it("keeps a locked account locked to a guess that claims the owner's address", async () => {
    const owner = '203.0.113.50';
    const attacker = '192.0.2.12';
    const account = newAccount();
    expect((await throughBalancer('/api/v1/signup', account, owner)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 10; attempt++) {
      const guess = { email: account.email, password: `guess${attempt}abc` };
      expect((await throughBalancer('/api/v1/login', guess, attacker)).statusCode).toBe(401);
    }

    const claimed = await throughBalancer(
      '/api/v1/login',
      { email: account.email, password: 'guess10abc' },
      attacker,
      owner,
    );
    expect(claimed.statusCode).toBe(429);
    expect(codeOf(claimed)).toBe('rate_limited');
    const direct = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: account.email, password: 'guess11abc' },
      remoteAddress: attacker,
      headers: { 'x-forwarded-for': owner },
    });
    expect(direct.statusCode).toBe(429);

    const home = await throughBalancer('/api/v1/login', { email: account.email, password: account.password }, owner);
    expect(home.statusCode).toBe(200);
  });
});
