import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { userQueries } from '@/api/account';
import { ApiRequestError } from '@/api/client';
import { contentInLibrary, contentQueries, findContentLanguage, pageCountOf } from '@/api/content';
import { importQueries } from '@/api/imports';
import { translationQueries } from '@/api/translations';
import { nextPageNumber, userPageQueries } from '@/api/user-pages';
import { wordQueries } from '@/api/words';
import { FinishedText } from '@/features/reader/finished-text';
import { switchToLanguageOfText } from '@/features/reader/language-switch';
import { ReaderScreen } from '@/features/reader/reader-screen';
import { usePreferences } from '@/stores/preferences';

const searchSchema = z.object({ page: z.catch(z.optional(z.int().check(z.minimum(0))), undefined) });

export const Route = createFileRoute('/reader/$id')({
  staticData: { title: msg`Reader` },

  params: {
    parse: ({ id }) => ({ id: z.coerce.number().check(z.int(), z.positive()).parse(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  /**
   * Spec §2: a learner opens the page after the highest one they finished in this content (else the first);
   * the reader and the levels of its words are loaded before the page shows, the translations alongside. A text
   * whose every page is finished opens on its finished state (its last page stays one tap away).
   */
  loader: async ({ context, params, deps, preload }) => {
    const { queryClient } = context;
    const { targetLang, homeLang } = usePreferences.getState();
    // The title and the next text come from the library list, usually cached already; the page never waits on it.
    const place = queryClient
      .ensureQueryData(contentQueries.categories(targetLang))
      .then((categories) => contentInLibrary(categories, params.id))
      .catch(() => null);
    let finished = false;
    const user = await queryClient.ensureQueryData(userQueries.current());
    let page = deps.page;
    if (page === undefined && user) {
      page = nextPageNumber(await queryClient.ensureQueryData(userPageQueries.list(targetLang)), params.id);
      if (page > 0) {
        // The page after the last one read exists only when that one was not the last: a text read to its end
        // opens on its finished state (its last page) without asking for a page it does not have.
        const pageCount = await pageCountOf(queryClient, targetLang, params.id, page - 1);
        finished = page >= pageCount;
        page = Math.min(page, pageCount - 1);
      }
    }
    page ??= 0;
    // The levels of this page's words alone, alongside the page: cached levels show at once and are fetched again
    // behind them (changes from another device), so no page waits for the learner's whole word list. A failure
    // does not hold the page: the text asks again when it mounts.
    const pageLevels = (pageId: number) =>
      user
        ? queryClient
            .ensureQueryData({
              ...wordQueries.scope({ language: targetLang, contentId: params.id, pageId }),
              revalidateIfStale: true,
            })
            .catch(() => undefined)
        : undefined;
    const words = pageLevels(page);
    const reader = await queryClient
      .ensureQueryData(contentQueries.reader(targetLang, params.id, page))
      .catch(async (error: unknown) => {
        // A link only previewed (hovered) changes no language.
        if (!(error instanceof ApiRequestError) || error.status !== 404 || preload) throw error;
        // A shared link to a text in another language: learn that language and open the text.
        const language = await findContentLanguage(queryClient, params.id, targetLang);
        if (!language) throw error;
        switchToLanguageOfText(language);
        throw redirect({ to: '/reader/$id', params: { id: params.id }, search: { page: deps.page } });
      });
    if (homeLang !== targetLang) {
      void queryClient.prefetchQuery(
        translationQueries.page({ contentId: params.id, pageId: page, homeLang, targetLang }),
      );
    }
    await words;
    const library = await place;
    // A learner's own text is not in the library: its finished state takes the title from their texts.
    const title =
      library?.title ??
      (finished && user
        ? await queryClient
            .ensureQueryData(importQueries.list(targetLang))
            .then((texts) => texts.find((text) => text.contentId === params.id)?.title ?? null)
            .catch(() => null)
        : null);
    return { page: reader.selectedPage.id, finished, title, next: library?.next ?? null };
  },
  component: ReaderRoute,
});

function ReaderRoute() {
  const { id } = Route.useParams();
  const { page, finished, title, next } = Route.useLoaderData();
  const targetLang = usePreferences((s) => s.targetLang);
  const homeLang = usePreferences((s) => s.homeLang);
  if (finished) return <FinishedText contentId={id} title={title} next={next} />;
  return (
    <ReaderScreen key={`${id}-${page}`} targetLang={targetLang} homeLang={homeLang} contentId={id} pageId={page} />
  );
}
