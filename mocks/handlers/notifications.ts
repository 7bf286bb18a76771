import { endpoints } from '@/contract/endpoints';
import { notificationsOf } from '../db';
import { fail, ok, parseBody, requireUser, route } from './respond';

export const notificationHandlers = [
  route(endpoints.notifications, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const newestFirst = [...notificationsOf(user)].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    return ok(newestFirst);
  }),

  route(endpoints.readNotification, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.readNotification.body);
    if (body instanceof Response) return body;
    const notification = notificationsOf(user).find((item) => item.id === body.id);
    if (!notification) return fail(404, 'not_found', 'This notification does not exist');
    notification.isRead = true;
    return ok(notification);
  }),
];
