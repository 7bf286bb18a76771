import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database on the
 * PostgreSQL of TEST_DATABASE_URL when the suite runs as `server-postgres`. Unmigrated when told, for a test that
 * migrates it in steps.
 */
export async function openTestDatabase({ migrate = true } = {}): Promise<Database> {
  const adminUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!adminUrl) {
    const database = await openDatabase({ poolSize: 4 });
    if (migrate) await migrateDatabase(database.pool);
    return database;
  }
  const name = `folio_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  if (migrate) await migrateDatabase(database.pool);
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
