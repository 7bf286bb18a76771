/**
 * The operator's commands. While a server holds the embedded database's DATA_DIR, they go through that server's
 * private socket into its database.
 *
 *   npm run admin -- <email> [--revoke]                                   make an account an admin (or take it back)
 *   npm run admin -- grant <email> [--diamonds N] [--coins N] [--pro-days N]   a support case's grant
 *   npm run admin -- discount add <CODE> <percent> [--expires YYYY-MM-DD]     a discount code (until that day's end, UTC)
 *   npm run admin -- discount list                                           every code, with its state
 *   npm run admin -- discount expire <CODE>                                  end a code now
 */
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { type Grant, grantToUser, setAdmin } from '../db/queries/account.ts';
import { addDiscount, expireDiscount, listDiscounts } from '../db/queries/payments.ts';
import { holdEventLoop } from '../event-loop.ts';

const usage = [
  'Usage: npm run admin -- <email> [--revoke]',
  '       npm run admin -- grant <email> [--diamonds N] [--coins N] [--pro-days N]',
  '       npm run admin -- discount add <CODE> <percent> [--expires YYYY-MM-DD]',
  '       npm run admin -- discount list',
  '       npm run admin -- discount expire <CODE>',
].join('\n');

type Command =
  | { kind: 'admin'; email: string; revoke: boolean }
  | { kind: 'grant'; email: string; grant: Grant }
  | { kind: 'discount-add'; code: string; percent: number; expiresAt: Date | null }
  | { kind: 'discount-list' }
  | { kind: 'discount-expire'; code: string };

/** A code as the store takes it: 3 to 32 letters, digits, dashes or underscores. */
const discountCode = (value: string | undefined) => (value && /^[A-Za-z0-9_-]{3,32}$/.test(value) ? value : null);

function parseDiscount(args: readonly string[]): Command | null {
  const [, action, code, percentText] = args;
  if (action === 'list' && args.length === 2) return { kind: 'discount-list' };
  if (action === 'expire' && discountCode(code) && args.length === 3) {
    return { kind: 'discount-expire', code: code as string };
  }
  if (action !== 'add' || !discountCode(code) || !/^\d{1,3}$/.test(percentText ?? '')) return null;
  const percent = Number(percentText);
  if (percent < 1 || percent > 100) return null;
  const at = args.indexOf('--expires');
  let expiresAt: Date | null = null;
  if (at !== -1) {
    const day = args[at + 1] ?? '';
    // The code works through the whole of that day (UTC).
    expiresAt = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T23:59:59.999Z`) : null;
    if (!expiresAt || Number.isNaN(expiresAt.getTime())) return null;
  } else if (args.length !== 4) return null;
  return { kind: 'discount-add', code: code as string, percent, expiresAt };
}

/** A whole number of at most a million after `--name`, 0 when the option is absent; null when it is not one. */
function amountOf(args: readonly string[], name: string): number | null {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return 0;
  const value = args[at + 1] ?? '';
  return /^\d{1,7}$/.test(value) && Number(value) <= 1_000_000 ? Number(value) : null;
}

function parse(args: readonly string[]): Command | null {
  if (args[0] === 'discount') return parseDiscount(args);
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

// Held until the explicit exit at the end (event-loop.ts says why the loop must not run empty).
holdEventLoop();
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
  } else if (command.kind === 'discount-add') {
    const added = await addDiscount(database.db, command, new Date());
    const code = command.code.toUpperCase();
    if (!added) {
      console.error(`The discount code ${code} exists already`);
      process.exitCode = 1;
    } else {
      const until = command.expiresAt ? ` until ${command.expiresAt.toISOString().slice(0, 10)}` : '';
      console.log(`${code} takes ${command.percent}% off${until}`);
    }
  } else if (command.kind === 'discount-list') {
    const now = new Date();
    for (const row of await listDiscounts(database.db)) {
      const state = !row.expiresAt
        ? 'no end'
        : row.expiresAt > now
          ? `until ${row.expiresAt.toISOString()}`
          : 'expired';
      console.log(`${row.code}\t${row.percent}%\t${state}`);
    }
  } else if (command.kind === 'discount-expire') {
    if (!(await expireDiscount(database.db, command.code, new Date()))) {
      console.error(`No discount code ${command.code.toUpperCase()}`);
      process.exitCode = 1;
    } else {
      console.log(`${command.code.toUpperCase()} has expired`);
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
process.exit();
