import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { progressJson } from '../db/queries/progress.ts';
import { dayIn } from '../services/streak.ts';
import { RawJsonDetails, registerEndpoint } from './endpoint.ts';

export async function progressRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.progress, async ({ auth, params, now, timeZone }) => {
    const json = await progressJson(db, auth.user.id, params.targetLang, dayIn(timeZone, now));
    return new RawJsonDetails(json);
  });
}
