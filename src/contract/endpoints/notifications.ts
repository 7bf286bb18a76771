import { z } from 'zod/mini';
import { notificationSchema } from '../entities.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

export const notificationEndpoints = {
  notifications: endpoint({
    method: 'GET',
    path: '/notifications',
    auth: 'required',
    details: z.array(notificationSchema),
  }),
  readNotification: endpoint({
    method: 'POST',
    path: '/notification/read',
    auth: 'required',
    body: notificationSchema,
    details: notificationSchema,
  }),
} as const satisfies Record<string, Endpoint>;
