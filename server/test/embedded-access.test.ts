import { execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { type Database, DataDirectoryInUseError, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { findUserByEmail, insertUser } from '../src/db/queries/account.ts';
import { findDiscount } from '../src/db/queries/payments.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
let dataDir: string;
const opened: Database[] = [];

async function open(options: { ifInUse?: 'refuse' | 'connect'; dataDir?: string | undefined } = {}) {
  const database = await openDatabase({ dataDir, poolSize: 2, ...options });
  opened.push(database);
  return database;
}

async function close(database: Database) {
  opened.splice(opened.indexOf(database), 1);
  await database.close();
}

// One data directory for the file (PGlite's first start there takes seconds); each test closes what it opened.
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-access-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const database of opened.splice(0).reverse()) await database.close();
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Modes (permission bits only) of everything under `dir`, by kind. */
async function modes(dir: string): Promise<{ folders: Set<number>; files: Set<number>; count: number }> {
  const result = { folders: new Set<number>(), files: new Set<number>(), count: 0 };
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const child = path.join(folder, entry.name);
      const mode = (await stat(child)).mode & 0o777;
      result.count++;
      if (entry.isDirectory()) {
        result.folders.add(mode);
        await walk(child);
      } else result.files.add(mode);
    }
  };
  await walk(dir);
  return result;
}

function runCli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(root, script), ...args], { cwd: root, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

async function addAccount(database: Database, email: string) {
  const now = new Date();
  const result = await insertUser(database.db, {
    username: email.split('@')[0] ?? email,
    email,
    passwordHash: 'x',
    wordLimit: 100,
    videoLimit: 2,
    videoLimitLastUpdatedAt: now,
    refreshAt: now,
  });
  expect(result).toHaveProperty('user');
}

it('serves the embedded database on a private Unix socket, not a TCP port', async () => {
  const database = await open();
  const url = new URL(database.connectionString);
  const socketDir = decodeURIComponent(url.hostname);
  expect(socketDir).toBe(path.join(dataDir, 'run'));
  expect(url.port).toBe('');
  expect((await stat(socketDir)).mode & 0o777).toBe(0o700);
  const socket = await stat(path.join(socketDir, '.s.PGSQL.5432'));
  expect(socket.isSocket()).toBe(true);
  expect(socket.mode & 0o077).toBe(0);
  expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
});

it('gives an in-memory database a private temporary socket folder, removed on close', async () => {
  const database = await open({ dataDir: undefined });
  const socketDir = decodeURIComponent(new URL(database.connectionString).hostname);
  expect(path.isAbsolute(socketDir)).toBe(true);
  expect((await stat(socketDir)).mode & 0o777).toBe(0o700);
  await close(database);
  await expect(stat(socketDir)).rejects.toMatchObject({ code: 'ENOENT' });
});

it('keeps the data files 0600 and folders 0700, tightening ones left open before', async () => {
  await close(await open());
  // A data directory from before: everything world-writable, as PGlite writes it.
  const loosen = async (folder: string) => {
    await chmod(folder, 0o777);
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory()) await loosen(child);
      else await chmod(child, 0o666);
    }
  };
  await loosen(path.join(dataDir, 'pglite'));

  const database = await open();
  await database.pool.query('create table notes (id serial primary key, body text)');
  await database.pool.query("insert into notes (body) select 'note ' || n from generate_series(1, 1000) n");
  const found = await modes(path.join(dataDir, 'pglite'));
  expect(found.count).toBeGreaterThan(100);
  expect((await stat(path.join(dataDir, 'pglite'))).mode & 0o777).toBe(0o700);
  expect([...found.folders]).toEqual([0o700]);
  expect([...found.files]).toEqual([0o600]);
  expect((await stat(path.join(dataDir, 'pglite.lock'))).mode & 0o777).toBe(0o600);
});

it('refuses a second opening of a data directory in use, without starting a second PGlite', async () => {
  const first = await open();
  const create = vi.spyOn(PGlite, 'create');
  await expect(open()).rejects.toBeInstanceOf(DataDirectoryInUseError);
  await expect(open()).rejects.toThrow(/in use by process \d+/);
  expect(create).not.toHaveBeenCalled();
  expect((await first.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);

  await close(first);
  await expect(stat(path.join(dataDir, 'pglite.lock'))).rejects.toMatchObject({ code: 'ENOENT' });
  const second = await open();
  expect(create).toHaveBeenCalledTimes(1);
  expect((await second.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
});

it('takes over the lock of a process that is gone', async () => {
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  await writeFile(
    path.join(dataDir, 'pglite.lock'),
    JSON.stringify({ pid: gone, socketDir: path.join(dataDir, 'run') }),
  );
  const database = await open();
  expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
});

/** A process's state letter and start time, from /proc (Linux). */
async function processStat(pid: number): Promise<{ state: string; started: string }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', started: fields[19] ?? '' };
}

it.runIf(process.platform === 'linux')(
  'refuses while the holder runs, and takes over once it is killed though its parent has not reaped it yet',
  async () => {
    // The shell becomes a `sleep` that never waits for its child: once killed, the child stays a zombie, whose pid
    // answers kill(pid, 0) as a live process's does (a supervisor that restarts before it collects the old process).
    const parent = spawn('sh', ['-c', 'sleep 600 & echo $!; exec sleep 600'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const [line] = (await once(parent.stdout, 'data')) as [Buffer];
      const holder = Number(line.toString().trim());
      await vi.waitFor(async () => expect((await readFile(`/proc/${parent.pid}/comm`, 'utf8')).trim()).toBe('sleep'));
      const lock = { pid: holder, started: (await processStat(holder)).started, socketDir: path.join(dataDir, 'run') };
      await writeFile(path.join(dataDir, 'pglite.lock'), JSON.stringify(lock));
      await expect(open()).rejects.toThrow(`in use by process ${holder}`);

      process.kill(holder, 'SIGKILL');
      await vi.waitFor(async () => expect((await processStat(holder)).state).toBe('Z'));
      const database = await open();
      expect((await database.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      parent.kill('SIGKILL');
    }
  },
);

it('routes a second opening to the holder with ifInUse "connect"', async () => {
  const first = await open();
  await first.pool.query('create table shared (n int)');
  const create = vi.spyOn(PGlite, 'create');
  const second = await open({ ifInUse: 'connect' });
  await second.pool.query('insert into shared values (7)');
  expect(create).not.toHaveBeenCalled();
  expect(second.connectionString).toBe(first.connectionString);
  expect((await first.pool.query('select n from shared')).rows).toEqual([{ n: 7 }]);
  await close(second);
  expect((await first.pool.query('select count(*)::int as n from shared')).rows).toEqual([{ n: 1 }]);
});

it('npm run admin beside a running server changes its database durably', async () => {
  const server = await open();
  await migrateDatabase(server.pool);
  await addAccount(server, 'someone@example.com');

  const granted = await runCli('server/src/cli/admin.ts', ['someone@example.com']);
  expect(granted.stderr).toBe('');
  expect(granted).toMatchObject({ code: 0, stdout: 'someone@example.com is now an admin\n' });
  expect((await findUserByEmail(server.db, 'someone@example.com'))?.isAdmin).toBe(true);

  const missing = await runCli('server/src/cli/admin.ts', ['nobody@example.com']);
  expect(missing).toMatchObject({ code: 1, stderr: 'No account with the email nobody@example.com\n' });

  await close(server);
  const restarted = await open();
  expect((await findUserByEmail(restarted.db, 'someone@example.com'))?.isAdmin).toBe(true);
});

it('npm run admin -- discount adds, lists and expires the codes the store checks', async () => {
  const server = await open();
  await migrateDatabase(server.pool);
  const added = await runCli('server/src/cli/admin.ts', [
    'discount',
    'add',
    'spring25',
    '25',
    '--expires',
    '2999-04-30',
  ]);
  expect(added).toMatchObject({ code: 0, stdout: 'SPRING25 takes 25% off until 2999-04-30\n' });
  const again = await runCli('server/src/cli/admin.ts', ['discount', 'add', 'SPRING25', '30']);
  expect(again).toMatchObject({ code: 1, stderr: 'The discount code SPRING25 exists already\n' });
  expect(await findDiscount(server.db, 'spring25', new Date())).toEqual({ code: 'SPRING25', discountPercent: 25 });

  const expired = await runCli('server/src/cli/admin.ts', ['discount', 'expire', 'spring25']);
  expect(expired).toMatchObject({ code: 0, stdout: 'SPRING25 has expired\n' });
  expect(await findDiscount(server.db, 'SPRING25', new Date())).toBeUndefined();
  const listed = await runCli('server/src/cli/admin.ts', ['discount', 'list']);
  expect(listed.stdout.split('\n')).toEqual([
    'FOLIO20\t20%\tno end',
    'READ10\t10%\tno end',
    'SPRING25\t25%\texpired',
    '',
  ]);

  const bad = await runCli('server/src/cli/admin.ts', ['discount', 'add', 'X', '250']);
  expect(bad.code).toBe(2);
  await close(server);
});

it('npm run dict:import refuses, clearly, while a server holds the data directory', async () => {
  await open();
  const index = path.join(dataDir, 'tiny.index');
  await writeFile(index, '');
  const result = await runCli('server/src/cli/dict-import.ts', [index]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/is in use by process \d+.*\nImport dictionaries while the server is stopped\.\n$/s);
});
