import compress from '@fastify/compress';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  registerRequestGuards,
} from './plugins/error-handler.ts';
import { firstPaintScripts, inlineScriptHashes } from './plugins/first-paint.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { dataPreloadScripts } from './plugins/preload-hints.ts';
import { registerSecurity } from './plugins/security.ts';
import { readSpaShell, registerSpa } from './plugins/spa.ts';
import { accountRoutes } from './routes/account.ts';
import { adminRoutes } from './routes/admin.ts';
import { contentRoutes } from './routes/content.ts';
import { coverageRoutes } from './routes/coverage.ts';
import { flashcardRoutes } from './routes/flashcards.ts';
import { healthRoutes } from './routes/health.ts';
import { importRoutes } from './routes/imports.ts';
import { libraryRoutes } from './routes/library.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { progressRoutes } from './routes/progress.ts';
import { translationRoutes } from './routes/translations.ts';
import { userPageRoutes } from './routes/user-pages.ts';
import { videoRoutes } from './routes/videos.ts';
import { vocabularyRoutes } from './routes/vocabulary.ts';
import { wordImportRoutes } from './routes/word-imports.ts';
import { wordRoutes } from './routes/words.ts';

export type AppOptions = {
  /** Built once by the caller with `createDeps` and decorated as they are. */
  deps: AppDeps;
  config: Pick<Config, 'logLevel' | 'staticDir' | 'trustProxy'> & Partial<Pick<Config, 'requestTimeoutMs'>>;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({ deps, config, logger }: AppOptions) {
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
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestGuards(app);

  const shell = readSpaShell(config.staticDir);
  await registerSecurity(app, shell ? inlineScriptHashes(shell + dataPreloadScripts + firstPaintScripts) : []);
  await app.register(compress, { threshold: 1024 });
  await registerOpenApi(app);

  await app.register(healthRoutes);
  await app.register(contentRoutes);
  await app.register(coverageRoutes);
  await app.register(accountRoutes);
  await app.register(notificationRoutes);
  await app.register(wordRoutes);
  await app.register(vocabularyRoutes);
  await app.register(progressRoutes);
  await app.register(flashcardRoutes);
  await app.register(userPageRoutes);
  await app.register(translationRoutes);
  await app.register(videoRoutes);
  await app.register(paymentRoutes);
  await app.register(importRoutes);
  await app.register(wordImportRoutes);
  await app.register(adminRoutes);
  await app.register(libraryRoutes);

  await registerSpa(app, config.staticDir, shell);
  return app;
}
