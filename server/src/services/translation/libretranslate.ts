import { z } from 'zod';
import type { TranslationProvider } from './types.ts';

const answerSchema = z.object({ translatedText: z.string() });

/** A self-hosted LibreTranslate (`POST /translate`). */
export function libreTranslateProvider(options: { url: string; apiKey?: string | undefined }): TranslationProvider {
  const endpoint = new URL('translate', options.url.endsWith('/') ? options.url : `${options.url}/`);
  return {
    name: 'libretranslate',
    async translate({ lowercase, from, to }, signal) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: lowercase, source: from, target: to, format: 'text', api_key: options.apiKey }),
        signal,
      });
      if (!response.ok) throw new Error(`LibreTranslate answered ${response.status}`);
      const text = answerSchema.parse(await response.json()).translatedText.trim();
      return text || undefined;
    },
  };
}
