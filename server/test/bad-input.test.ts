import { connect, type Socket } from 'node:net';
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
    const raw = await exchange(app, (socket) =>
      socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`),
    );
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(errorEnvelopeSchema.parse(JSON.parse(bodyOf(raw))).details[0]?.code).toBe('invalid_input');
  });
});

describe('a request that trickles in', () => {
  it('is cut off with 408 in the envelope once the request timeout has passed', async () => {
    const slow = await buildTestApp({ requestTimeoutMs: 300 });
    try {
      let trickle: NodeJS.Timeout | undefined;
      const raw = await exchange(slow, (socket) => {
        socket.write(
          'POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{',
        );
        // One byte every 20 ms: 100 kB would take half an hour.
        trickle = setInterval(() => socket.writable && socket.write(' '), 20);
      }).finally(() => clearInterval(trickle));
      expect(raw).toMatch(/^HTTP\/1\.1 408 /);
      expect(errorEnvelopeSchema.parse(JSON.parse(bodyOf(raw))).details[0]).toEqual({
        error: 'The request took too long to arrive',
        code: 'invalid_input',
      });
    } finally {
      await slow.close();
    }
  });
});

/** Listens on a port and runs one raw exchange on a socket: what `send` writes, everything the server answers. */
async function exchange(target: TestApp, send: (socket: Socket) => void): Promise<string> {
  if (!target.server.listening) await target.listen({ port: 0, host: '127.0.0.1' });
  const address = target.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise<string>((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1', () => send(socket));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function bodyOf(raw: string): string {
  return raw.slice(raw.indexOf('\r\n\r\n') + 4);
}
