import type { Db } from './db/types.ts';
import type { AccountSettings, Clock } from './services/accounts.ts';
import type { ImportJobs } from './services/imports/jobs.ts';
import type { JobQueueAdmin } from './services/job-queue.ts';
import type { PaymentGateway } from './services/payments/gateway.ts';
import type { RateRule } from './services/rate-limit.ts';
import type { TranslationChain } from './services/translation/chain.ts';
import type { TranscriptJobs } from './services/videos/jobs.ts';

export type UsageLimits = { translatePerIp: RateRule; translatePerUser: RateRule };

export const defaultUsageLimits: UsageLimits = {
  translatePerIp: { name: 'translate-ip', limit: 300, windowSeconds: 60 },
  translatePerUser: { name: 'translate-user', limit: 120, windowSeconds: 60 },
};

/** What route handlers need besides the request: reachable as `app.deps` from every plugin. */
export type AppDeps = {
  db: Db;
  clock: Clock;
  accounts: AccountSettings;
  limits: UsageLimits;
  translations: TranslationChain;
  videos: { jobs: TranscriptJobs; allowance: { free: number; pro: number } };
  /** Where a learner's imported text goes to be made into pages. */
  imports: { jobs: ImportJobs };
  /** The background jobs as the admin's queue screen sees and manages them (none: no queue in this process). */
  jobQueue: JobQueueAdmin | undefined;
  /** Card payments (Stripe), when configured: the store sells items only without them. */
  payments: PaymentGateway | undefined;
  /** The address learners reach the server at, for the card provider's return links; the request's own if unset. */
  publicUrl: string | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
