import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetail } from '#contract/envelope.ts';
import { validationCodeOf } from '#contract/validation.ts';
import { isDatabaseUnavailable, loggableError } from '../db/errors.ts';
import { ApiError, errorEnvelope, unavailableError } from '../http/errors.ts';

const codesByFastifyCode: Record<string, { status: number; code: ErrorCode; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', error: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'invalid_json', error: 'The request body is empty' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', error: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'invalid_input', error: 'Unsupported content type' },
};

const codesByStatus: Record<number, ErrorCode> = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

function validationDetails(error: FastifyError): ErrorDetail[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'Invalid value';
    const code = validationCodeOf(message) ?? 'invalid_input';
    const place = field || error.validationContext || 'request';
    return {
      error: code === 'invalid_input' ? `${place}: ${message}` : message,
      code,
      ...(field ? { field } : {}),
    };
  });
}

/** Longest request line accepted: longer addresses get 414 (Node refuses whole headers over 16 KB with 431). */
export const maxUrlLength = 4096;

function rawEnvelope(status: number, code: ErrorCode, error: string): string {
  const body = JSON.stringify(errorEnvelope(status, [{ error, code }]));
  const reason = errorEnvelope(status, []).message;
  return [
    `HTTP/1.1 ${status} ${reason}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Errors Node's HTTP parser raises before Fastify has a request (headers too large, a request that takes too long
 * to arrive, malformed HTTP): answered with the envelope on the raw socket, then closed.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (error, socket: Socket) => {
  const code = (error as { code?: string }).code;
  if (code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer =
    code === 'HPE_HEADER_OVERFLOW'
      ? rawEnvelope(431, 'invalid_input', 'The request headers are too large')
      : code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawEnvelope(408, 'invalid_input', 'The request took too long to arrive')
        : rawEnvelope(400, 'invalid_input', 'The request is not valid HTTP');
  socket.end(answer);
};

/** Errors Fastify's router raises before a route runs (an address with bad percent-encoding). */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, _request, reply) => {
  const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error.statusCode ?? 500);
  const known = status < 500;
  void (reply as unknown as FastifyReply)
    .code(known ? status : 500)
    .send(
      errorEnvelope(known ? status : 500, [
        known
          ? { error: 'The address is not valid', code: 'invalid_input' }
          : { error: 'Something went wrong on our side', code: 'internal' },
      ]),
    );
};

/**
 * Requests that arrive while the server shuts down, and addresses too long to be real, get the envelope too
 * (Fastify's own 503 while closing is plain JSON of another shape, so it is turned off in app.ts).
 */
export function registerRequestGuards(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new ApiError(503, [{ error: 'Folio is restarting, please try again in a moment', code: 'unavailable' }], {
        'retry-after': '5',
      });
    }
    if (request.url.length > maxUrlLength) {
      throw new ApiError(414, [{ error: 'The address is too long', code: 'invalid_input' }]);
    }
  });
}

/** Every error leaves as the envelope; 5xx bodies say nothing about internals, the log keeps them. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.status).headers(error.headers).send(errorEnvelope(error.status, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(errorEnvelope(400, validationDetails(error)));
    }
    const known = error.code ? codesByFastifyCode[error.code] : undefined;
    if (known) {
      return reply.code(known.status).send(errorEnvelope(known.status, [{ error: known.error, code: known.code }]));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const code = codesByStatus[status] ?? 'invalid_input';
      return reply.code(status).send(errorEnvelope(status, [{ error: error.message, code }]));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ error: loggableError(error) }, 'database unavailable');
      const unavailable = unavailableError();
      return reply.code(503).headers(unavailable.headers).send(errorEnvelope(503, unavailable.details));
    }
    request.log.error({ error: loggableError(error) }, 'request failed');
    return reply.code(500).send(errorEnvelope(500, [{ error: 'Something went wrong on our side', code: 'internal' }]));
  });
}
