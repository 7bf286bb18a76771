import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '#contract/endpoints.ts';
import { errorEnvelope } from '../http/errors.ts';
import { FIRST_PAINT_MARK, readerFirstPaint, withEntryHeld } from './first-paint.ts';
import { preloadHints, readViteManifest } from './preload-hints.ts';

/** The built index.html, or null when there is no build (API-only tests, the Vite dev server in front). */
export function readSpaShell(staticDir: string): string | null {
  try {
    return readFileSync(path.join(staticDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA: hashed assets are cached for a year, index.html never, and any other GET that
 * asks for a page gets index.html so deep links such as /reader/12 survive a refresh. A library page's text is
 * painted into it by the server, with a member's levels asked for beside it (first-paint.ts), and `/` and reader pages name the code they will need
 * (preload-hints.ts).
 */
export async function registerSpa(app: FastifyInstance, staticDir: string, shell: string | null) {
  const hasBuild = shell !== null;
  const hints = shell ? preloadHints(readViteManifest(staticDir), shell) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
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
    reply.header('Cache-Control', 'no-cache').type('text/html');
    // A first paint is one more convenience: a database fault leaves the page to the app, which reports it.
    const firstPaint = shell.includes(FIRST_PAINT_MARK)
      ? await readerFirstPaint(app.deps.db, request.url).catch((error: unknown) => {
          request.log.warn({ err: error }, 'first paint skipped');
          return null;
        })
      : null;
    const links = hints?.(request.url, request.headers['accept-language']) ?? '';
    if (!firstPaint && !links) return reply.sendFile('index.html');
    // A member's levels are asked for at the very top of the head, before the parser meets anything else; the app
    // starts once the text shows.
    const page = firstPaint
      ? withHeadStart(withEntryHeld(shell.replace(FIRST_PAINT_MARK, () => firstPaint.body)), firstPaint.head)
      : shell;
    if (!links) return reply.send(page);
    // The catalog named depends on the browser's languages: a cache in between keeps one page per Accept-Language.
    return reply.header('Vary', 'Accept-Language').send(withHeadLinks(page, links));
  });
}

/**
 * Puts `links` in the page's head before its first script (or its preload) or stylesheet loaded from a file: an inline script after a
 * stylesheet waits for it to load, and the requests asked for here (the page's data) should go out first. Without
 * either, at the head's end.
 */
export function withHeadLinks(page: string, links: string): string {
  const head = page.indexOf('</head>');
  const first = page.search(/<link rel="stylesheet"|<link rel="modulepreload"|<script type="module"/);
  const at = first !== -1 && first < head ? first : head;
  return at === -1 ? page : page.slice(0, at) + links + page.slice(at);
}

/** Puts `tags` first in the page's head, after its `<meta charset>` (which must come within its first bytes). */
export function withHeadStart(page: string, tags: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(page);
  const at = charset ? charset.index + charset[0].length : page.indexOf('<head>') + '<head>'.length;
  return at < '<head>'.length ? page : page.slice(0, at) + tags + page.slice(at);
}
