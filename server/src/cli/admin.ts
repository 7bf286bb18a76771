/** `npm run admin -- <email> [--revoke]`: make an existing account an admin (or take it back). */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
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
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
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
