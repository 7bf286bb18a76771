import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { findReaderJson, listCategories } from '../db/queries/content.ts';
import { apiError } from '../http/errors.ts';
import { RawJsonDetails, registerEndpoint } from './endpoint.ts';

export async function contentRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.categories, ({ params }) => listCategories(db, params.targetLang));

  registerEndpoint(app, endpoints.reader, async ({ params, auth }) => {
    const reader = await findReaderJson(db, {
      viewer: auth?.user,
      language: params.targetLang,
      contentId: params.contentId,
      pageId: params.pageId,
    });
    if (reader === undefined) throw apiError(404, 'not_found', 'This page does not exist');
    return new RawJsonDetails(reader);
  });
}
