import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { preparePostgresTemplate, withAdmin } from './test-database-setup.ts';

/** SQLSTATE invalid_catalog_name: the template database is gone. */
const UNDEFINED_DATABASE = '3D000';

/**
 * A fresh, migrated database for one test file: an embedded PGlite by default, or a new database on the PostgreSQL
 * of TEST_DATABASE_URL when the suite runs as `server-postgres`. Both are copies of a template migrated once per run
 * (docs/decisions/0026): PGlite's data folder copied, PostgreSQL's `create database … template`. Unmigrated when told,
 * for a test that migrates it in steps.
 */
export async function openTestDatabase({ migrate = true } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    if (!migrate) return openDatabase({ poolSize: 4 });
    return openPgliteCopy(templateOf('pglite'));
  }
  const name = `folio_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (admin) => {
    if (!migrate) {
      await admin.query(`create database ${name}`);
      return;
    }
    const template = templateOf('postgres');
    try {
      await admin.query(`create database ${name} template ${template}`);
    } catch (error) {
      // Another run, on other migrations, dropped it as stale as this one started: build it again.
      if ((error as { code?: string }).code !== UNDEFINED_DATABASE) throw error;
      await preparePostgresTemplate(adminUrl, { dropStale: false });
      await admin.query(`create database ${name} template ${template}`);
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** What test-database-setup.ts built for this project. */
function templateOf(kind: 'pglite' | 'postgres'): string {
  const template = inject('testDatabaseTemplate')?.[kind];
  if (!template) throw new Error(`No ${kind} template database: vite.config.ts's server projects build it`);
  return template;
}

/** A copy of the template's data folder, opened as the server opens its DATA_DIR; the copy goes when it closes. */
async function openPgliteCopy(templateDir: string): Promise<Database> {
  const dataDir = path.join(path.dirname(templateDir), `db-${randomBytes(6).toString('hex')}`);
  cpSync(path.join(templateDir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  let database: Database;
  try {
    database = await openDatabase({ dataDir, poolSize: 4 });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...database,
    close: async () => {
      try {
        await database.close();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

let warming: Promise<void> | undefined;

/**
 * Runs the migrations once in this process on a throwaway embedded database. The embedded engine's WebAssembly is
 * compiled as it first runs and optimised once hot, so a copy of the template starts cold: its first statements take
 * several times longer, which tests whose timeouts are hundreds of milliseconds must not measure. Migrating a
 * database warmed it when every test file migrated its own.
 */
export function warmEmbeddedEngine(): Promise<void> {
  warming ??= (async () => {
    const scratch = await openDatabase({ poolSize: 1 });
    try {
      await migrateDatabase(scratch.pool);
    } finally {
      await scratch.close();
    }
  })();
  return warming;
}
