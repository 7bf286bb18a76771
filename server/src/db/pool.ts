import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DatabaseBreaker } from './breaker.ts';
import { preparingClient, type StatementSessions } from './prepared-statements.ts';
import type { Db } from './types.ts';
import './safe-transactions.ts';

/**
 * Connecting (and waiting for one of the pool's connections), and each query, give up after these: a database that
 * stops answering gives 503s within them, not hangs.
 */
export type DatabaseTimeouts = { connectMs: number; queryMs: number };

export const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 5_000, queryMs: 10_000 };

export type PoolOptions = {
  poolSize: number;
  timeouts?: DatabaseTimeouts | undefined;
  /** PostgreSQL also cancels a statement past the query timeout itself; PGlite has no statement timer. */
  statementTimeout: boolean;
  /** PostgreSQL's sessions run without JIT compiling (PGlite has none). */
  withoutJit?: boolean;
  /**
   * How statements are prepared (see preparingClient): in each connection's session (PostgreSQL), in the one session
   * behind every connection (the embedded database), or not at all (a short visit to another process's database).
   */
  statements: StatementSessions | 'unprepared';
  /** Reported, never thrown: a broken connection must not end the process. */
  onError: (error: Error) => void;
};

/** The longest pause between two probes of a database the breaker found down. */
const PROBE_INTERVAL_MS = 1_000;

/**
 * The app's connection pool. Every client gets an error listener for its whole life: pg emits 'error' on a client
 * whose connection breaks, and one checked out of the pool (inside `db.transaction`) has no listener of the
 * pool's, so a terminated connection used to kill the process. The request in flight fails (503 `unavailable`,
 * see the error handler), the broken client is discarded, and the next request gets a fresh connection.
 *
 * A database that does not answer at all (a timeout, a refused connection) opens the pool's breaker
 * (breaker.ts): every request then fails at once until a probe gets an answer, so none waits behind the others.
 */
export function createPool(connectionString: string, options: PoolOptions): { pool: pg.Pool; db: Db } {
  const timeouts = options.timeouts ?? defaultDatabaseTimeouts;
  const connection = {
    connectionString,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    application_name: 'folio',
  };
  const breaker = new DatabaseBreaker({
    probe: () => probe(connection),
    retryMs: Math.min(PROBE_INTERVAL_MS, timeouts.connectMs),
  });
  const pool = new GuardedPool(
    {
      ...connection,
      max: options.poolSize,
      Client: guardedClient(
        options.statements === 'unprepared' ? pg.Client : preparingClient(options.statements),
        breaker,
      ),
      ...(options.statementTimeout ? { statement_timeout: timeouts.queryMs } : {}),
      // No JIT compiling: the app's statements are short, and PostgreSQL compiles only where a plan's estimate runs
      // high, which then costs hundreds of milliseconds per call (decision 0042).
      ...(options.withoutJit ? { options: '-c jit=off' } : {}),
      keepAlive: true,
    },
    breaker,
  );
  pool.on('error', options.onError);
  pool.on('connect', (client) => {
    client.on('error', options.onError);
  });
  return { pool, db: drizzle({ client: pool }) };
}

type AcquireCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * pg's pool with the breaker in front: while it is open `connect` (and so `query`) fails at once, and callers
 * still waiting for a connection when it opens are failed then. pg-pool itself bounds the wait for a connection by
 * the connect timeout; a wait or connect that times out opens the breaker.
 */
class GuardedPool extends pg.Pool {
  readonly #breaker: DatabaseBreaker;

  constructor(config: pg.PoolConfig, breaker: DatabaseBreaker) {
    super(config);
    this.#breaker = breaker;
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: AcquireCallback): void;
  override connect(callback?: AcquireCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      this.#acquire(callback);
      return undefined;
    }
    return new Promise((resolve, reject) => {
      this.#acquire((error, client) => (client ? resolve(client) : reject(error)));
    });
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | undefined {
    this.#breaker.stop();
    if (!callback) return super.end();
    super.end(callback);
    return undefined;
  }

  /** pg-pool's callback form throughout: `query` (every statement outside a transaction) acquires this way. */
  #acquire(callback: AcquireCallback): void {
    const refusal = this.#breaker.refusal();
    if (refusal) {
      process.nextTick(callback, refusal, undefined, noRelease);
      return;
    }
    const generation = this.#breaker.generation;
    let refused = false;
    const forget = this.#breaker.whenOpened((refusal) => {
      refused = true;
      callback(refusal, undefined, noRelease);
    });
    super.connect((error, client, release) => {
      forget();
      if (refused) {
        if (client) release();
        return;
      }
      if (error) this.#breaker.failed(error, generation);
      callback(error, client, release);
    });
  }
}

const noRelease = () => {};

type QueryFunction = (...args: unknown[]) => unknown;

/**
 * A client class whose queries report to the breaker: each fails at once while it is open (a transaction's
 * `rollback` behind a query that got no answer, too), and one that times out opens it.
 */
function guardedClient(Base: typeof pg.Client, breaker: DatabaseBreaker): typeof pg.Client {
  return class GuardedClient extends Base {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const query = this.query as QueryFunction;
      // pg's overloads all take the query first and a callback, if any, last; a stream (submit) reports itself.
      this.query = ((...args: unknown[]) => {
        const submittable = typeof (args[0] as { submit?: unknown } | null)?.submit === 'function';
        if (submittable) return query.apply(this, args);
        const callback = args.at(-1);
        const refusal = breaker.refusal();
        if (refusal) {
          if (typeof callback !== 'function') return Promise.reject(refusal);
          process.nextTick(callback, refusal);
          return undefined;
        }
        const generation = breaker.generation;
        if (typeof callback === 'function') {
          args[args.length - 1] = (error: unknown, ...answer: unknown[]) => {
            if (error) breaker.failed(error, generation);
            return callback(error, ...answer);
          };
          return query.apply(this, args);
        }
        const answer = query.apply(this, args) as Promise<unknown>;
        answer.catch((error: unknown) => breaker.failed(error, generation));
        return answer;
      }) as pg.Client['query'];
    }
  };
}

/** One round trip on a fresh connection, within the pool's timeouts. */
async function probe(connection: pg.ClientConfig): Promise<void> {
  const client = new pg.Client(connection);
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    // Not awaited: ending a connection the database does not answer on could wait for the network.
    client.end().catch(() => {});
  }
}
