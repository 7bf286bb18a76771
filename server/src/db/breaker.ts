/** Codes of a database that cannot be reached at all (refused, no route, no such host or socket, starting up). */
const downCodes = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOENT',
]);
const STARTING_UP = '57P03';
/** pg's and pg-pool's words for a connection, a wait for one, or a query that got no answer in time. */
const noAnswer = /timeout exceeded when trying to connect|connection timeout|timeout expired|Query read timeout/i;

/**
 * True when an error says the database is down or silent: a connect, pool or query timeout, a refused or unroutable
 * connection. A connection that breaks (terminated, reset) is not: the database may be fine and the next connection
 * work, so it fails only its own request.
 */
export function meansDatabaseDown(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (downCodes.has(code) || code === STARTING_UP)) return true;
    if (noAnswer.test(current.message)) return true;
  }
  return false;
}

/**
 * What a request gets while the breaker is open. Its code is SQLSTATE 08001 (the client cannot establish a
 * connection), so it is answered like any unreachable database: 503 `unavailable` with Retry-After.
 */
export class DatabaseUnavailableError extends Error {
  readonly code = '08001';
  constructor(cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`The database is not answering (${why}); refusing at once until it does`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

export type BreakerOptions = {
  /** One round trip on a fresh connection; resolves when the database answered. */
  probe: () => Promise<void>;
  /** Pause between a failed probe and the next. */
  retryMs: number;
};

/**
 * A circuit breaker in front of the database. Closed, everything passes. The first timeout or refused connection
 * opens it: from then on every acquire and query fails at once with DatabaseUnavailableError (503) instead of each
 * request waiting out its own timeouts behind the others, and requests already waiting for a connection are failed
 * too. While open it probes the database with a fresh connection, pausing `retryMs` after each failed probe, and
 * closes at the first answer.
 *
 * Failures of operations begun before the breaker last closed do not open it again: the probe has since shown the
 * database answering, and such a connection (held in a black hole, say) is discarded by the pool anyway.
 */
export class DatabaseBreaker {
  readonly #options: BreakerOptions;
  #openedBy: Error | undefined;
  #generation = 0;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;
  readonly #onOpen = new Set<(refusal: DatabaseUnavailableError) => void>();

  constructor(options: BreakerOptions) {
    this.#options = options;
  }

  get isOpen(): boolean {
    return this.#openedBy !== undefined;
  }

  /** Counts the closings: an operation notes it when it begins and hands it back with its failure. */
  get generation(): number {
    return this.#generation;
  }

  /** The error to fail with at once while open; undefined while closed. */
  refusal(): DatabaseUnavailableError | undefined {
    return this.#openedBy ? new DatabaseUnavailableError(this.#openedBy) : undefined;
  }

  /** Calls `listener` once if the breaker opens before the returned function is called. */
  whenOpened(listener: (refusal: DatabaseUnavailableError) => void): () => void {
    this.#onOpen.add(listener);
    return () => this.#onOpen.delete(listener);
  }

  /** An operation begun at `generation` failed: opens the breaker when the error says the database is down. */
  failed(error: unknown, generation: number): void {
    if (this.#stopped || this.#openedBy || generation !== this.#generation || !meansDatabaseDown(error)) return;
    this.#openedBy = error instanceof Error ? error : new Error(String(error));
    const listeners = [...this.#onOpen];
    this.#onOpen.clear();
    for (const listener of listeners) listener(new DatabaseUnavailableError(this.#openedBy));
    void this.#probe();
  }

  /** No more probes (the pool is ending). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#retry);
  }

  async #probe(): Promise<void> {
    try {
      await this.#options.probe();
    } catch {
      if (this.#stopped) return;
      this.#retry = setTimeout(() => void this.#probe(), this.#options.retryMs);
      this.#retry.unref();
      return;
    }
    this.#openedBy = undefined;
    this.#generation++;
  }
}
