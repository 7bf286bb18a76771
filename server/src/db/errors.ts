import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * What the log keeps of an unexpected error: its kind, the database's error code and message, never the query's
 * parameters (a failed insert's would be a learner's email and password hash) and never the statement.
 */
export function loggableError(error: unknown): { type: string; code?: string; message: string } {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: unknown } | undefined)?.code;
    return {
      type: cause?.name ?? 'DrizzleQueryError',
      ...(typeof code === 'string' ? { code } : {}),
      message: cause?.message ?? 'The database refused a query',
    };
  }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { type: error.name, ...(typeof code === 'string' ? { code } : {}), message: error.message };
  }
  return { type: typeof error, message: String(error) };
}

/** Error codes of the database driver and of PostgreSQL that mean "not reachable now", not "a bad query". */
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
]);
const unavailableMessages =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection ended|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end/i;

/**
 * True when an error (or one of its causes) says the database is unreachable, restarting, or did not answer in
 * time: connection exceptions (class 08), operator interventions (57P: terminated, shutting down, starting up),
 * timeouts and refused connections. Such a request is answered 503, and the next one may succeed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08') || code.startsWith('57P'))) {
      return true;
    }
    if (unavailableMessages.test(current.message)) return true;
  }
  return false;
}
