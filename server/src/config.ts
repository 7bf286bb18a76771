import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { maxImportBytes } from '#contract/constants.ts';
import { type AccountSettings, defaultRateLimits } from './services/accounts.ts';
import { parseRange } from './services/imports/address-ranges.ts';
import { defaultWebPageSettings, type WebPageSettings } from './services/imports/web-page.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Ranges proxy-addr (Fastify's) knows by name. */
const namedRanges = ['loopback', 'linklocal', 'uniquelocal'];
const useAddresses =
  "set the load balancer's addresses or CIDRs instead (e.g. 10.0.0.0/8; loopback, linklocal and uniquelocal name those ranges)";

function isAddressOrRange(entry: string): boolean {
  if (namedRanges.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/**
 * TRUST_PROXY: the proxies whose X-Forwarded-For entries are believed; the client's address is then the rightmost
 * entry they did not add. `true` would believe the entries a client writes itself, and a hop count cannot tell the
 * balancer from a client reaching the server directly (Fastify 5 ignores one): both are refused.
 */
function trustedProxies(value: string, context: z.RefinementCtx): false | string[] {
  const text = value.trim();
  if (text === '' || text === 'false') return false;
  const problem =
    text === 'true'
      ? `true would believe every X-Forwarded-For entry, including those a client writes itself: ${useAddresses}`
      : /^\d+$/.test(text)
        ? `a hop count cannot tell the load balancer from a client that reaches the server directly: ${useAddresses}`
        : undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (problem || invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message:
        problem ?? `not an IP address or CIDR: ${invalid.map((entry) => `"${entry}"`).join(', ')}; ${useAddresses}`,
    });
    return z.NEVER;
  }
  return entries;
}

/** URL_IMPORT_ALLOW and URL_IMPORT_DENY: comma-separated addresses or CIDRs (IPv4 and IPv6). */
function addressRanges(value: string, context: z.RefinementCtx): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !parseRange(entry));
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `not an IP address or CIDR: ${invalid.map((entry) => `"${entry}"`).join(', ')} (e.g. 10.0.0.0/8, fd00::/8)`,
    });
    return z.NEVER;
  }
  return entries;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  DATABASE_START_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  IDLE_GC_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  STATIC_DIR: z.string().default('./dist'),
  SEED_CONTENT: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  RUN_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  NEW_USER_WORD_LIMIT: z.coerce.number().int().min(0).default(100),
  NEW_USER_VIDEO_LIMIT: z.coerce.number().int().min(0).default(2),
  ADMIN_EMAILS: z.string().default(''),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).default(90),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  /** Signups one address may make in an hour (the journeys' server raises it: every test signs a learner up). */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(defaultRateLimits.signupPerIp.limit),
  LIBRETRANSLATE_URL: z.string().url().optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  DEEPL_API_KEY: z.string().optional(),
  DEEPL_API_URL: z.string().url().optional(),
  YOUTUBE_BASE_URL: z.string().url().optional(),
  YOUTUBE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUST_PROXY: z.string().default('false').transform(trustedProxies),
  URL_IMPORT_ALLOW: z.string().default('').transform(addressRanges),
  URL_IMPORT_DENY: z.string().default('').transform(addressRanges),
  URL_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(defaultWebPageSettings.timeoutMs),
  URL_IMPORT_MAX_BYTES: z.coerce.number().int().min(1_024).max(maxImportBytes).default(defaultWebPageSettings.maxBytes),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Connecting, and each query, give up after these (a database that stops answering gives fast 503s). */
  databaseTimeouts: { connectMs: number; queryMs: number };
  /** How long the server keeps retrying an unreachable database at start before it exits non-zero. */
  databaseStartTimeoutMs: number;
  /** A request must have arrived whole within this time. */
  requestTimeoutMs: number;
  /** After this long without a request, a full garbage collection gives the heap back (0: never). */
  idleGcSeconds: number;
  logLevel: (typeof logLevels)[number];
  staticDir: string;
  seedContent: boolean;
  runWorkers: boolean;
  /** The proxies (addresses, CIDRs, proxy-addr's range names) whose X-Forwarded-For entries are believed; false: none. */
  trustProxy: false | string[];
  accounts: AccountSettings;
  /** Where transcript jobs read captions: YouTube, or another address speaking its protocol (a proxy, a fake). */
  youtube: { baseUrl: string | undefined; timeoutMs: number };
  /** Card payments through Stripe: both secrets, or none (the store then sells items only). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** The address learners reach this server at (Stripe returns them there); the request's own address when unset. */
  publicUrl: string | undefined;
  /**
   * Web articles imported by their address: the ranges the operator allows although private (URL_IMPORT_ALLOW) or
   * forbids although public (URL_IMPORT_DENY), how long a page may take and how large it may be.
   */
  urlImport: WebPageSettings;
  translation: {
    libreTranslate?: { url: string; apiKey?: string | undefined } | undefined;
    deepl?: { apiKey: string; url?: string | undefined } | undefined;
  };
};

/** The one place the process environment is read. Invalid settings stop the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\nSTRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (card payments) or neither',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    databaseStartTimeoutMs: e.DATABASE_START_TIMEOUT_MS,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    idleGcSeconds: e.IDLE_GC_SECONDS,
    logLevel: e.LOG_LEVEL,
    staticDir: path.resolve(e.STATIC_DIR),
    seedContent: e.SEED_CONTENT,
    runWorkers: e.RUN_WORKERS,
    trustProxy: e.TRUST_PROXY,
    accounts: {
      newUserWordLimit: e.NEW_USER_WORD_LIMIT,
      newUserVideoLimit: e.NEW_USER_VIDEO_LIMIT,
      adminEmails: e.ADMIN_EMAILS.split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
      sessionIdleDays: e.SESSION_IDLE_DAYS,
      sessionMaxDays: e.SESSION_MAX_DAYS,
      passwordHashCost: e.PASSWORD_HASH_COST,
      rateLimits: {
        ...defaultRateLimits,
        signupPerIp: { ...defaultRateLimits.signupPerIp, limit: e.SIGNUPS_PER_ADDRESS_PER_HOUR },
      },
    },
    youtube: { baseUrl: e.YOUTUBE_BASE_URL, timeoutMs: e.YOUTUBE_TIMEOUT_MS },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    urlImport: {
      allow: e.URL_IMPORT_ALLOW,
      deny: e.URL_IMPORT_DENY,
      timeoutMs: e.URL_IMPORT_TIMEOUT_MS,
      maxBytes: e.URL_IMPORT_MAX_BYTES,
    },
    translation: {
      libreTranslate: e.LIBRETRANSLATE_URL
        ? { url: e.LIBRETRANSLATE_URL, apiKey: e.LIBRETRANSLATE_API_KEY }
        : undefined,
      deepl: e.DEEPL_API_KEY ? { apiKey: e.DEEPL_API_KEY, url: e.DEEPL_API_URL } : undefined,
    },
  };
}
