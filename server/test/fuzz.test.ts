/**
 * Every call of the contract, thrown generated bodies, params and queries: whatever arrives, the answer is never a
 * 5xx and always the envelope (a success parses with the call's own details schema).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '#contract/endpoints/endpoint.ts';
import { API_BASE, endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
  token = await signupLearner(app);
});
afterAll(() => app.close());

/** Strings a careless or hostile client sends: control characters, odd Unicode, numbers and ids as text. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u001b[2J', '\ud800', '%00', '../../etc/passwd', "'; drop table users; --"),
  fc.constantFrom('en', 'de', 'xx', 'dQw4w9WgXcQ', 'reader@example.com', '2026-11-25T10:00:00.000Z', ''),
  fc.string({ minLength: 300, maxLength: 600 }),
);
/** Numbers at and past every edge: the 32-bit column, floats, negatives, non-finite values as JSON allows. */
const nastyNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 4, 5, 2 ** 31 - 1, 2 ** 31, 2 ** 53, -(2 ** 31) - 1, 1e308, 0.5, -0.0),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

const controlCharacter = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\n', '\t');

/** A control character slipped into a valid text. */
const textMutationOf = (value: string) =>
  fc
    .tuple(fc.nat({ max: value.length }), controlCharacter)
    .map(([at, bad]) => `${value.slice(0, at)}${bad}${value.slice(at)}`);

/** A wrong value near a valid one: a control character slipped into its text, a number past an edge, or anything. */
function mutationOf(value: unknown) {
  if (typeof value === 'string') return fc.oneof(textMutationOf(value), nastyValue);
  if (typeof value === 'number') return fc.oneof(nastyNumber, nastyValue);
  return nastyValue;
}

/** A valid body of each call that takes one: mutating one field of it reaches the handler with the rest valid. */
const validBodies: Record<string, Record<string, unknown>> = {
  login: { email: 'reader@example.com', password: 'reading42' },
  signup: { username: 'fuzzer', email: 'fuzzer@example.com', password: 'reading42', confirmPassword: 'reading42' },
  saveUserWord: { lowercase: 'haus', level: 2, language: 'de' },
  translate: { tokenId: 1, lowerCase: 'haus', targetLanguage: 'de', homeLanguage: 'en', contentId: 1, pageId: 0 },
  processVideo: { videoURL: 'https://youtu.be/dQw4w9WgXcQ', title: 'A walk', language: 'en' },
  saveUserPage: { contentId: 1, pageId: 0, language: 'en' },
  readNotification: { id: 1, message: 'Welcome', createdAt: '2026-11-25T10:00:00.000Z', isRead: false },
  subscriptionCheckout: { priceId: 'price_gold_month', discountCodes: ['READ10'] },
  tokenCheckout: { priceId: 'price_diamonds_100', discountCodes: [] },
  buyItem: { name: 'Word Limit', amount: 100, diamondAmount: 10, creditAmount: 100, payWith: 'diamonds' },
  checkDiscount: { discountCode: 'WELCOME10' },
  fulfilCheckout: { sessionId: 'cs_test_a1' },
  importText: { language: 'en', title: 'A walk', text: 'We walked to the lake.' },
  // A private address: whatever the mutation, the fetcher refuses it before any request leaves the machine.
  importUrl: { language: 'en', url: 'http://10.0.0.1/a-walk', title: 'A walk' },
};

/** A valid value of each path parameter, for paths where one segment at a time goes bad. */
const validParams: Record<string, string> = {
  targetLang: 'en',
  homeLang: 'de',
  contentId: '1',
  pageId: '0',
  videoId: 'dQw4w9WgXcQ',
  index: '0',
  importId: '1',
};

/** A valid body with one field replaced (or dropped, or one added), a body of the call's keys, or anything. */
function bodyFor(name: string, endpoint: Endpoint) {
  const valid = validBodies[name] ?? {};
  const keys = Object.keys(valid);
  const oneFieldWrong = keys.length
    ? fc
        .constantFrom(...keys, 'extra')
        .chain((key) =>
          fc.tuple(
            fc.constant(key),
            mutationOf(valid[key]),
            fc.boolean().map((drop) => drop && key !== 'extra'),
          ),
        )
        .map(([key, value, drop]) => {
          const body: Record<string, unknown> = { ...valid, [key]: value };
          if (drop) delete body[key];
          return body;
        })
    : nastyValue;
  const shape = (endpoint.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return fc.oneof(
    { arbitrary: oneFieldWrong, weight: 4 },
    {
      arbitrary: fc.record(Object.fromEntries(Object.keys(shape ?? {}).map((key) => [key, nastyValue])), {
        requiredKeys: [],
      }),
      weight: 1,
    },
    { arbitrary: nastyValue, weight: 1 },
  );
}

/** A path segment as a client encodes it; a lone surrogate, which cannot be encoded, becomes bad UTF-8. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** The call's path with every `:name` segment filled by a nasty string (percent-encoded, as a client would). */
function pathFor(endpoint: Endpoint) {
  const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const segment = (name: string) =>
    fc.oneof(
      { arbitrary: fc.constant(validParams[name] ?? ''), weight: 2 },
      { arbitrary: fc.oneof(nastyString, nastyNumber.map(String), textMutationOf(validParams[name] ?? '')), weight: 1 },
    );
  return fc.tuple(...names.map(segment)).map((values) => {
    let index = 0;
    return endpoint.path.replace(/:(\w+)/g, () => encodeSegment(values[index++] ?? ''));
  });
}

const queryFor = fc.dictionary(fc.constantFrom('language', 'since', 'x'), nastyString, { maxKeys: 2 });

describe('every call of the contract, fed generated input', () => {
  for (const [name, endpoint] of Object.entries(endpoints) as [string, Endpoint][]) {
    it(`${name}: never a 5xx, always the envelope`, { timeout: 60_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(
          pathFor(endpoint),
          bodyFor(name, endpoint),
          queryFor,
          fc.boolean(),
          async (path, body, query, signedIn) => {
            const response = await app.inject({
              method: endpoint.method,
              url: `${API_BASE}${path}`,
              query,
              ...(endpoint.method === 'GET' ? {} : { payload: JSON.stringify(body) }),
              headers: {
                ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
                ...(signedIn ? authed(token) : {}),
              },
            });
            expect(response.statusCode, response.body).toBeLessThan(500);
            if (response.statusCode >= 400) errorEnvelopeSchema.parse(response.json());
            else envelopeSchema(endpoint.details).parse(response.json());
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: Number(process.env.FUZZ_SEED ?? 20261125) },
      );
    });
  }
});

/** The calls whose body is multipart/form-data (one `file` field), and the code of their refusals. */
const uploads = { importFile: 'bad_file', uploadSubtitles: 'bad_subtitles' } as const;

const uploadUrl = (name: keyof typeof uploads) =>
  `${API_BASE}${endpoints[name].path.replace(/:(\w+)/g, (_, param: string) => validParams[param] ?? '')}`;

const filePart = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.srt"\r\n\r\n1\n00:00:01,000 --> 00:00:02,000\nHallo\n`;

/** Multipart a careless or hostile client sends: the content type without its boundary, or a body that breaks it. */
const brokenMultipart: { what: string; type: string; body: string }[] = [
  { what: 'no boundary', type: 'multipart/form-data', body: filePart('x') },
  { what: 'no boundary and no body', type: 'multipart/form-data', body: '' },
  { what: 'an empty boundary', type: 'multipart/form-data; boundary=', body: filePart('') },
  { what: 'an empty quoted boundary', type: 'multipart/form-data; boundary=""', body: filePart('') },
  { what: 'a boundary without a value', type: 'multipart/form-data; boundary', body: filePart('x') },
  { what: 'a boundary longer than allowed', type: `multipart/form-data; boundary=${'b'.repeat(300)}`, body: 'x' },
  { what: 'a body without the boundary', type: 'multipart/form-data; boundary=x', body: 'hello' },
  { what: 'a body that ends inside its file', type: 'multipart/form-data; boundary=x', body: filePart('x') },
];

/** A boundary as a client might write one: RFC 2046's characters, empty, or longer than parsers accept. */
const boundaryFor = fc.oneof(fc.constantFrom('', 'x', 'b'.repeat(300)), fc.stringMatching(/^[\w'()+,./:=?-]{0,80}$/));

/** A content type that claims multipart with the boundary, another one, or none; and a body of multipart's pieces. */
const multipartFor = boundaryFor.chain((boundary) =>
  fc.record({
    type: fc
      .constantFrom(
        `; boundary=${boundary}`,
        `; boundary="${boundary}"`,
        '; boundary=other',
        '',
        ';',
        '; charset=utf-8',
      )
      .map((parameters) => `multipart/form-data${parameters}`),
    body: fc
      .array(
        fc.oneof(
          fc.constantFrom(
            `--${boundary}`,
            `--${boundary}--`,
            '\r\n',
            '\r\n\r\n',
            'Content-Disposition: form-data; name="file"; filename="a.srt"',
            'Content-Disposition: form-data; name="language"',
            'Content-Type: text/plain',
            '1\n00:00:01,000 --> 00:00:02,000\nHallo\n',
            'en',
          ),
          nastyString,
        ),
        { maxLength: 12 },
      )
      .map((pieces) => pieces.join('')),
  }),
);

describe('the upload calls, fed broken multipart', () => {
  // Their own learner: the calls above may have logged the first one out.
  let uploader: string;
  beforeAll(async () => {
    uploader = await signupLearner(app, '10.1.0.2');
  });
  const upload = (name: keyof typeof uploads, type: string, body: string) =>
    app.inject({
      method: 'POST',
      url: uploadUrl(name),
      payload: body,
      headers: { 'content-type': type, ...authed(uploader) },
    });

  for (const [name, code] of Object.entries(uploads) as [keyof typeof uploads, string][]) {
    for (const { what, type, body } of brokenMultipart) {
      it(`${name}: ${what} is a 400`, async () => {
        const response = await upload(name, type, body);
        expect(response.statusCode, response.body).toBe(400);
        expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe(code);
      });
    }

    it(`${name}: generated multipart is never a 5xx, always the envelope`, { timeout: 60_000 }, async () => {
      await fc.assert(
        fc.asyncProperty(multipartFor, async ({ type, body }) => {
          const response = await upload(name, type, body);
          expect(response.statusCode, response.body).toBeLessThan(500);
          if (response.statusCode >= 400) errorEnvelopeSchema.parse(response.json());
          else envelopeSchema(endpoints[name].details).parse(response.json());
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 60), seed: Number(process.env.FUZZ_SEED ?? 20261125) },
      );
    });
  }
});
