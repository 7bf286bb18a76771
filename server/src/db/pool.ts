import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.ts';
import { preparingClient, type StatementSessions } from './prepared-statements.ts';
import './safe-transactions.ts';

/** Connecting, and each query, give up after these: a database that stops answering gives fast 503s, not hangs. */
export type DatabaseTimeouts = { connectMs: number; queryMs: number };

export const defaultDatabaseTimeouts: DatabaseTimeouts = { connectMs: 5_000, queryMs: 10_000 };

export type PoolOptions = {
  poolSize: number;
  timeouts?: DatabaseTimeouts | undefined;
  /** PostgreSQL also cancels a statement past the query timeout itself; PGlite has no statement timer. */
  statementTimeout: boolean;
  /**
   * How statements are prepared (see preparingClient): in each connection's session (PostgreSQL), in the one session
   * behind every connection (the embedded database), or not at all (a short visit to another process's database).
   */
  statements: StatementSessions | 'unprepared';
  /** Reported, never thrown: a broken connection must not end the process. */
  onError: (error: Error) => void;
};

/**
 * The app's connection pool. Every client gets an error listener for its whole life: pg emits 'error' on a client
 * whose connection breaks, and one checked out of the pool (inside `db.transaction`) has no listener of the
 * pool's, so a terminated connection used to kill the process. The request in flight fails (503 `unavailable`,
 * see the error handler), the broken client is discarded, and the next request gets a fresh connection.
 */
export function createPool(connectionString: string, options: PoolOptions): { pool: pg.Pool; db: Db } {
  const timeouts = options.timeouts ?? defaultDatabaseTimeouts;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize,
    ...(options.statements === 'unprepared' ? {} : { Client: preparingClient(options.statements) }),
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    ...(options.statementTimeout ? { statement_timeout: timeouts.queryMs } : {}),
    keepAlive: true,
    application_name: 'folio',
  });
  pool.on('error', options.onError);
  pool.on('connect', (client) => {
    client.on('error', options.onError);
  });
  return { pool, db: drizzle({ client: pool }) };
}
