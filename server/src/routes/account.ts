import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { toWireUser } from '../db/queries/account.ts';
import { login, logout, refreshAccount, signup } from '../services/accounts.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { readStreak } from '../services/streak.ts';
import { registerEndpoint } from './endpoint.ts';

export async function accountRoutes(app: FastifyInstance) {
  const { db, accounts } = app.deps;

  registerEndpoint(app, endpoints.signup, async ({ body, request, now, timeZone }) => {
    await enforceRateLimit(db, accounts.rateLimits.signupPerIp, request.ip, now);
    const { user, token } = await signup(db, accounts, now, body, { ip: request.ip, timeZone });
    return toWireUser(user, token, await readStreak(db, user.id, timeZone, now));
  });

  registerEndpoint(app, endpoints.login, async ({ body, request, auth, now, timeZone }) => {
    const context = { ip: request.ip, timeZone, sessionUserId: auth?.user.id };
    const { user, token } = await login(db, accounts, now, body, context);
    return toWireUser(user, token, await readStreak(db, user.id, timeZone, now));
  });

  registerEndpoint(app, endpoints.refresh, async ({ auth, now, timeZone }) => {
    const user = await refreshAccount(db, auth.user.id, now, timeZone);
    return toWireUser(user, auth.token, await readStreak(db, user.id, timeZone, now));
  });

  registerEndpoint(app, endpoints.logout, async ({ auth, now }) => {
    await logout(db, auth, now);
    return null;
  });
}
