import type { FastifyInstance } from 'fastify';
import { endpoints } from '#contract/endpoints.ts';
import { findPageSections, findPageWords } from '../db/queries/content.ts';
import { apiError } from '../http/errors.ts';
import { enforceRateLimit } from '../services/rate-limit.ts';
import { RawJsonDetails, registerEndpoint } from './endpoint.ts';

const sameLanguage = () => apiError(400, 'invalid_input', 'Home and target language are the same');

export async function translationRoutes(app: FastifyInstance) {
  const { db, translations, limits } = app.deps;

  registerEndpoint(app, endpoints.pageTranslations, async ({ params, auth }) => {
    if (params.homeLang === params.targetLang) throw sameLanguage();
    const words = await findPageWords(db, {
      viewer: auth?.user,
      language: params.targetLang,
      contentId: params.contentId,
      pageNumber: params.pageId,
    });
    if (!words) throw apiError(404, 'not_found', 'This page does not exist');
    const found = await translations.pageTranslations({
      contentId: params.contentId,
      pageNumber: params.pageId,
      words,
      pair: { from: params.targetLang, to: params.homeLang },
    });
    // Typed as the contract's translations; sent as is, not checked again field by field (a page has thousands).
    return new RawJsonDetails(JSON.stringify(found));
  });

  registerEndpoint(app, endpoints.translate, async ({ body, auth, request, now }) => {
    if (body.homeLanguage === body.targetLanguage) throw sameLanguage();
    await enforceRateLimit(db, limits.translatePerIp, request.ip, now);
    if (auth) await enforceRateLimit(db, limits.translatePerUser, String(auth.user.id), now);
    let page: { contentId: number; pageNumber: number; context: string | undefined } | undefined;
    if (body.contentId !== undefined && body.pageId !== undefined) {
      const sections = await findPageSections(db, {
        viewer: auth?.user,
        language: body.targetLanguage,
        contentId: body.contentId,
        pageNumber: body.pageId,
      });
      const section = sections?.find((s) => s.tokens.some((token) => token.id === body.tokenId));
      page = {
        contentId: body.contentId,
        pageNumber: body.pageId,
        context: section?.tokens.map((token) => token.display).join(''),
      };
    }
    const text = await translations.translateToken({
      tokenId: body.tokenId,
      lowercase: body.lowerCase,
      pair: { from: body.targetLanguage, to: body.homeLanguage },
      page,
      now,
      log: request.log,
    });
    if (!text) throw apiError(404, 'no_translation', 'No translation found for this word');
    return { tokenId: body.tokenId, translatesTo: text };
  });
}
