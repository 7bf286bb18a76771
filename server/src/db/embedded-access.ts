/**
 * Who may reach the embedded database: only this process and the same user's tools. PGlite is served on a Unix
 * socket in a private folder (0700) instead of a loopback port, its files are made 0600 and its folders 0700, and
 * a lock file lets one process at a time open a data directory, so a second PGlite never writes the same files.
 */
import { randomBytes } from 'node:crypto';
import { chmod, link, lstat, mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** pg connects to `<host>/.s.PGSQL.<port>`; PostgreSQL's default port names the file. */
export const SOCKET_FILE = '.s.PGSQL.5432';
/** The longest Unix socket path every platform accepts (sun_path is 104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH_BYTES = 103;

/** What the process holding a data directory writes in its lock file. */
export type LockHolder = {
  pid: number;
  /** The holder's start time from /proc (Linux), so a pid reused by another process is not taken for it. */
  started?: string | undefined;
  /** The folder of the holder's database socket. */
  socketDir: string;
};

export class DataDirectoryInUseError extends Error {
  readonly dataDir: string;
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The data directory ${dataDir} is in use by process ${holder.pid} (a running Folio server?): ` +
        'only one process may open its embedded database. Stop that process first, or set DATABASE_URL.',
    );
    this.name = 'DataDirectoryInUseError';
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

/** A pg connection string for a server listening on `<socketDir>/.s.PGSQL.5432`. */
export function socketConnectionString(socketDir: string): string {
  return `postgres://postgres@${encodeURIComponent(socketDir)}/postgres`;
}

/** Restricts files this process creates from now on (PGlite's later files) to its user; not allowed in a worker thread. */
export function restrictNewFiles(): void {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; the folders' 0700 still keeps other users out.
  }
}

/** Folders 0700 and files 0600 under `dir` (and `dir` itself); symbolic links are left alone. */
export async function makePrivate(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await makePrivate(child);
    else if (entry.isFile()) await chmod(child, 0o600);
  }
}

/** A private (0700) folder in the temporary directory, for a socket whose data has no folder or too long a path. */
export async function temporarySocketDir(): Promise<string> {
  const base =
    process.env.XDG_RUNTIME_DIR && path.isAbsolute(process.env.XDG_RUNTIME_DIR)
      ? process.env.XDG_RUNTIME_DIR
      : os.tmpdir();
  const dir = await mkdtemp(path.join(fitsSocketPath(base) ? base : os.tmpdir(), 'folio-db-'));
  await chmod(dir, 0o700);
  return dir;
}

function fitsSocketPath(dir: string): boolean {
  return Buffer.byteLength(path.join(dir, 'folio-db-XXXXXX', SOCKET_FILE)) <= MAX_SOCKET_PATH_BYTES;
}

/** `DATA_DIR/run` when the socket path fits there, else undefined (the caller makes a temporary one). */
export function dataDirSocketDir(dataDir: string): string | undefined {
  const dir = path.join(dataDir, 'run');
  return Buffer.byteLength(path.join(dir, SOCKET_FILE)) <= MAX_SOCKET_PATH_BYTES ? dir : undefined;
}

/** Makes `dir` a private folder for the socket and removes a socket file a crashed process left there. */
export async function prepareSocketDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const info = await lstat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} must be a folder for the database socket`);
  await chmod(dir, 0o700);
  await rm(path.join(dir, SOCKET_FILE), { force: true });
}

function lockPath(dataDir: string): string {
  return path.join(dataDir, 'pglite.lock');
}

/** Lock files this process holds: its own pid in a lock it does not hold is a previous life's (a container restart). */
const held = new Set<string>();

/** A process's state letter and start time from /proc (Linux); undefined elsewhere, or when it is gone. */
async function processStat(
  pid: number,
): Promise<{ state: string | undefined; started: string | undefined } | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may contain spaces: state is field 3, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], started: fields[19] };
  } catch {
    return undefined;
  }
}

async function isAlive(holder: LockHolder, file: string): Promise<boolean> {
  if (holder.pid === process.pid) return held.has(file);
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = await processStat(holder.pid);
  // A zombie has exited (killed, say) and only waits for its parent to collect it; its pid still answers kill(pid, 0).
  if (stat?.state === 'Z' || stat?.state === 'X') return false;
  if (!holder.started) return true;
  return stat?.started === undefined || stat.started === holder.started;
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.socketDir !== 'string') return undefined;
    return { pid: value.pid, started: value.started, socketDir: value.socketDir };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    return undefined;
  }
}

export type DataDirectoryLock = { release: () => Promise<void> };

/**
 * Takes `DATA_DIR/pglite.lock` for this process, recording where its socket will be. The file appears whole and
 * only if absent (written aside, then hard-linked in place); a lock whose process is gone is taken over, as is one
 * whose process has exited but is not yet collected by its parent (a zombie, killed a moment ago).
 * Throws DataDirectoryInUseError while another live process holds it.
 */
export async function lockDataDir(dataDir: string, socketDir: string): Promise<DataDirectoryLock> {
  const file = lockPath(dataDir);
  const holder: LockHolder = { pid: process.pid, started: (await processStat(process.pid))?.started, socketDir };
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${JSON.stringify(holder)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
      }
      let current: LockHolder | undefined;
      try {
        current = await readHolder(file);
      } catch {
        continue; // released meanwhile: try again
      }
      if (current && (await isAlive(current, file))) throw new DataDirectoryInUseError(dataDir, current);
      // Stale: its process is gone (or the file is unreadable). Remove it unless another process already replaced it.
      const again = await readHolder(file).catch(() => undefined);
      if (JSON.stringify(again) === JSON.stringify(current)) await unlink(file).catch(() => undefined);
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  held.add(file);
  return {
    release: async () => {
      held.delete(file);
      const current = await readHolder(file).catch(() => undefined);
      if (current?.pid === process.pid) await unlink(file).catch(() => undefined);
    },
  };
}
