import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loggableError } from '../db/errors.ts';
import { unavailableError } from '../http/errors.ts';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { hide: true } }, async (request) => {
    try {
      await app.deps.db.execute(sql`select 1`);
    } catch (error) {
      // Whatever failed, the database did not answer: 503 (envelope, Retry-After), logged as every failed query is.
      request.log.warn({ error: loggableError(error) }, 'health check failed');
      throw unavailableError();
    }
    return { status: 'ok' };
  });
}
