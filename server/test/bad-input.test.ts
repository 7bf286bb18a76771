import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, signupLearner } from './helpers.ts';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  token = await signupLearner(app);
});
afterAll(() => app.close());

/** The envelope of a 4xx answer, with its status and first code. */
function refusal(response: { statusCode: number; json: () => unknown }) {
  const body = errorEnvelopeSchema.parse(response.json());
  return { status: response.statusCode, code: body.details[0]?.code };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

describe('a NUL character is refused at the boundary, never stored', () => {
  it('in the email of a signup', async () => {
    const response = await post('/api/v1/signup', {
      username: 'nulled',
      email: 'nul\u0000led@example.com',
      password: 'reading42',
      confirmPassword: 'reading42',
    });
    expect(refusal(response)).toEqual({ status: 400, code: 'email_invalid' });
  });

  it('in the email of a login', async () => {
    const response = await post('/api/v1/login', { email: 'someone\u0000@example.com', password: 'reading42' });
    expect(refusal(response)).toEqual({ status: 400, code: 'email_invalid' });
  });

  it("in a saved word's lowercase form", async () => {
    const response = await post(
      '/api/v1/userword',
      { lowercase: 'ha\u0000us', level: 1, language: 'de' },
      authed(token),
    );
    expect(refusal(response)).toEqual({ status: 400, code: 'invalid_input' });
  });

  it("in a translation request's lowerCase", async () => {
    const response = await post('/api/v1/translation', {
      tokenId: 1,
      lowerCase: 'ha\u0000us',
      targetLanguage: 'de',
      homeLanguage: 'en',
    });
    expect(refusal(response)).toEqual({ status: 400, code: 'invalid_input' });
  });
});

describe('an integer beyond its column is a 400', () => {
  const tooBig = 2 ** 31;

  it('as a tokenId, contentId or pageId of a translation request', async () => {
    for (const field of ['tokenId', 'contentId', 'pageId']) {
      const response = await post('/api/v1/translation', {
        tokenId: 1,
        lowerCase: 'haus',
        targetLanguage: 'de',
        homeLanguage: 'en',
        [field]: tooBig,
      });
      expect(refusal(response), field).toEqual({ status: 400, code: 'invalid_input' });
    }
  });

  it('as the contentId of a read page', async () => {
    const response = await post('/api/v1/user-page', { contentId: tooBig, pageId: 0, language: 'en' }, authed(token));
    expect(refusal(response)).toEqual({ status: 400, code: 'invalid_input' });
  });

  it("as a notification's id", async () => {
    const response = await post(
      '/api/v1/notification/read',
      { id: tooBig, message: 'Welcome', createdAt: '2026-11-25T10:00:00.000Z', isRead: false },
      authed(token),
    );
    expect(refusal(response)).toEqual({ status: 400, code: 'invalid_input' });
  });
});

describe("Fastify's and Node's own refusals use the envelope", () => {
  it('an address with bad percent-encoding', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/content/%E0%A4%A' });
    expect(refusal(response)).toEqual({ status: 400, code: 'invalid_input' });
  });

  it('an address too long to be real', async () => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/content/${'x'.repeat(5000)}` });
    expect(refusal(response)).toEqual({ status: 414, code: 'invalid_input' });
  });

  it('headers larger than Node accepts (431), on a real socket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1', () => {
        socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`);
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('end', () => resolve(answer));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(errorEnvelopeSchema.parse(JSON.parse(body)).details[0]?.code).toBe('invalid_input');
  });
});
