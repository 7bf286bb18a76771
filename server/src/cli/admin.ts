/**
 * The operator's commands. While a server holds the embedded database's DATA_DIR, they go through that server's
 * private socket into its database.
 *
 *   npm run admin -- <email> [--revoke]                                   make an account an admin (or take it back)
 *   npm run admin -- grant <email> [--diamonds N] [--coins N] [--pro-days N]   a support case's grant
 */
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { type Grant, grantToUser, setAdmin } from '../db/queries/users.ts';

const usage = [
  'Usage: npm run admin -- <email> [--revoke]',
  '       npm run admin -- grant <email> [--diamonds N] [--coins N] [--pro-days N]',
].join('\n');

type Command = { kind: 'admin'; email: string; revoke: boolean } | { kind: 'grant'; email: string; grant: Grant };

/** A whole number of at most a million after `--name`, 0 when the option is absent; null when it is not one. */
function amountOf(args: readonly string[], name: string): number | null {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return 0;
  const value = args[at + 1] ?? '';
  return /^\d{1,7}$/.test(value) && Number(value) <= 1_000_000 ? Number(value) : null;
}

function parse(args: readonly string[]): Command | null {
  if (args[0] === 'grant') {
    const email = args[1];
    const diamonds = amountOf(args, 'diamonds');
    const coins = amountOf(args, 'coins');
    const proDays = amountOf(args, 'pro-days');
    if (!email || email.startsWith('--') || diamonds === null || coins === null || proDays === null) return null;
    if (diamonds + coins + proDays === 0) return null;
    return { kind: 'grant', email, grant: { diamonds, coins, proDays } };
  }
  const email = args.find((arg) => !arg.startsWith('--'));
  return email ? { kind: 'admin', email, revoke: args.includes('--revoke') } : null;
}

const command = parse(process.argv.slice(2));
if (!command) {
  console.error(usage);
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
  if (command.kind === 'admin') {
    const found = await setAdmin(database.db, command.email, !command.revoke);
    if (!found) {
      console.error(`No account with the email ${command.email}`);
      process.exitCode = 1;
    } else {
      console.log(`${command.email} is ${command.revoke ? 'no longer' : 'now'} an admin`);
    }
  } else {
    const user = await grantToUser(database.db, command.email, command.grant, new Date());
    if (!user) {
      console.error(`No account with the email ${command.email}`);
      process.exitCode = 1;
    } else {
      const pro = user.proEndDate ? `, Pro Gold until ${user.proEndDate.toISOString()}` : '';
      console.log(`${command.email} now has ${user.diamondAmount} diamonds, ${user.creditAmount} coins${pro}`);
    }
  }
} finally {
  await database.close();
}
