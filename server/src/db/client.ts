import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { keepExtendedQueriesTogether } from './pglite-batches.ts';

/** A database or an open transaction: query functions accept either. */
export type Db = PgDatabase<NodePgQueryResultHKT>;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** A URL other clients (pg-boss) can connect with: PostgreSQL's, or the embedded database's loopback socket. */
  connectionString: string;
  embedded: boolean;
  close: () => Promise<void>;
};

type DatabaseOptions = {
  /** PostgreSQL to use; when absent an embedded PGlite is started. */
  databaseUrl?: string | undefined;
  /** Where the embedded database keeps its files; in memory when absent. */
  dataDir?: string | undefined;
  poolSize: number;
  /** An idle connection broke (the database restarted, a test dropped its database): report, do not crash. */
  onConnectionError?: (error: Error) => void;
};

/**
 * One driver for both modes: the embedded PGlite is served on a loopback port by pglite-socket, whose
 * multiplexer runs one connection's transaction (and, with keepExtendedQueriesTogether, one extended-protocol
 * exchange) at a time, so the app, pg-boss and tests talk to it exactly as they talk to PostgreSQL.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onError = options.onConnectionError ?? (() => {});
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
    pool.on('error', onError);
    return {
      db: drizzle({ client: pool }),
      pool,
      connectionString: options.databaseUrl,
      embedded: false,
      close: () => pool.end(),
    };
  }

  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    await mkdir(dataPath, { recursive: true });
  }
  const pglite = await PGlite.create(dataPath);
  const socketServer = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 64 });
  keepExtendedQueriesTogether(socketServer);
  await socketServer.start();
  const connectionString = `postgres://postgres@${socketServer.getServerConn()}/postgres`;
  const pool = new pg.Pool({ connectionString, max: options.poolSize });
  pool.on('error', onError);
  return {
    db: drizzle({ client: pool }),
    pool,
    connectionString,
    embedded: true,
    close: async () => {
      await pool.end();
      await socketServer.stop();
      await pglite.close();
    },
  };
}
