import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { rewards } from '#contract/constants.ts';
import type { Config } from './config.ts';
import type { Db } from './db/types.ts';
import { defaultUsageLimits, type UsageLimits } from './deps.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  registerRequestGuards,
} from './plugins/error-handler.ts';
import { inlineScriptHashes } from './plugins/first-paint.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { libraryPreloadScript } from './plugins/preload-hints.ts';
import { registerSecurity } from './plugins/security.ts';
import { readSpaShell, registerSpa } from './plugins/spa.ts';
import { accountRoutes } from './routes/accounts.ts';
import { adminRoutes } from './routes/admin.ts';
import { contentRoutes } from './routes/content.ts';
import { healthRoutes } from './routes/health.ts';
import { importRoutes } from './routes/imports.ts';
import { learningRoutes } from './routes/learning.ts';
import { libraryRoutes } from './routes/library.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { storeRoutes } from './routes/store.ts';
import { translationRoutes } from './routes/translations.ts';
import { videoRoutes } from './routes/videos.ts';
import type { Clock } from './services/accounts.ts';
import type { ImportJobs } from './services/imports/jobs.ts';
import type { JobQueueAdmin } from './services/job-queue.ts';
import type { PaymentGateway } from './services/payments/gateway.ts';
import { createTranslationChain } from './services/translation/chain.ts';
import type { TranslationProvider } from './services/translation/types.ts';
import type { TranscriptJobs } from './services/videos/jobs.ts';

export type AppOptions = {
  db: Db;
  config: Pick<Config, 'logLevel' | 'staticDir' | 'trustProxy' | 'accounts'> &
    Partial<Pick<Config, 'requestTimeoutMs' | 'publicUrl'>>;
  /** Machine-translation providers, asked in order when glossary and dictionary have nothing. */
  providers?: readonly TranslationProvider[];
  limits?: UsageLimits;
  /** The time source of every rule (streaks, refresh, sessions, limits); tests pass a controllable one. */
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Where transcript jobs go: pg-boss (server.ts); tests pass pg-boss or a recorder. */
  transcriptJobs: TranscriptJobs;
  /** Where imported texts go: pg-boss (server.ts); tests pass pg-boss or a recorder. */
  importJobs: ImportJobs;
  /** The admin's view of the job queue: pg-boss (server.ts, tests that need it). */
  jobQueue?: JobQueueAdmin | undefined;
  /** Card payments: Stripe (server.ts, when configured) or Stripe's SDK on the tests' fake Stripe. */
  payments?: PaymentGateway | undefined;
};

/** Videos per 7-day cycle: the free allowance, and more with Pro Gold (see ARCHITECTURE.md). */
export const videoAllowance = (free: number) => ({ free, pro: free + rewards.proExtraVideos });

export async function buildApp({
  db,
  config,
  clock = () => new Date(),
  logger,
  providers = [],
  limits = defaultUsageLimits,
  transcriptJobs,
  importJobs,
  jobQueue,
  payments,
}: AppOptions) {
  const requestTimeout = config.requestTimeoutMs ?? 30_000;
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.confirmPassword'],
    },
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    // A request must arrive whole within this time (a slow-trickle upload is cut off with 408).
    requestTimeout,
    http: {
      // Node enforces the request timeout only while the headers timeout (60 s by default) is not longer.
      headersTimeout: Math.min(60_000, requestTimeout),
      // Node checks every 30 s by default, so a 30 s limit could let a trickle run for 60 s.
      connectionsCheckingInterval: Math.max(50, Math.min(30_000, Math.floor(requestTimeout / 4))),
    },
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
  });
  app.decorate('deps', {
    db,
    clock,
    accounts: config.accounts,
    limits,
    translations: createTranslationChain({ db, providers, log: app.log }),
    videos: { jobs: transcriptJobs, allowance: videoAllowance(config.accounts.newUserVideoLimit) },
    imports: { jobs: importJobs },
    jobQueue,
    payments,
    publicUrl: config.publicUrl,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestGuards(app);

  const shell = readSpaShell(config.staticDir);
  await registerSecurity(app, shell ? inlineScriptHashes(shell + libraryPreloadScript) : []);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(contentRoutes);
  await app.register(accountRoutes);
  await app.register(notificationRoutes);
  await app.register(learningRoutes);
  await app.register(translationRoutes);
  await app.register(videoRoutes);
  await app.register(storeRoutes);
  await app.register(importRoutes);
  await app.register(adminRoutes);
  await app.register(libraryRoutes);

  await registerSpa(app, config.staticDir, shell);
  return app;
}
