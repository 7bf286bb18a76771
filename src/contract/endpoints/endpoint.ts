import type { z } from 'zod/mini';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API. `path` uses `:name` segments, the syntax the server's router reads too.
 * `auth: 'required'` calls need `Authorization: Bearer <token>`; `admin` ones also an admin's (403 otherwise);
 * `optional` ones send whatever token is stored.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  auth: 'required' | 'admin' | 'optional';
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  details: z.ZodMiniType;
};

export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}
