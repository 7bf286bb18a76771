import type { ErrorCode, ErrorDetail, ErrorEnvelope } from '#contract/envelope.ts';

const messages: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error a handler throws on purpose; the error handler turns it into the API envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;

  constructor(status: number, details: ErrorDetail[], headers: Record<string, string> = {}) {
    super(details[0]?.error ?? messages[status] ?? 'Error');
    this.status = status;
    this.details = details;
    this.headers = headers;
  }
}

export function apiError(status: number, code: ErrorCode, error: string, field?: string): ApiError {
  return new ApiError(status, [field ? { error, code, field } : { error, code }]);
}

export function errorEnvelope(status: number, details: ErrorDetail[]): ErrorEnvelope {
  return { message: messages[status] ?? 'Error', status, details };
}

/** The answer while the database cannot be reached or does not answer in time: the next try may succeed. */
export function unavailableError(): ApiError {
  return new ApiError(
    503,
    [{ error: 'Folio is briefly unavailable, please try again in a moment', code: 'unavailable' }],
    {
      'retry-after': '5',
    },
  );
}
