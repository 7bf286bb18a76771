import type { z } from 'zod/mini';
import { accountEndpoints } from './endpoints/account.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { contentEndpoints } from './endpoints/content.ts';
import { coverageEndpoints } from './endpoints/coverage.ts';
import type { Endpoint } from './endpoints/endpoint.ts';
import { importEndpoints } from './endpoints/imports.ts';
import { libraryEndpoints } from './endpoints/library.ts';
import { notificationEndpoints } from './endpoints/notifications.ts';
import { paymentEndpoints } from './endpoints/payments.ts';
import { progressEndpoints } from './endpoints/progress.ts';
import { translationEndpoints } from './endpoints/translations.ts';
import { userPageEndpoints } from './endpoints/user-pages.ts';
import { videoEndpoints } from './endpoints/videos.ts';
import { vocabularyEndpoints } from './endpoints/vocabulary.ts';
import { wordEndpoints } from './endpoints/words.ts';

export const API_BASE = '/api/v1';
/** The learner's IANA time zone, sent with every call so learning days follow their clock; UTC when absent. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** Every call of the API, by name: each resource's calls are described in `endpoints/<resource>.ts`. */
export const endpoints = {
  ...accountEndpoints,
  ...contentEndpoints,
  ...wordEndpoints,
  ...translationEndpoints,
  ...videoEndpoints,
  ...userPageEndpoints,
  ...notificationEndpoints,
  ...paymentEndpoints,
  ...importEndpoints,
  ...adminEndpoints,
  ...libraryEndpoints,
  ...coverageEndpoints,
  ...vocabularyEndpoints,
  ...progressEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type DetailsOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['details']>;
export type BodyOf<N extends EndpointName> = (typeof endpoints)[N] extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : never;
export type ParamsOf<N extends EndpointName> = (typeof endpoints)[N] extends { params: infer P extends z.ZodMiniType }
  ? z.input<P>
  : never;

/** Fills `:name` segments, e.g. pathOf('/content/:targetLang', { targetLang: 'de' }) → '/content/de'. */
export function pathOf(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
