import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * Reads a multipart body with `read`, answering `refusal` when the request is not multipart or its body cannot be
 * parsed. Busboy refuses a missing, empty or overlong boundary and a body that breaks off with plain errors that
 * carry no status (they would be 500s); `read` only takes the body apart, so such an error is always the client's.
 * The route's own refusals and @fastify/multipart's (limits: 413) pass through.
 */
export async function readMultipart<T>(request: FastifyRequest, refusal: ApiError, read: () => Promise<T>): Promise<T> {
  if (!request.isMultipart()) throw refusal;
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw refusal;
  }
}
