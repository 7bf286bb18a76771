import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.deps.db.execute(sql`select 1`);
      return { status: 'ok' };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
