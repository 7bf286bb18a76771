import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { Db } from '../src/db/types.ts';
import { createDeps, type UsageLimits } from '../src/deps.ts';
import { type AccountSettings, defaultRateLimits } from '../src/services/accounts.ts';
import type { WordExportJobs } from '../src/services/exports/jobs.ts';
import type { ImportJobs } from '../src/services/imports/jobs.ts';
import type { AnkiPackageReader } from '../src/services/imports/read-anki-package.ts';
import type { JobQueueAdmin } from '../src/services/job-queue.ts';
import type { PaymentGateway } from '../src/services/payments/gateway.ts';
import type { TranslationProvider } from '../src/services/translation/types.ts';
import type { TranscriptJobs } from '../src/services/videos/jobs.ts';
import { openTestDatabase, warmEmbeddedEngine } from './test-database.ts';

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  database: Database;
  clock: TestClock;
  /** Transcript jobs the routes asked for, when the test gave no queue of its own. */
  sentTranscripts: number[];
  /** Import jobs the routes asked for, when the test gave no queue of its own. */
  sentImports: number[];
  /** Export jobs the routes asked for, when the test gave no queue of its own. */
  sentWordExports: string[];
};

/** A clock tests move by hand. */
export class TestClock {
  #now: number;
  constructor(start = '2026-03-10T12:00:00Z') {
    this.#now = new Date(start).getTime();
  }
  now = (): Date => new Date(this.#now);
  advance(ms: number): void {
    this.#now += ms;
  }
  set(iso: string): void {
    this.#now = new Date(iso).getTime();
  }
}

export const testAccountSettings: AccountSettings = {
  newUserWordLimit: 100,
  newUserVideoLimit: 2,
  adminEmails: ['boss@folio.test'],
  sessionIdleDays: 30,
  sessionMaxDays: 90,
  /** Cheaper than production's 17 so the suite stays fast; the hash test checks the production cost. */
  passwordHashCost: 12,
  rateLimits: defaultRateLimits,
};

/** The real app on a fresh database, driven with `inject`; no process listens. */
export async function buildTestApp(
  options: {
    staticDir?: string;
    accounts?: Partial<AccountSettings>;
    providers?: TranslationProvider[];
    limits?: UsageLimits;
    transcriptJobs?: TranscriptJobs;
    importJobs?: ImportJobs;
    wordExportJobs?: WordExportJobs;
    jobQueue?: JobQueueAdmin;
    /** A database the test opened itself (to start pg-boss on it first); a fresh one otherwise. */
    database?: Database;
    /** The app's own connection to the test database (a pool through a proxy the test controls); its db else. */
    connect?: (database: Database) => Promise<Db>;
    /** How long a request may take to arrive (30 s). */
    requestTimeoutMs?: number;
    /** Card payments: Stripe's SDK on a fake Stripe (none: the store has no card payments). */
    payments?: PaymentGateway;
    /** A stream the app's JSON log lines go to (at level info), for tests that read the log. */
    logStream?: { write: (line: string) => void };
    /** The proxies whose X-Forwarded-For entries are believed (none). */
    trustProxy?: Config['trustProxy'];
    /** How web articles are fetched by their address (production's defaults: public addresses only). */
    urlImport?: Config['urlImport'];
    /** How one Anki package is read (a worker thread). */
    readAnkiPackage?: AnkiPackageReader;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  // A pool of the test's own is a fault test's, with short timeouts.
  if (options.connect && database.embedded) await warmEmbeddedEngine();
  const staticDir = options.staticDir ?? (await mkdtemp(path.join(tmpdir(), 'folio-static-')));
  const clock = new TestClock();
  const sentTranscripts: number[] = [];
  const sentImports: number[] = [];
  const sentWordExports: string[] = [];
  const deps = createDeps({
    db: options.connect ? await options.connect(database) : database.db,
    config: {
      accounts: { ...testAccountSettings, ...options.accounts },
      ...(options.urlImport ? { urlImport: options.urlImport } : {}),
    },
    clock: clock.now,
    providers: options.providers ?? [],
    ...(options.limits ? { limits: options.limits } : {}),
    payments: options.payments,
    jobQueue: options.jobQueue,
    ...(options.readAnkiPackage ? { readAnkiPackage: options.readAnkiPackage } : {}),
    importJobs: options.importJobs ?? {
      send: async (importId) => {
        sentImports.push(importId);
      },
    },
    wordExportJobs: options.wordExportJobs ?? {
      send: async (exportId) => {
        sentWordExports.push(exportId);
      },
    },
    transcriptJobs: options.transcriptJobs ?? {
      send: async (transcriptId) => {
        sentTranscripts.push(transcriptId);
      },
    },
  });
  const app = await buildApp({
    deps,
    config: {
      logLevel: process.env.TEST_LOG_LEVEL === 'error' ? 'error' : 'silent',
      staticDir,
      trustProxy: options.trustProxy ?? false,
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
    },
    ...(options.logStream ? { logger: { level: 'info', stream: options.logStream } } : {}),
  });
  app.addHook('onClose', () => database.close());
  return Object.assign(app, { database, clock, sentTranscripts, sentImports, sentWordExports });
}
