import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { login, logout, refreshAccount, signup, wireUser } from '../services/accounts.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { registerEndpoint } from './endpoint.ts';

export async function accountRoutes(app: FastifyInstance) {
  const { db, accounts } = app.deps;

  registerEndpoint(app, endpoints.signup, async ({ body, request, now, timeZone }) => {
    await enforceRateLimit(db, accounts.rateLimits.signupPerIp, request.ip, now);
    const { user, token } = await signup(db, accounts, now, body, { ip: request.ip, timeZone });
    return wireUser(db, user, token, timeZone, now);
  });

  registerEndpoint(app, endpoints.login, async ({ body, request, auth, now, timeZone }) => {
    const context = { ip: request.ip, timeZone, sessionUserId: auth?.user.id };
    const { user, token } = await login(db, accounts, now, body, context);
    return wireUser(db, user, token, timeZone, now);
  });

  registerEndpoint(app, endpoints.refresh, async ({ auth, now, timeZone }) => {
    const user = await refreshAccount(db, auth.user.id, now, timeZone);
    return wireUser(db, user, auth.token, timeZone, now);
  });

  registerEndpoint(app, endpoints.logout, async ({ auth, now }) => {
    await logout(db, auth, now);
    return null;
  });
}
