import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * A strict Content-Security-Policy that still lets in what the product loads from third parties:
 * the YouTube embed and its iframe API, Stripe's card payment script and checkout, and YouTube thumbnails.
 * Styles allow 'unsafe-inline' because the toast library injects its stylesheet at run time; scripts do not.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'", 'https://www.youtube.com', 'https://s.ytimg.com', 'https://js.stripe.com'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'https://i.ytimg.com', 'https://img.youtube.com', 'https://*.stripe.com'],
  'font-src': ["'self'", 'data:'],
  // YouTube: the browser reads a new video's title from oEmbed.
  'connect-src': ["'self'", 'https://api.stripe.com', 'https://www.youtube.com'],
  'frame-src': [
    'https://www.youtube.com',
    'https://www.youtube-nocookie.com',
    'https://js.stripe.com',
    'https://hooks.stripe.com',
    'https://checkout.stripe.com',
  ],
  'media-src': ["'self'", 'blob:'],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'", 'https://checkout.stripe.com'],
  'frame-ancestors': ["'none'"],
  'upgrade-insecure-requests': null,
};

/** `scriptHashes`: the hashes of index.html's own inline scripts (first-paint.ts), the only inline code allowed. */
export async function registerSecurity(app: FastifyInstance, scriptHashes: readonly string[] = []) {
  const directives = {
    ...contentSecurityPolicy,
    'script-src': [...contentSecurityPolicy['script-src'], ...scriptHashes],
  };
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
