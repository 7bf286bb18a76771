import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { buildApp } from '../server/src/app.ts';
import { type Database, openDatabase } from '../server/src/db/client.ts';
import { migrateDatabase } from '../server/src/db/migrate.ts';
import { createDeps } from '../server/src/deps.ts';
import { defaultRateLimits } from '../server/src/services/accounts.ts';
import type { WordExportJobs } from '../server/src/services/exports/jobs.ts';

/** The real app for a server benchmark: silent, no job queue, a word limit the bench will not reach. */
export function buildBenchApp(
  database: Database,
  options: {
    wordLimit: number;
    name: string;
    /** The built SPA to serve (none by default). */
    staticDir?: string;
    /** Where exports made off the request path go (none by default). */
    wordExportJobs?: WordExportJobs;
  },
) {
  const deps = createDeps({
    db: database.db,
    config: {
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
    wordExportJobs: options.wordExportJobs ?? {
      send: () => Promise.reject(new Error(`The ${options.name} bench makes no exports by job`)),
    },
  });
  return buildApp({
    deps,
    config: { logLevel: 'silent', staticDir: options.staticDir ?? '/nonexistent', trustProxy: false },
  });
}

type BenchApp = Awaited<ReturnType<typeof buildBenchApp>>;

/** A new learner signed up through the real route: what the signup answers (the token among it). */
export async function signUpBenchLearner(app: BenchApp, username: string) {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { username, email: `${username}@example.com`, password: 'reading42', confirmPassword: 'reading42' },
  });
  return envelopeSchema(endpoints.signup.details).parse(signup.json()).details;
}

/** Saves `count` made-up words (word1, word2, …) for a learner, spread over the eight learning languages. */
export async function saveBenchWords(database: Database, username: string, count: number) {
  await database.db.execute(sql`
    insert into user_words (user_id, language, lowercase, level, updated_at)
    select u.id, (array['en','de','fr','es','ru','it','ko','hu'])[1 + n % 8], 'word' || n, 1 + n % 4, now()
    from users u, generate_series(1, ${count}) n where u.username = ${username}`);
  await database.db.execute(sql`update users set word_count = word_count + ${count} where username = ${username}`);
}

/**
 * Vacuums and analyses every table, as the embedded database's hourly housekeeping leaves it (PostgreSQL's autovacuum
 * would): without statistics the planner takes a learner's thousands of words for a few and scans them all.
 */
export async function settleBenchData(database: Database): Promise<void> {
  await database.db.execute(sql`vacuum (analyze)`);
}

/** `BENCH_DEBUG`'s list of a page's requests: each address with its start and end, ms from navigation start. */
export function resourceTimings(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map(
        (entry) =>
          `  ${entry.name.replace(location.origin, '')} ${entry.startTime.toFixed(0)}–${(entry as PerformanceResourceTiming).responseEnd.toFixed(0)} ms`,
      ),
  );
}

/** The starter library's English page closest to 250 words. */
export async function englishPageNear250Words(database: Database) {
  const [page] = (
    await database.db.execute<{ id: number; number: number; words: number }>(sql`
      select c.id, p.number, p.word_count as words from pages p join contents c on c.id = p.content_id
      where c.language = 'en' order by abs(p.word_count - 250), c.id, p.number limit 1`)
  ).rows;
  if (!page) throw new Error('no English page');
  return page;
}

/** Builds the SPA for a browser bench into `BENCH_DIST` (or `dist`) unless `BENCH_SKIP_BUILD`; answers its folder. */
export function builtSpa(): string {
  const root = path.resolve(import.meta.dirname, '..');
  const dist = path.resolve(root, process.env.BENCH_DIST ?? 'dist');
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log(`Building the SPA (vite build) into ${dist} …`);
    execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--outDir', dist, '--emptyOutDir'], {
      cwd: root,
      stdio: 'ignore',
    });
  }
  return dist;
}

/** A migrated embedded database of its own in a temporary folder, which `remove` deletes after closing it. */
export async function temporaryDatabase(name: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), `folio-${name}-`));
  const database = await openDatabase({ dataDir: path.join(dataDir, 'data'), poolSize: 4 });
  await migrateDatabase(database.pool);
  return {
    database,
    remove: async () => {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The bench's database: PostgreSQL at `DATABASE_URL` when set, else an embedded one on disk in a temporary folder (as
 * the server keeps its data folder: writes reach the disk, not memory). `remove` closes it and deletes the folder.
 */
export async function benchDatabase(name: string) {
  if (!process.env.DATABASE_URL) return temporaryDatabase(name);
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 4 });
  await migrateDatabase(database.pool);
  return { database, remove: () => database.close() };
}

/** The median of some figures (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
