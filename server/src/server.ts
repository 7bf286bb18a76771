import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirectoryInUseError, openDatabase } from './db/client.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { migrateDatabase } from './db/migrate.ts';
import { openWithRetry } from './db/startup.ts';
import { createDeps } from './deps.ts';
import { holdEventLoop } from './event-loop.ts';
import { startWordExportWorker, wordExportJobs } from './services/exports/jobs.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { startIdleGc } from './services/idle-gc.ts';
import { importJobs, startImportWorker } from './services/imports/jobs.ts';
import { pgBossQueueAdmin } from './services/job-queue.ts';
import { startJobs } from './services/jobs.ts';
import { seedStarterLibrary } from './services/seed.ts';
import { deeplProvider } from './services/translation/deepl.ts';
import { libreTranslateProvider } from './services/translation/libretranslate.ts';
import { startTranscriptWorker, transcriptJobs } from './services/videos/jobs.ts';
import { youtubeTranscriptSource } from './services/videos/youtube-source.ts';

/** Until the server listens, the loop has no socket of its own to keep it running. */
const startingUp = holdEventLoop();
const config = loadConfig();
/** Before the app and its logger exist: JSON lines on stderr, as the logger writes them. */
const bootLog = {
  error: (details: { err: unknown }, msg: string) => writeBootLine(50, msg, { err: bootError(details.err) }),
  warn: (details: object, msg: string) => writeBootLine(40, msg, details),
};
function writeBootLine(level: number, msg: string, details: object) {
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...details })}\n`);
}
function bootError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
const onConnectionError = (error: Error) =>
  process.stderr.write(
    `${JSON.stringify({ level: 50, time: Date.now(), msg: 'database connection error', err: error.message })}\n`,
  );
const database = await openWithRetry(
  async () => {
    const opened = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      timeouts: config.databaseTimeouts,
      onConnectionError,
    });
    try {
      await migrateDatabase(opened.pool);
      return opened;
    } catch (error) {
      await opened.close().catch(() => {});
      throw error;
    }
  },
  { timeoutMs: config.databaseStartTimeoutMs, log: bootLog },
).catch((error: unknown) => {
  // One JSON line, no stack: why the server cannot start, then a non-zero exit.
  bootLog.error(
    { err: error },
    error instanceof DataDirectoryInUseError
      ? 'data directory in use'
      : isDatabaseUnavailable(error)
        ? 'database unreachable, giving up'
        : 'database could not be opened',
  );
  process.exit(1);
});

const providers = [
  ...(config.translation.deepl ? [deeplProvider(config.translation.deepl)] : []),
  ...(config.translation.libreTranslate ? [libreTranslateProvider(config.translation.libreTranslate)] : []),
];
const jobs = await startJobs(database.connectionString, bootLog, { workers: config.runWorkers });
// Stripe's SDK is loaded only by a server that sells by card (docs/decisions/0007-memory-settings.md).
const payments = config.stripe
  ? (await import('./services/payments/stripe.ts')).stripeGateway(config.stripe)
  : undefined;
const deps = createDeps({
  db: database.db,
  config,
  providers,
  transcriptJobs: transcriptJobs(jobs),
  importJobs: importJobs(jobs),
  wordExportJobs: wordExportJobs(jobs),
  jobQueue: pgBossQueueAdmin(jobs),
  payments,
});
const app = await buildApp({ deps, config });
if (config.seedContent) {
  const seeded = await seedStarterLibrary(database.db);
  app.log.info(seeded === 'unchanged' ? { unchanged: true } : seeded, 'starter content ready');
}
if (config.runWorkers) {
  await startTranscriptWorker(jobs, {
    db: database.db,
    source: youtubeTranscriptSource({ baseUrl: config.youtube.baseUrl, timeoutMs: config.youtube.timeoutMs }),
    clock: () => new Date(),
    log: app.log,
  });
  await startImportWorker(jobs, { db: database.db, clock: () => new Date(), log: app.log });
  await startWordExportWorker(jobs, { db: database.db, clock: () => new Date(), log: app.log });
  await startHousekeeping(jobs, {
    db: database.db,
    settings: config.accounts,
    clock: () => new Date(),
    log: app.log,
    // PostgreSQL's autovacuum keeps the planner's statistics; the embedded database has none.
    vacuum: database.embedded,
  });
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // A timer that holds the loop until the exit below (event-loop.ts says why the loop must not run empty).
  setTimeout(() => process.exit(1), 10_000);
  try {
    await app.close();
    await jobs.stop({ graceful: true, timeout: 5_000 });
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (config.idleGcSeconds > 0) {
  const idleGc = startIdleGc({ intervalMs: config.idleGcSeconds * 1000 });
  app.addHook('onRequest', async () => idleGc.touch());
  app.addHook('onResponse', async () => idleGc.touch());
}

await app.listen({ port: config.port, host: config.host });
startingUp();
app.log.info(
  `Folio is ready at http://localhost:${config.port} (${database.embedded ? 'embedded PGlite' : 'PostgreSQL'})`,
);
