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
  /**
   * `file`: a success is a file (its `Content-Type` and `Content-Disposition` say which), not the envelope, and
   * `details` is `z.never()`; a failure is still the envelope.
   */
  answers?: 'file';
};

/** What an endpoint answers in its envelope's `details`. */
export type EndpointDetails<E extends Endpoint> = z.infer<E['details']>;
/** What an endpoint's body accepts; `never` for the calls without one. */
export type EndpointBody<E extends Endpoint> = E extends { body: infer B extends z.ZodMiniType } ? z.input<B> : never;
export type EndpointParams<E extends Endpoint> = E extends { params: infer P extends z.ZodMiniType }
  ? z.input<P>
  : never;

export function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}
