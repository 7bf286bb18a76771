import type { FastifyInstance } from 'fastify';
import { coverageOf, idsOf, newWordsCoverage } from '#contract/coverage.ts';
import { endpoints } from '#contract/endpoints.ts';
import { textCoverageCounts, textNewWords, videoCoverageCounts } from '../db/queries/coverage.ts';
import { apiError } from '../http/errors.ts';
import { registerEndpoint } from './endpoint.ts';

/** Each id's counts in the order asked, or a 404 when one of them is not the learner's to read. */
function inOrder<Id, Row extends { id: Id }>(ids: readonly Id[], rows: readonly Row[], missing: string): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw apiError(404, 'not_found', missing);
    return row;
  });
}

export async function coverageRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.textCoverage, async ({ auth, params, query }) => {
    const ids = idsOf(query.ids).map(Number);
    const rows = await textCoverageCounts(db, { ids, language: params.targetLang, viewer: auth.user });
    return inOrder(ids, rows, 'This text does not exist').map(({ id, ...counts }) => ({ id, ...coverageOf(counts) }));
  });

  registerEndpoint(app, endpoints.videoCoverage, async ({ auth, params, query }) => {
    const ids = idsOf(query.ids);
    const rows = await videoCoverageCounts(db, { ids, language: params.targetLang, userId: auth.user.id });
    return inOrder(ids, rows, 'This video does not exist').map(({ id, ...counts }) => ({
      videoId: id,
      ...coverageOf(counts),
    }));
  });

  registerEndpoint(app, endpoints.textNewWords, async ({ auth, params }) => {
    const found = await textNewWords(db, {
      contentId: params.contentId,
      language: params.targetLang,
      viewer: auth.user,
    });
    if (!found) throw apiError(404, 'not_found', 'This text does not exist');
    const { words, ...counts } = found;
    return { coverage: coverageOf(counts), words: newWordsCoverage(counts, words) };
  });
}
