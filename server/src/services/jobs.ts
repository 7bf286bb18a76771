import { PgBoss } from 'pg-boss';

/** Background work runs in pg-boss on the same database: PostgreSQL, or the embedded PGlite through its socket. */
export type ErrorLog = { error: (details: { err: unknown }, message: string) => void };

export async function startJobs(connectionString: string, log: ErrorLog, options: { workers: boolean }) {
  const boss = new PgBoss({ connectionString, max: 4, schedule: options.workers, supervise: options.workers });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return boss;
}
