import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { listUserPages, saveUserPage } from '../db/queries/user-pages.ts';
import { apiError } from '../http/errors.ts';
import { dayIn, learnerBalances } from '../services/streak.ts';
import { registerEndpoint } from './endpoint.ts';

export async function userPageRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.userPages, ({ auth, params }) => listUserPages(db, auth.user.id, params.targetLang));

  registerEndpoint(app, endpoints.saveUserPage, async ({ auth, body, now, timeZone }) => {
    const saved = await saveUserPage(db, auth.user.id, body, { now, learningDay: dayIn(timeZone, now) });
    if (!saved) throw apiError(404, 'not_found', 'This page does not exist');
    return { ...body, balances: await learnerBalances(db, auth.user.id, saved, timeZone, now) };
  });
}
