import { userSchema } from '../entities.ts';
import { loginRequestSchema, signupRequestSchema } from '../validation.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

/**
 * Logging in and signing up: apart from the rest of the account's calls so that their forms' validation travels with
 * the login and signup screens, not in the first load of every other screen.
 */
export const authEndpoints = {
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
} as const satisfies Record<string, Endpoint>;
