import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import type { Endpoint } from '#contract/endpoints/endpoint.ts';
import { API_BASE, type EndpointName, endpoints, TIME_ZONE_HEADER } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { endpointSummaries } from '#contract/summaries.ts';
import { isDatabaseUnavailable } from '../db/errors.ts';
import '../deps.ts';
import { apiError } from '../http/errors.ts';
import { type Authenticated, authenticate } from '../services/accounts.ts';
import { isTimeZone } from '../services/streak.ts';

type Parsed<E, K extends 'params' | 'body' | 'query'> = E extends { [key in K]: infer S extends z.ZodMiniType }
  ? z.output<S>
  : undefined;

export type EndpointInput<E extends Endpoint> = {
  params: Parsed<E, 'params'>;
  body: Parsed<E, 'body'>;
  query: Parsed<E, 'query'>;
  request: FastifyRequest;
  /** The session, required or (for calls visitors may make) present when a valid token was sent. */
  auth: E extends { auth: 'required' | 'admin' } ? Authenticated : Authenticated | undefined;
  /** One clock reading per request. */
  now: Date;
  /** The learner's IANA zone from the request header, UTC when absent or unknown. */
  timeZone: string;
};

/**
 * Details already serialised to JSON by the database, for answers too large to build as objects. The schema
 * still documents them; the query that builds them is what keeps them right.
 */
export class RawJsonDetails {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

/**
 * A file answered instead of the envelope (`answers: 'file'` endpoints), streamed as its chunks come: the first is
 * asked for before the answer starts, so a failure there is still an error envelope.
 */
export class FileAnswer {
  readonly contentType: string;
  readonly fileName: string;
  readonly chunks: AsyncIterable<string | Uint8Array>;
  constructor(file: { contentType: string; fileName: string; chunks: AsyncIterable<string | Uint8Array> }) {
    this.contentType = file.contentType;
    this.fileName = file.fileName;
    this.chunks = file.chunks;
  }
}

/** The chunks of a file as a stream, its first chunk already read (so its failure is the handler's). */
async function startedStream(chunks: AsyncIterable<string | Uint8Array>): Promise<Readable> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rest(): AsyncGenerator<string | Uint8Array> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return Readable.from(rest(), { objectMode: false });
}

/** What a handler may answer: the details alone, or details with the envelope's message (the transcript's 'done'). */
export type EndpointResult<E extends Endpoint> = E extends { answers: 'file' }
  ? FileAnswer
  : z.input<E['details']> | { message: string; details: z.input<E['details']> } | RawJsonDetails;

export type EndpointHandler<E extends Endpoint> = (input: EndpointInput<E>) => Promise<EndpointResult<E>>;

function isWithMessage(result: unknown): result is { message: string; details: unknown } {
  return typeof result === 'object' && result !== null && 'message' in result && 'details' in result;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

function timeZoneOf(request: FastifyRequest): string {
  const header = request.headers[TIME_ZONE_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 64 && isTimeZone(value) ? value : 'UTC';
}

/** The session and the clock reading of each request, from its onRequest hook to its handler. */
const callers = new WeakMap<FastifyRequest, { auth: Authenticated | undefined; now: Date }>();

/**
 * Registers one call of the contract: its path, its param and body schemas and its enveloped response
 * schema all come from `src/contract/endpoints.ts`, so the server cannot drift from what the SPA parses.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>) {
  const name = (Object.keys(endpoints) as EndpointName[]).find(
    (candidate) => endpoints[candidate] === (endpoint as Endpoint),
  );
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: `${API_BASE}${endpoint.path}`,
    schema: {
      ...(name ? { summary: endpointSummaries[name] } : {}),
      ...(endpoint.auth === 'optional' ? {} : { security: [{ bearer: [] }] }),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.answers === 'file' ? {} : { response: { 200: envelopeSchema(endpoint.details) } }),
    },
    // Who is calling is settled before the body is read or validated: a call without a valid login gets 401
    // whatever it sends, and an unauthenticated body is never parsed.
    onRequest: async (request) => {
      const { db, clock, accounts } = app.deps;
      const now = clock();
      const token = bearerToken(request);
      let auth: Authenticated | undefined;
      if (endpoint.auth !== 'optional') auth = await authenticate(db, accounts, now, token);
      else if (token) {
        // A stale token makes a visitor of the caller; a database that cannot tell is a 503 like any other call.
        auth = await authenticate(db, accounts, now, token).catch((error: unknown) => {
          if (isDatabaseUnavailable(error)) throw error;
          return undefined;
        });
      }
      if (endpoint.auth === 'admin' && !auth?.user.isAdmin) {
        throw apiError(403, 'forbidden', 'This is for admins only');
      }
      callers.set(request, { auth, now });
    },
    handler: async (request, reply) => {
      const caller = callers.get(request);
      if (!caller) throw new Error('onRequest did not run');
      const { auth, now } = caller;
      const result = await handler({
        params: request.params as Parsed<E, 'params'>,
        body: request.body as Parsed<E, 'body'>,
        query: request.query as Parsed<E, 'query'>,
        request,
        auth: auth as EndpointInput<E>['auth'],
        now,
        timeZone: timeZoneOf(request),
      });
      if (result instanceof FileAnswer) {
        const stream = await startedStream(result.chunks);
        return reply
          .type(result.contentType)
          .header('content-disposition', `attachment; filename="${result.fileName}"`)
          .header('cache-control', 'no-store')
          .send(stream as never);
      }
      if (result instanceof RawJsonDetails) {
        return (
          reply
            .type('application/json; charset=utf-8')
            .serializer(String)
            // The typed reply expects the envelope object; this is its JSON text, sent as is.
            .send(`{"message":"success","status":200,"details":${result.json}}` as never)
        );
      }
      return isWithMessage(result)
        ? { message: result.message, status: 200, details: result.details }
        : { message: 'success', status: 200, details: result };
    },
  });
}
