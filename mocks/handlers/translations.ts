import { endpoints } from '@/contract/endpoints';
import { glossFor, translationsFor } from '../fixtures/translations';
import { readableSections, viewerOf } from '../readable';
import { fail, ok, parseBody, parseParams, route } from './respond';

export const translationHandlers = [
  route(endpoints.translate, async ({ request }) => {
    const body = await parseBody(request, endpoints.translate.body);
    if (body instanceof Response) return body;
    const translatesTo = glossFor(body.lowerCase, body.targetLanguage, body.homeLanguage);
    return translatesTo === undefined
      ? fail(404, 'no_translation', 'No translation found for this word')
      : ok({ tokenId: body.tokenId, translatesTo });
  }),

  route(endpoints.pageTranslations, ({ request, params }) => {
    const parsed = parseParams(params, endpoints.pageTranslations.params);
    if (parsed instanceof Response) return parsed;
    const sections = readableSections(parsed.targetLang, parsed.contentId, parsed.pageId, viewerOf(request));
    if (!sections) return fail(404, 'not_found', 'This page does not exist');
    return ok(translationsFor(sections, parsed.targetLang, parsed.homeLang));
  }),
];
