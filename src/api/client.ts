import ky, { isHTTPError } from 'ky';
import type { Endpoint, EndpointBody, EndpointDetails } from '@/contract/endpoints/endpoint';
import {
  DONE_MESSAGE,
  envelopeSchema,
  type ReceivedErrorDetail,
  receivedErrorEnvelopeSchema,
} from '@/contract/envelope';
import { API_BASE, pathOf, TIME_ZONE_HEADER } from '@/contract/request';
import { browserTimeZone } from '@/lib/time-zone';
import { takePreloaded } from './preloaded';
import { readStoredToken } from './session';

/** A failed call: the server's envelope details when it sent them, else none (network, invalid response). */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly details: ReceivedErrorDetail[];
  readonly serverMessage: string | undefined;

  constructor(status: number, details: ReceivedErrorDetail[] = [], serverMessage?: string) {
    super(details[0]?.error ?? serverMessage ?? 'An error occurred');
    this.name = 'ApiRequestError';
    this.status = status;
    this.details = details;
    this.serverMessage = serverMessage;
  }
}

let onMissingToken: () => void = () => {};

/** The app registers what happens when a call needs login and no token is stored: the user is logged out. */
export function setMissingTokenHandler(handler: () => void): void {
  onMissingToken = handler;
}

const timeZone = browserTimeZone();

const http = ky.create({
  prefix: API_BASE,
  baseUrl: globalThis.location?.origin,
  retry: 0,
  timeout: 30_000,
});

type CallOptions<E extends Endpoint> = {
  params?: Record<string, string | number>;
  /** The call's query string (its contract `query`). */
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** A save that must outlive the page (a reload or a closed tab right after it): fetch's `keepalive`. */
  keepalive?: boolean;
} & ([EndpointBody<E>] extends [never]
  ? { body?: never /** For the calls that take a file (multipart). */; formData?: FormData }
  : { body: EndpointBody<E>; formData?: never });

export type CallResult<E extends Endpoint> = { message: string; details: EndpointDetails<E> };

/** One call of the contract as ky sends it (its path filled, the token and the time zone sent), not yet sent. */
function requestOf<E extends Endpoint>(endpoint: E, options: CallOptions<E>) {
  const token = readStoredToken();
  if (endpoint.auth !== 'optional' && !token) {
    onMissingToken();
    throw new ApiRequestError(401);
  }
  const path = pathOf(endpoint.path, options.params);
  const send = () =>
    http(path.replace(/^\//, ''), {
      method: endpoint.method,
      ...(options.formData ? { body: options.formData } : { json: options.body }),
      ...(options.query && Object.keys(options.query).length ? { searchParams: options.query } : {}),
      signal: options.signal,
      keepalive: options.keepalive,
      headers: { [TIME_ZONE_HEADER]: timeZone, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  return { path, send };
}

/** What a failed call throws: the server's refusal with its envelope's details, an abort as it is, else a lost call. */
function callError(error: unknown): unknown {
  if (isHTTPError(error)) {
    const envelope = receivedErrorEnvelopeSchema.safeParse(error.data);
    if (envelope.success)
      return new ApiRequestError(error.response.status, envelope.data.details, envelope.data.message);
    return new ApiRequestError(error.response.status);
  }
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new ApiRequestError(0);
}

/**
 * Calls one endpoint of the contract, imported from its resource's file (`wordEndpoints.saveUserWord`) so the entry
 * carries only the resources its screens call, and parses the answer with its schema; anything else is an error.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {} as CallOptions<E>,
): Promise<CallResult<E>> {
  const { path, send } = requestOf(endpoint, options);
  const request = () => send().json();
  // A refused or failed preload is asked again, so its error is the server's answer to the app.
  const preloaded = endpoint.method === 'GET' ? takePreloaded(API_BASE + path, options.query) : undefined;
  let raw: unknown;
  try {
    raw = await (preloaded ? preloaded.catch(request) : request());
  } catch (error) {
    throw callError(error);
  }
  const parsed = envelopeSchema(endpoint.details).safeParse(raw);
  if (!parsed.success) {
    console.error(`Invalid response from ${endpoint.method} ${endpoint.path}`, parsed.error);
    throw new ApiRequestError(0);
  }
  return { message: parsed.data.message, details: parsed.data.details as EndpointDetails<E> };
}

/**
 * Calls an endpoint whose answer is a file (`answers: 'file'`): its bytes and the name the server gave it; a refusal
 * is an error as any call's.
 */
export async function fetchFile<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E>,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  try {
    const response = await requestOf(endpoint, options).send();
    const disposition = response.headers.get('content-disposition') ?? '';
    return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] };
  } catch (error) {
    throw callError(error);
  }
}

/** Most calls only need the payload. */
export async function fetchDetails<E extends Endpoint>(
  endpoint: E,
  options?: CallOptions<E>,
): Promise<EndpointDetails<E>> {
  return (await callEndpoint(endpoint, options)).details;
}

export function isDone(result: { message: string }): boolean {
  return result.message === DONE_MESSAGE;
}
