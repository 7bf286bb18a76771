import { z } from 'zod/mini';
import { userSchema } from '../entities.ts';
import { loginRequestSchema, signupRequestSchema } from '../validation.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

export const accountEndpoints = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    auth: 'optional',
    body: loginRequestSchema,
    details: userSchema,
  }),
  signup: endpoint({
    method: 'POST',
    path: '/signup',
    auth: 'optional',
    body: signupRequestSchema,
    details: userSchema,
  }),
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
