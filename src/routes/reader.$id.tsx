import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { userQueries } from '@/api/account';
import { ApiRequestError } from '@/api/client';
import { contentQueries } from '@/api/content';
import { translationQueries } from '@/api/translations';
import { nextPageNumber, userPageQueries } from '@/api/user-pages';
import { wordQueries } from '@/api/words';
import { ReaderScreen } from '@/features/reader/reader-screen';
import { usePreferences } from '@/stores/preferences';

const searchSchema = z.object({ page: z.number().int().min(0).optional().catch(undefined) });

export const Route = createFileRoute('/reader/$id')({
  params: {
    parse: ({ id }) => ({ id: z.coerce.number().int().positive().parse(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  /**
   * Spec §2: a learner opens the page after the highest one they finished in this content (else the first);
   * the reader and the learner's words are loaded before the page shows, the translations alongside.
   */
  loader: async ({ context, params, deps }) => {
    const { queryClient } = context;
    const { targetLang, homeLang } = usePreferences.getState();
    const user = await queryClient.ensureQueryData(userQueries.current());
    const words = user ? queryClient.ensureQueryData(wordQueries.list()) : undefined;
    let page = deps.page;
    if (page === undefined) {
      page = user ? nextPageNumber(await queryClient.ensureQueryData(userPageQueries.list(targetLang)), params.id) : 0;
    }
    const reader = await queryClient
      .ensureQueryData(contentQueries.reader(targetLang, params.id, page))
      .catch(async (error: unknown) => {
        // Every page was finished: open the last one rather than a page that does not exist.
        if (deps.page !== undefined || page === 0 || !(error instanceof ApiRequestError) || error.status !== 404) {
          throw error;
        }
        const first = await queryClient.ensureQueryData(contentQueries.reader(targetLang, params.id, 0));
        page = Math.max(first.pages.length - 1, 0);
        return queryClient.ensureQueryData(contentQueries.reader(targetLang, params.id, page));
      });
    if (homeLang !== targetLang) {
      void queryClient.prefetchQuery(
        translationQueries.page({ contentId: params.id, pageId: page, homeLang, targetLang }),
      );
    }
    await words;
    return { page: reader.selectedPage.id };
  },
  component: ReaderRoute,
});

function ReaderRoute() {
  const { id } = Route.useParams();
  const { page } = Route.useLoaderData();
  const targetLang = usePreferences((s) => s.targetLang);
  const homeLang = usePreferences((s) => s.homeLang);
  return (
    <ReaderScreen key={`${id}-${page}`} targetLang={targetLang} homeLang={homeLang} contentId={id} pageId={page} />
  );
}
