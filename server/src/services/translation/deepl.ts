import { z } from 'zod';
import type { LearningLanguage } from '#contract/languages.ts';
import type { TranslationProvider } from './types.ts';

const answerSchema = z.object({ translations: z.array(z.object({ text: z.string() })).min(1) });

/** DeepL's target codes: English and Portuguese need a variant. */
const targetCodes: Record<LearningLanguage, string> = {
  en: 'EN-GB',
  ru: 'RU',
  de: 'DE',
  fr: 'FR',
  es: 'ES',
  ko: 'KO',
  it: 'IT',
  hu: 'HU',
};

/** DeepL's v2 API; the word's paragraph goes in `context`, which DeepL uses without translating or billing it. */
export function deeplProvider(options: { apiKey: string; url?: string | undefined }): TranslationProvider {
  const url = options.url ?? (options.apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com');
  const endpoint = new URL('/v2/translate', url);
  return {
    name: 'deepl',
    async translate({ lowercase, from, to, context }, signal) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `DeepL-Auth-Key ${options.apiKey}` },
        body: JSON.stringify({
          text: [lowercase],
          source_lang: from.toUpperCase(),
          target_lang: targetCodes[to],
          ...(context ? { context } : {}),
        }),
        signal,
      });
      if (!response.ok) throw new Error(`DeepL answered ${response.status}`);
      const text = answerSchema.parse(await response.json()).translations[0]?.text.trim();
      return text || undefined;
    },
  };
}
