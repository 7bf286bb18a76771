import { endpoints } from '@/contract/endpoints';
import { pageSections } from '../fixtures/content';
import { glossFor, translationsFor } from '../fixtures/translations';
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

  route(endpoints.pageTranslations, ({ params }) => {
    const parsed = parseParams(params, endpoints.pageTranslations.params);
    if (parsed instanceof Response) return parsed;
    const sections = pageSections(parsed.targetLang, parsed.contentId, parsed.pageId);
    if (!sections) return fail(404, 'not_found', 'This page does not exist');
    return ok(translationsFor(sections, parsed.targetLang, parsed.homeLang));
  }),
];
