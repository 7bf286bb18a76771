import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { unavailableError } from '../http/errors.ts';
import { loggableError } from '../plugins/error-handler.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { hide: true } }, async (request) => {
    try {
      await app.deps.db.execute(sql`select 1`);
    } catch (error) {
      // Whatever failed, the database did not answer: 503 (envelope, Retry-After), logged as every failed query is.
      request.log.warn({ err: loggableError(error) }, 'health check failed');
      throw unavailableError();
    }
    return { status: 'ok' };
  });
}
