/**
 * Vitest's global setup of the server projects: the migrated template each test file's database is copied from
 * (test-database.ts, docs/decisions/0026), built once per run instead of migrating a database per file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

export type TestDatabaseTemplate = {
  /** The embedded database's template: a folder whose `pglite/` is a closed, migrated data directory. */
  pglite?: string;
  /** The PostgreSQL template database's name. */
  postgres?: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/** Vitest loads this file once per project: a database's two projects (its serial one) share one template. */
type Templates = Map<'pglite' | 'postgres', Promise<TestDatabaseTemplate>>;
const runner = globalThis as { folioTestDatabaseTemplates?: Templates };
runner.folioTestDatabaseTemplates ??= new Map();
const templates = runner.folioTestDatabaseTemplates;

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = project.config.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const kind = adminUrl ? 'postgres' : 'pglite';
  const shared = templates.get(kind);
  if (shared) {
    project.provide('testDatabaseTemplate', await shared);
    return undefined;
  }
  if (adminUrl) {
    const template = preparePostgresTemplate(adminUrl).then((postgres) => ({ postgres }));
    templates.set(kind, template);
    project.provide('testDatabaseTemplate', await template);
    return undefined;
  }
  const folder = await pgliteFolder();
  const template = buildPgliteTemplate(folder).then((pglite) => ({ pglite }));
  templates.set(kind, template);
  try {
    project.provide('testDatabaseTemplate', await template);
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
  return () => rm(folder, { recursive: true, force: true });
}

/**
 * The run's folder of embedded databases: the template in `template/`, each test file's copy beside it, all removed
 * when the run ends. In shared memory when it has room, since each copy is a file copy of a whole data directory.
 */
async function pgliteFolder(): Promise<string> {
  const sharedMemory = '/dev/shm';
  const room = await statfs(sharedMemory).then(
    (stats) => stats.bavail * stats.bsize,
    () => 0,
  );
  const parent = room >= 2 ** 30 ? sharedMemory : tmpdir();
  return path.join(parent, `folio-test-databases-${randomBytes(6).toString('hex')}`);
}

/** Migrates a new embedded database in `folder/template` and closes it, so it can be copied; answers that path. */
async function buildPgliteTemplate(folder: string): Promise<string> {
  const dataDir = path.join(folder, 'template');
  // Opening a data directory restricts the process's new files to its user (restrictNewFiles), and this is the test
  // runner's own process: its reports keep their usual modes.
  const umask = process.umask(0o077);
  try {
    const database = await openDatabase({ dataDir, poolSize: 1 });
    try {
      await migrateDatabase(database.pool);
    } finally {
      await database.close();
    }
  } finally {
    process.umask(umask);
  }
  return dataDir;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
/** Any fixed number: it names the lock under which one run at a time builds or drops templates. */
const TEMPLATE_LOCK = 72_410_026;
const TEMPLATE_NAME = /^folio_template_[0-9a-f]+(_building)?$/;

/** Names the migrations: a template is built again when one is added or changed. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(path.join(migrationsFolder, 'meta/_journal.json')));
  for (const file of (await readdir(migrationsFolder)).filter((name) => name.endsWith('.sql')).sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(migrationsFolder, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated template database on TEST_DATABASE_URL's server, `folio_template_<hash of the migrations>`, built if
 * missing. Runs sharing the server (other checkouts, other branches) take turns under an advisory lock; a template
 * is built under another name and renamed once migrated, and nobody may connect to it, so copying it never fails on
 * a connection. With `dropStale`, templates of other migrations are dropped (a run still using one builds it again).
 */
export async function preparePostgresTemplate(adminUrl: string, { dropStale = true } = {}): Promise<string> {
  const name = `folio_template_${await migrationsHash()}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'folio\\_template\\_%'`,
      );
      const names = rows.map((row) => row.datname).filter((datname) => TEMPLATE_NAME.test(datname));
      for (const other of names.filter((datname) => datname !== name)) {
        // One still being built while this run holds the lock is a crashed run's.
        if (dropStale || other.endsWith('_building'))
          await admin.query(`drop database if exists ${other} with (force)`);
      }
      if (names.includes(name)) return;
      const building = `${name}_building`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        await migrateDatabase(database.pool);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      await admin.query(`alter database ${name} with allow_connections false`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  });
  return name;
}

export async function withAdmin<T>(adminUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}
