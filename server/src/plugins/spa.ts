import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '#contract/endpoints.ts';
import { errorEnvelope } from '../http/errors.ts';

/**
 * Serves the built SPA: hashed assets are cached for a year, index.html never, and any other GET that
 * asks for a page gets index.html so deep links such as /reader/12 survive a refresh.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string) {
  const hasBuild = existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith(API_BASE);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !hasBuild) {
      return reply
        .code(404)
        .send(
          errorEnvelope(404, [
            { error: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'not_found' },
          ]),
        );
    }
    const ext = path.extname(request.url.split('?')[0] ?? '');
    if (ext && ext !== '.html') {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
