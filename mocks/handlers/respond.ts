import { type HttpHandler, HttpResponse, http, type PathParams } from 'msw';
import type { z } from 'zod/mini';
import { API_BASE } from '@/contract/endpoints';
import type { Endpoint } from '@/contract/endpoints/endpoint';
import type { ErrorCode, ErrorDetail, ErrorEnvelope } from '@/contract/envelope';
import { validationCodeOf } from '@/contract/validation';
import { findUserByToken, type MockUser } from '../db';

type Envelope<T> = { message: string; status: number; details: T };
export type ErrorResponse = HttpResponse<ErrorEnvelope>;

const statusMessages: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
};

export function ok<T>(details: T, message?: string): HttpResponse<Envelope<T>> {
  return HttpResponse.json({ message: message ?? 'success', status: 200, details });
}

function errorResponse(status: number, details: ErrorDetail[]): ErrorResponse {
  return HttpResponse.json({ message: statusMessages[status] ?? 'Error', status, details }, { status });
}

export function fail(status: number, code: ErrorCode, error: string, field?: string): ErrorResponse {
  return errorResponse(status, [field ? { error, code, field } : { error, code }]);
}

/** The word limit refused several words at once: how many more it has room for goes with it. */
export function wordLimitFor(room: number): ErrorResponse {
  return errorResponse(403, [{ error: "You've Reached Your Word Limit", code: 'word_limit', room }]);
}

function invalid(error: z.core.$ZodError): ErrorResponse {
  return errorResponse(
    400,
    error.issues.map((issue) => {
      const field = issue.path.map(String).join('.');
      const code = validationCodeOf(issue.message) ?? 'invalid_input';
      return field ? { error: issue.message, code, field } : { error: issue.message, code };
    }),
  );
}

/** The request body parsed with a contract schema, or the 400 envelope the server would send. */
export async function parseBody<S extends z.ZodMiniType>(
  request: Request,
  schema: S,
): Promise<z.output<S> | ErrorResponse> {
  let raw: unknown;
  try {
    raw = await request.json();
  } catch {
    return fail(400, 'invalid_json', 'The request body is not valid JSON');
  }
  const result = schema.safeParse(raw);
  return result.success ? result.data : invalid(result.error);
}

/** The path parameters parsed with the endpoint's schema, or a 400 envelope. */
/** A request's query parameters, as an object for `parseParams`. */
export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

export function parseParams<S extends z.ZodMiniType>(params: PathParams, schema: S): z.output<S> | ErrorResponse {
  const result = schema.safeParse(params);
  return result.success ? result.data : invalid(result.error);
}

/** The learner whose token the request carries, or the 401 envelope. */
export function requireUser(request: Request): MockUser | ErrorResponse {
  const token = request.headers.get('Authorization')?.match(/^Bearer (.+)$/)?.[1];
  const user = token ? findUserByToken(token) : undefined;
  return user ?? fail(401, 'unauthorized', 'Unauthorized');
}

type Resolver = (info: { request: Request; params: PathParams }) => Response | Promise<Response>;

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/**
 * A handler for one call of the contract. The leading `*` matches any origin, so the same handlers serve the
 * browser worker (same origin) and Node tests that fetch an absolute URL.
 */
export function route(endpoint: Endpoint, resolver: Resolver): HttpHandler {
  return methods[endpoint.method](`*${API_BASE}${endpoint.path}`, ({ request, params }) =>
    resolver({ request, params }),
  );
}

/**
 * A multipart body's fields and its `file` part's bytes as sent (for files whose encoding is checked, not assumed),
 * read by hand: the platform's formData() builds its File with the global File, which a test environment (jsdom) may
 * have replaced with one the parser does not know. The body is decoded as windows-1252, one character a byte, so the
 * parts' offsets are the bytes' offsets. Null when the body is not multipart.
 */
export async function readMultipartBytes(
  request: Request,
): Promise<{ fields: Record<string, string>; file?: { name: string; bytes: Uint8Array } } | null> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers.get('content-type') ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const bytes = new Uint8Array(await request.arrayBuffer());
  const text = new TextDecoder('windows-1252').decode(bytes);
  const result: { fields: Record<string, string>; file?: { name: string; bytes: Uint8Array } } = { fields: {} };
  let at = text.indexOf(`--${marker}`);
  while (at !== -1) {
    const next = text.indexOf(`\r\n--${marker}`, at + marker.length + 2);
    const part = text.slice(at + marker.length + 2, next === -1 ? text.length : next);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = part.slice(0, split);
      const name = /name="([^"]*)"/.exec(head)?.[1];
      const start = at + marker.length + 2 + split + 4;
      const end = next === -1 ? text.length : next;
      if (name === 'file')
        result.file = { name: /filename="([^"]*)"/.exec(head)?.[1] ?? '', bytes: bytes.slice(start, end) };
      else if (name) result.fields[name] = new TextDecoder().decode(bytes.slice(start, end));
    }
    at = next === -1 ? -1 : next + 2;
  }
  return result;
}

/** The same, the file as UTF-8 text. */
export async function readMultipart(
  request: Request,
): Promise<{ fields: Record<string, string>; file?: { name: string; text: string } } | null> {
  const form = await readMultipartBytes(request);
  if (!form) return null;
  const { fields, file } = form;
  return file ? { fields, file: { name: file.name, text: new TextDecoder().decode(file.bytes) } } : { fields };
}
