import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorDetail } from '#contract/envelope.ts';
import { validationCodeOf } from '#contract/validation.ts';
import { ApiError, errorEnvelope } from '../http/errors.ts';

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

/**
 * What the log keeps of an unexpected error: its kind, the database's error code and message, never the query's
 * parameters (a failed insert's would be a learner's email and password hash) and never the statement.
 */
export function loggableError(error: unknown): { type: string; code?: string; message: string } {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: unknown } | undefined)?.code;
    return {
      type: cause?.name ?? 'DrizzleQueryError',
      ...(typeof code === 'string' ? { code } : {}),
      message: cause?.message ?? 'The database refused a query',
    };
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { type: error.name, ...(typeof code === 'string' ? { code } : {}), message: error.message };
  }
  return { type: typeof error, message: String(error) };
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
    request.log.error({ err: loggableError(error) }, 'request failed');
    return reply.code(500).send(errorEnvelope(500, [{ error: 'Something went wrong on our side', code: 'internal' }]));
  });
}
