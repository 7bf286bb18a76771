import { rewards } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import { createUser, findUserByEmail, findUserByUsername, type MockUser, nextId, toUser } from '../db';
import { fail, ok, parseBody, requireUser, route } from './respond';

const DAY_MS = 24 * 60 * 60 * 1000;

/** As the server does: once refreshAt has passed, the limit grows by the streak reward and refreshAt moves a day on. */
function applyDailyReward(user: MockUser, now: Date): void {
  if (Date.parse(user.refreshAt) > now.getTime()) return;
  const proActive = user.pro.endDate !== null && Date.parse(user.pro.endDate) > now.getTime();
  const days = user.streak.length;
  user.wordLimit += proActive
    ? days * rewards.proWordsPerStreakDay
    : Math.min(days * rewards.wordsPerStreakDay, rewards.freeMaxWordsPerStreakDay);
  user.refreshAt = new Date(now.getTime() + DAY_MS).toISOString();
}

export const accountHandlers = [
  route(endpoints.login, async ({ request }) => {
    const body = await parseBody(request, endpoints.login.body);
    if (body instanceof Response) return body;
    const user = findUserByEmail(body.email);
    if (!user || user.password !== body.password) {
      return fail(401, 'invalid_credentials', 'Email or password is incorrect');
    }
    return ok(toUser(user));
  }),

  route(endpoints.signup, async ({ request }) => {
    const body = await parseBody(request, endpoints.signup.body);
    if (body instanceof Response) return body;
    if (findUserByEmail(body.email)) {
      return fail(409, 'email_taken', 'An account with this email already exists', 'email');
    }
    if (findUserByUsername(body.username)) {
      return fail(409, 'username_taken', 'This username is taken', 'username');
    }
    return ok(toUser(createUser(body)));
  }),

  route(endpoints.logout, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    // As the server revokes the session: the token is refused from now on, the next login answers a new one.
    user.token = `mock-token-${nextId()}`;
    return ok(null);
  }),

  route(endpoints.refresh, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    applyDailyReward(user, new Date());
    return ok(toUser(user));
  }),
];
