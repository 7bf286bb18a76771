import { chmod, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type pg from 'pg';
import {
  DataDirectoryInUseError,
  type DataDirectoryLock,
  dataDirSocketDir,
  lockDataDir,
  makePrivate,
  prepareSocketDir,
  restrictNewFiles,
  SOCKET_FILE,
  socketConnectionString,
  temporarySocketDir,
} from './embedded-access.ts';
import { keepExtendedQueriesTogether } from './pglite-batches.ts';
import { createPool, type DatabaseTimeouts } from './pool.ts';
import type { Db } from './types.ts';

export { DataDirectoryInUseError } from './embedded-access.ts';

/** A database or an open transaction: query functions accept either. */

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** A URL other clients (pg-boss) can connect with: PostgreSQL's, or the embedded database's private Unix socket. */
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
  /** Connect and query timeouts of the app's pool (defaults: 5 s and 10 s). */
  timeouts?: DatabaseTimeouts | undefined;
  /** An idle connection broke (the database restarted, a test dropped its database): report, do not crash. */
  onConnectionError?: (error: Error) => void;
  /**
   * When another process holds the embedded database's dataDir: refuse with DataDirectoryInUseError (the
   * default), or connect to that process's database through its private socket (the admin CLI).
   */
  ifInUse?: 'refuse' | 'connect' | undefined;
};

/**
 * One driver for both modes: the embedded PGlite is served on a private Unix socket by pglite-socket, whose
 * multiplexer runs one connection's transaction (and, with keepExtendedQueriesTogether, one extended-protocol
 * exchange) at a time, so the app, pg-boss and tests talk to it exactly as they talk to PostgreSQL.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const onError = options.onConnectionError ?? (() => {});
  if (options.databaseUrl) {
    const { pool, db } = createPool(options.databaseUrl, {
      poolSize: options.poolSize,
      timeouts: options.timeouts,
      statementTimeout: true,
      withoutJit: true,
      statements: 'per-connection',
      onError,
    });
    return {
      db,
      pool,
      connectionString: options.databaseUrl,
      embedded: false,
      close: () => pool.end(),
    };
  }

  return openEmbeddedDatabase(options, onError);
}

/**
 * The embedded PGlite, reachable only by this user: a Unix socket in a private folder (DATA_DIR/run, or a temporary
 * one), no TCP port. With a dataDir, DATA_DIR/pglite.lock gives it to one process at a time; a second one is
 * refused with DataDirectoryInUseError, or with `ifInUse: 'connect'` talks to the holder's database through its socket.
 */
async function openEmbeddedDatabase(options: DatabaseOptions, onError: (error: Error) => void): Promise<Database> {
  const dataDir = options.dataDir;
  if (!dataDir) {
    const socketDir = await temporarySocketDir();
    return startEmbedded({
      options,
      onError,
      socketDir,
      cleanup: () => rm(socketDir, { recursive: true, force: true }),
    });
  }

  await mkdir(dataDir, { recursive: true });
  const ownSocketDir = dataDirSocketDir(dataDir);
  const socketDir = ownSocketDir ?? (await temporarySocketDir());
  let lock: DataDirectoryLock;
  try {
    lock = await lockDataDir(dataDir, socketDir);
  } catch (error) {
    if (!ownSocketDir) await rm(socketDir, { recursive: true, force: true });
    if (error instanceof DataDirectoryInUseError && options.ifInUse === 'connect') {
      return connectToHolder(error, options, onError);
    }
    throw error;
  }
  try {
    restrictNewFiles();
    await prepareSocketDir(socketDir);
    const dataPath = path.join(dataDir, 'pglite');
    await mkdir(dataPath, { recursive: true, mode: 0o700 });
    await chmod(dataPath, 0o700);
    return await startEmbedded({
      options,
      onError,
      socketDir,
      dataPath,
      cleanup: async () => {
        await (ownSocketDir
          ? rm(path.join(socketDir, SOCKET_FILE), { force: true })
          : rm(socketDir, { recursive: true, force: true }));
        await lock.release();
      },
    });
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** The embedded database's shared buffers (see README, "Memory"). */
const EMBEDDED_SHARED_BUFFERS = '16MB';

async function startEmbedded(start: {
  options: DatabaseOptions;
  onError: (error: Error) => void;
  socketDir: string;
  dataPath?: string;
  cleanup: () => Promise<void>;
}): Promise<Database> {
  let pglite: PGlite | undefined;
  let socketServer: PGLiteSocketServer | undefined;
  try {
    pglite = await PGlite.create(start.dataPath, {
      // PostgreSQL's 128 MB default of shared buffers (160 MB in PGlite) lives in the WebAssembly heap, on top of the
      // operating system's own cache of the data files: 16 MB keeps a small home server's memory for the learner.
      // A new WAL file is not filled with zeroes: the embedded database writes on the server's thread, and the filling
      // held every request (docs/decisions/0001).
      postgresqlconf: `shared_buffers=${EMBEDDED_SHARED_BUFFERS}\nwal_init_zero=off`,
    });
    // PGlite writes its initial files world-readable and writable whatever the umask.
    if (start.dataPath) await makePrivate(start.dataPath);
    socketServer = new PGLiteSocketServer({
      db: pglite,
      path: path.join(start.socketDir, SOCKET_FILE),
      maxConnections: 64,
    });
    keepExtendedQueriesTogether(socketServer);
    await socketServer.start();
  } catch (error) {
    await socketServer?.stop().catch(() => undefined);
    await pglite?.close().catch(() => undefined);
    await start.cleanup();
    throw error;
  }
  const connectionString = socketConnectionString(start.socketDir);
  const { pool, db } = createPool(connectionString, {
    poolSize: start.options.poolSize,
    timeouts: start.options.timeouts,
    statementTimeout: false,
    statements: 'one-session',
    onError: start.onError,
  });
  const server = socketServer;
  const database = pglite;
  return {
    db,
    pool,
    connectionString,
    embedded: true,
    close: async () => {
      try {
        await pool.end();
        await server.stop();
        await database.close();
      } finally {
        await start.cleanup();
      }
    },
  };
}

/** The admin CLI beside a running server: the holder's database, through the socket its lock file names. */
async function connectToHolder(
  busy: DataDirectoryInUseError,
  options: DatabaseOptions,
  onError: (error: Error) => void,
): Promise<Database> {
  const connectionString = socketConnectionString(busy.holder.socketDir);
  const { pool, db } = createPool(connectionString, {
    poolSize: options.poolSize,
    timeouts: options.timeouts,
    statementTimeout: false,
    // A visit for a command or two: statements it prepared would stay in the holder's session after it leaves.
    statements: 'unprepared',
    onError,
  });
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(
      `The data directory ${busy.dataDir} is in use by process ${busy.holder.pid}, whose database socket in ` +
        `${busy.holder.socketDir} does not answer (${error instanceof Error ? error.message : String(error)}); ` +
        'if the server is still starting, try again.',
    );
  }
  return { db, pool, connectionString, embedded: true, close: () => pool.end() };
}
