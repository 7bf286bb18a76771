import { accountEndpoints } from './endpoints/account.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { authEndpoints } from './endpoints/auth.ts';
import { contentEndpoints } from './endpoints/content.ts';
import { coverageEndpoints } from './endpoints/coverage.ts';
import type { Endpoint, EndpointBody, EndpointDetails, EndpointParams } from './endpoints/endpoint.ts';
import { flashcardEndpoints } from './endpoints/flashcards.ts';
import { importEndpoints } from './endpoints/imports.ts';
import { libraryEndpoints } from './endpoints/library.ts';
import { notificationEndpoints } from './endpoints/notifications.ts';
import { paymentEndpoints } from './endpoints/payments.ts';
import { progressEndpoints } from './endpoints/progress.ts';
import { translationEndpoints } from './endpoints/translations.ts';
import { userPageEndpoints } from './endpoints/user-pages.ts';
import { videoEndpoints } from './endpoints/videos.ts';
import { vocabularyEndpoints } from './endpoints/vocabulary.ts';
import { wordImportEndpoints } from './endpoints/word-imports.ts';
import { wordParentEndpoints } from './endpoints/word-parents.ts';
import { wordEndpoints } from './endpoints/words.ts';

export { API_BASE, pathOf, TIME_ZONE_HEADER } from './request.ts';

/** Every call of the API, by name: each resource's calls are described in `endpoints/<resource>.ts`. */
export const endpoints = {
  ...authEndpoints,
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
  ...flashcardEndpoints,
  ...wordImportEndpoints,
  ...wordParentEndpoints,
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type DetailsOf<N extends EndpointName> = EndpointDetails<(typeof endpoints)[N]>;
export type BodyOf<N extends EndpointName> = EndpointBody<(typeof endpoints)[N]>;
export type ParamsOf<N extends EndpointName> = EndpointParams<(typeof endpoints)[N]>;
