import { endpoints } from '@/contract/endpoints';
import { learnerLibraryOf } from '../library';
import { readableReader, viewerOf } from '../readable';
import { fail, ok, parseParams, route } from './respond';

export const contentHandlers = [
  route(endpoints.categories, ({ params }) => {
    const parsed = parseParams(params, endpoints.categories.params);
    if (parsed instanceof Response) return parsed;
    return ok(learnerLibraryOf(parsed.targetLang));
  }),

  route(endpoints.reader, ({ request, params }) => {
    const parsed = parseParams(params, endpoints.reader.params);
    if (parsed instanceof Response) return parsed;
    const reader = readableReader(parsed.targetLang, parsed.contentId, parsed.pageId, viewerOf(request));
    return reader ? ok(reader) : fail(404, 'not_found', 'This page does not exist');
  }),
];
