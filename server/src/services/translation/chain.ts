import type { FastifyBaseLogger } from 'fastify';
import { baseFormCandidates } from '#contract/base-forms.ts';
import type { Translation } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { isPhrase } from '#contract/phrases.ts';
import {
  cachedTranslations,
  cacheTranslation,
  dictionaryGlosses,
  pageGlosses,
  tokenGloss,
  wordGlosses,
} from '../../db/queries/translations.ts';
import type { Db } from '../../db/types.ts';
import type { TranslationProvider } from './types.ts';

type Pair = { from: LearningLanguage; to: LearningLanguage };

const PROVIDER_TIMEOUT_MS = 5_000;

/**
 * Where a translation comes from, in order: the content's own glossary for that very token, the library's
 * glosses of the same word, the dictionary (the exact form, then base forms), the cache of earlier machine
 * translations, and last the configured machine-translation providers (whose answers are cached).
 */
export function createTranslationChain(deps: { db: Db; providers: readonly TranslationProvider[] }) {
  const { db, providers } = deps;

  /** Everything known without asking a provider, for many words at once. */
  async function lookUpWords(pair: Pair, words: readonly string[]): Promise<Map<string, string>> {
    const found = await wordGlosses(db, pair, words);
    const missing = () => words.filter((word) => !found.has(word));
    for (const [word, gloss] of await dictionaryGlosses(db, pair, missing())) found.set(word, gloss);
    const bases = new Map(missing().map((word) => [word, baseFormCandidates(word, pair.from)]));
    const baseGlosses = await dictionaryGlosses(db, pair, [...new Set([...bases.values()].flat())]);
    for (const [word, candidates] of bases) {
      const base = candidates.find((candidate) => baseGlosses.has(candidate));
      if (base) found.set(word, baseGlosses.get(base) ?? '');
    }
    for (const [word, text] of await cachedTranslations(db, pair, missing())) found.set(word, text);
    return found;
  }

  async function askProviders(
    pair: Pair,
    lowercase: string,
    context: string | undefined,
    now: Date,
    log: FastifyBaseLogger,
  ) {
    for (const provider of providers) {
      try {
        const text = await provider.translate(
          { lowercase, ...pair, context },
          AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
        );
        if (text) {
          await cacheTranslation(db, pair, { lowercase, translatesTo: text, provider: provider.name, now });
          return text;
        }
      } catch (error) {
        log.warn({ err: error, provider: provider.name }, 'translation provider failed');
      }
    }
    return undefined;
  }

  return {
    /**
     * Translations of a page's word tokens (their ids and lowercase forms, in order) that can be had without a
     * provider (a page may have thousands).
     */
    async pageTranslations(params: {
      contentId: number;
      pageNumber: number;
      words: { ids: readonly number[]; words: readonly string[] };
      pair: Pair;
    }): Promise<Translation[]> {
      const byToken = await pageGlosses(db, {
        contentId: params.contentId,
        pageNumber: params.pageNumber,
        homeLanguage: params.pair.to,
      });
      const { ids, words } = params.words;
      const unglossed = new Set<string>();
      for (const [index, id] of ids.entries()) if (!byToken.has(id)) unglossed.add(words[index] ?? '');
      const byWord = await lookUpWords(params.pair, [...unglossed]);
      const translations: Translation[] = [];
      for (const [index, tokenId] of ids.entries()) {
        const text = byToken.get(tokenId) ?? byWord.get(words[index] ?? '');
        if (text) translations.push({ tokenId, translatesTo: text });
      }
      return translations;
    },

    /** One token, asking the providers when nothing else knows it; a provider's failure goes to `log`. */
    async translateToken(params: {
      tokenId: number;
      lowercase: string;
      pair: Pair;
      page?: { contentId: number; pageNumber: number; context: string | undefined } | undefined;
      now: Date;
      log: FastifyBaseLogger;
    }): Promise<string | undefined> {
      // A glossary glosses a page's words, by token: a phrase starting at a token is not that token's word.
      if (params.page && !isPhrase(params.lowercase)) {
        const own = await tokenGloss(db, {
          contentId: params.page.contentId,
          pageNumber: params.page.pageNumber,
          tokenId: params.tokenId,
          homeLanguage: params.pair.to,
        });
        if (own) return own;
      }
      const known = (await lookUpWords(params.pair, [params.lowercase])).get(params.lowercase);
      return known ?? askProviders(params.pair, params.lowercase, params.page?.context, params.now, params.log);
    },
  };
}

export type TranslationChain = ReturnType<typeof createTranslationChain>;
