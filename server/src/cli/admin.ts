/**
 * `npm run admin -- <email> [--revoke]`: make an existing account an admin (or take it back). While a server holds
 * the embedded database's DATA_DIR, the change goes through that server's private socket into its database.
 */
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { setAdmin } from '../db/queries/users.ts';

const args = process.argv.slice(2);
const email = args.find((arg) => !arg.startsWith('--'));
const revoke = args.includes('--revoke');
if (!email) {
  console.error('Usage: npm run admin -- <email> [--revoke]');
  process.exit(2);
}

const config = loadConfig();
let database: Database;
try {
  database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
    ifInUse: 'connect',
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
try {
  await migrateDatabase(database.pool);
  const found = await setAdmin(database.db, email, !revoke);
  if (!found) {
    console.error(`No account with the email ${email}`);
    process.exitCode = 1;
  } else {
    console.log(`${email} is ${revoke ? 'no longer' : 'now'} an admin`);
  }
} finally {
  await database.close();
}
