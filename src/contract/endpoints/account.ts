import { z } from 'zod/mini';
import { userSchema } from '../entities.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/** The session's other calls (logging in and signing up are `auth.ts`'s). */
export const accountEndpoints = {
  refresh: endpoint({
    method: 'POST',
    path: '/refresh',
    auth: 'required',
    details: userSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    auth: 'required',
    details: z.null(),
  }),
} as const satisfies Record<string, Endpoint>;
