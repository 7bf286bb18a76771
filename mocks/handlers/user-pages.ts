import { endpoints } from '@/contract/endpoints';
import { pagesOf, payPageCoins } from '../db';
import { readableSections } from '../readable';
import { countProgress, learningDayOf } from './progress';
import { fail, ok, parseBody, parseParams, requireUser, route } from './respond';

export const userPageHandlers = [
  route(endpoints.userPages, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.userPages.params);
    if (parsed instanceof Response) return parsed;
    return ok(pagesOf(user).filter((page) => page.language === parsed.targetLang));
  }),

  route(endpoints.saveUserPage, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const page = await parseBody(request, endpoints.saveUserPage.body);
    if (page instanceof Response) return page;
    if (!readableSections(page.language, page.contentId, page.pageId, user)) {
      return fail(404, 'not_found', 'This page does not exist');
    }
    const pages = pagesOf(user);
    const known = pages.some(
      (item) => item.contentId === page.contentId && item.pageId === page.pageId && item.language === page.language,
    );
    if (!known) pages.push(page);
    if (!known) countProgress(user, page.language, learningDayOf(request), { pagesRead: 1 });
    return ok({ ...page, balances: payPageCoins(user, !known) });
  }),
];
