import { buildApp } from '../server/src/app.ts';
import type { Database } from '../server/src/db/client.ts';
import { defaultRateLimits } from '../server/src/services/accounts.ts';

/** The real app for a server benchmark: silent, no job queue, a word limit the bench will not reach. */
export function buildBenchApp(
  database: Database,
  options: { wordLimit: number; name: string /** The built SPA to serve (none by default). */; staticDir?: string },
) {
  return buildApp({
    db: database.db,
    config: {
      logLevel: 'silent',
      staticDir: options.staticDir ?? '/nonexistent',
      trustProxy: false,
      accounts: {
        newUserWordLimit: options.wordLimit,
        newUserVideoLimit: 2,
        adminEmails: [],
        sessionIdleDays: 30,
        sessionMaxDays: 90,
        passwordHashCost: 12,
        // Benches sign up their learners from one address, run after run.
        rateLimits: { ...defaultRateLimits, signupPerIp: { ...defaultRateLimits.signupPerIp, limit: 1_000_000 } },
      },
    },
    transcriptJobs: { send: () => Promise.reject(new Error(`The ${options.name} bench adds no videos`)) },
    importJobs: { send: () => Promise.reject(new Error(`The ${options.name} bench imports no texts`)) },
  });
}
