import { rewards } from '#contract/constants.ts';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import type { AccountSettings, Clock } from './services/accounts.ts';
import type { WordExportJobs } from './services/exports/jobs.ts';
import type { ImportJobs } from './services/imports/jobs.ts';
import { type AnkiPackageReader, ankiPackageReader } from './services/imports/read-anki-package.ts';
import { defaultWebPageSettings, type WebPageFetcher, webPageFetcher } from './services/imports/web-page.ts';
import type { JobQueueAdmin } from './services/job-queue.ts';
import type { PaymentGateway } from './services/payments/gateway.ts';
import type { RateRule } from './services/rate-limit.ts';
import { createTranslationChain, type TranslationChain } from './services/translation/chain.ts';
import type { TranslationProvider } from './services/translation/types.ts';
import type { TranscriptJobs } from './services/videos/jobs.ts';

export type UsageLimits = {
  translatePerIp: RateRule;
  translatePerUser: RateRule;
  importUrlPerUser: RateRule;
  wordImportPerUser: RateRule;
  wordExportPerUser: RateRule;
};

export const defaultUsageLimits: UsageLimits = {
  translatePerIp: { name: 'translate-ip', limit: 300, windowSeconds: 60 },
  translatePerUser: { name: 'translate-user', limit: 120, windowSeconds: 60 },
  // Each import by address makes the server fetch a page for the learner.
  importUrlPerUser: { name: 'import-url-user', limit: 20, windowSeconds: 600 },
  // Each word file read is up to 10 MB of parsing and a staged copy of its rows.
  wordImportPerUser: { name: 'word-import-user', limit: 20, windowSeconds: 600 },
  // Each Anki export is a job that reads every word and writes a package in a worker thread.
  wordExportPerUser: { name: 'word-export-user', limit: 20, windowSeconds: 600 },
};

/** What route handlers need besides the request: reachable as `app.deps` from every plugin. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  accounts: AccountSettings;
  limits: UsageLimits;
  translations: TranslationChain;
  videos: { jobs: TranscriptJobs; allowance: { free: number; pro: number } };
  /**
   * Where a learner's imported text goes to be made into pages; how a web article is fetched by its address; how an
   * Anki package is read, one at a time.
   */
  imports: { jobs: ImportJobs; webPages: WebPageFetcher; ankiPackages: AnkiPackageReader };
  /** Where a learner's exports that take a job (the Anki package) go to be made. */
  wordExports: { jobs: WordExportJobs };
  /** The background jobs as the admin's queue screen sees and manages them (none: no queue in this process). */
  jobQueue: JobQueueAdmin | undefined;
  /** Card payments (Stripe), when configured: the store sells items only without them. */
  payments: PaymentGateway | undefined;
  /** The address learners reach the server at, for the card provider's return links; the request's own if unset. */
  publicUrl: string | undefined;
};

export type DepsOptions = {
  db: Db;
  config: Pick<Config, 'accounts'> & Partial<Pick<Config, 'publicUrl' | 'urlImport'>>;
  /** Where transcript jobs go: pg-boss (server.ts); tests pass pg-boss or a recorder. */
  transcriptJobs: TranscriptJobs;
  /** Where imported texts go: pg-boss (server.ts); tests pass pg-boss or a recorder. */
  importJobs: ImportJobs;
  /** Where exports made off the request path go: pg-boss (server.ts); tests pass pg-boss or a recorder. */
  wordExportJobs: WordExportJobs;
  /** Machine-translation providers, asked in order when glossary and dictionary have nothing (none). */
  providers?: readonly TranslationProvider[];
  limits?: UsageLimits;
  /** The time source of every rule (streaks, refresh, sessions, limits); tests pass a controllable one. */
  clock?: Clock;
  /** The admin's view of the job queue: pg-boss (server.ts, tests that need it). */
  jobQueue?: JobQueueAdmin | undefined;
  /** Card payments: Stripe (server.ts, when configured) or Stripe's SDK on the tests' fake Stripe. */
  payments?: PaymentGateway | undefined;
  /** How one Anki package is read (in a worker thread); tests hold it to see the packages waiting their turn. */
  readAnkiPackage?: AnkiPackageReader;
};

/** Videos per 7-day cycle: the free allowance, and more with Pro Gold (docs/decisions/0011-the-video-limit.md). */
export const videoAllowance = (free: number) => ({ free, pro: free + rewards.proExtraVideos });

/** The app's dependencies, built once by the process (server.ts), a test (buildTestApp) or a bench. */
export function createDeps({
  db,
  config,
  transcriptJobs,
  importJobs,
  wordExportJobs,
  providers = [],
  limits = defaultUsageLimits,
  clock = () => new Date(),
  jobQueue,
  payments,
  readAnkiPackage,
}: DepsOptions): AppDeps {
  return {
    db,
    clock,
    accounts: config.accounts,
    limits,
    translations: createTranslationChain({ db, providers }),
    videos: { jobs: transcriptJobs, allowance: videoAllowance(config.accounts.newUserVideoLimit) },
    imports: {
      jobs: importJobs,
      webPages: webPageFetcher(config.urlImport ?? defaultWebPageSettings),
      ankiPackages: ankiPackageReader(readAnkiPackage),
    },
    wordExports: { jobs: wordExportJobs },
    jobQueue,
    payments,
    publicUrl: config.publicUrl,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
