import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { listNotifications, markNotificationRead } from '../db/queries/notifications.ts';
import { apiError } from '../http/errors.ts';
import { registerEndpoint } from './endpoint.ts';

export async function notificationRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.notifications, ({ auth }) => listNotifications(db, auth.user.id));

  registerEndpoint(app, endpoints.readNotification, async ({ auth, body }) => {
    const notification = await markNotificationRead(db, auth.user.id, body.id);
    if (!notification) throw apiError(404, 'not_found', 'This notification does not exist');
    return notification;
  });
}
