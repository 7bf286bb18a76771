import type { QueryClient } from '@tanstack/react-query';
import { userQueries } from '@/api/account';
import { ApiRequestError } from '@/api/client';
import { contentInLibrary, contentQueries, findContentLanguage, pageCountOf } from '@/api/content';
import { importQueries } from '@/api/imports';
import { translationQueries } from '@/api/translations';
import { nextPageNumber, userPageQueries } from '@/api/user-pages';
import { wordQueries } from '@/api/words';
import type { ContentSummary, Reader } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';

export type ReaderRequest = {
  contentId: number;
  /** The page the link names (`?page=`), if any. */
  page: number | undefined;
  targetLang: LearningLanguage;
  homeLang: LearningLanguage;
  /** A link only previewed (hovered): it changes no language. */
  preload: boolean;
};

/** What the reader route shows: a page of the text, or its finished state. */
export type ReaderPlace = { page: number; finished: boolean; title: string | null; next: ContentSummary | null };

/** The text is in another language's library: the route switches to it and opens the link again. */
export type ReaderElsewhere = { language: LearningLanguage };

/**
 * Spec §2: a learner opens the page after the highest one they finished in this content (else the first); the
 * reader and the levels of its words are loaded before the page shows, the translations alongside. A text whose
 * every page is finished opens on its finished state (its last page stays one tap away), without asking for a page
 * it does not have.
 */
export async function loadReaderPlace(
  queryClient: QueryClient,
  { contentId, page: linkedPage, targetLang, homeLang, preload }: ReaderRequest,
): Promise<ReaderPlace | ReaderElsewhere> {
  // The title and the next text come from the library list, usually cached already; the page never waits on it.
  const place = queryClient
    .ensureQueryData(contentQueries.categories(targetLang))
    .then((categories) => contentInLibrary(categories, contentId))
    .catch(() => null);
  const user = await queryClient.ensureQueryData(userQueries.current());
  let finished = false;
  let page = linkedPage;
  if (page === undefined && user) {
    page = nextPageNumber(await queryClient.ensureQueryData(userPageQueries.list(targetLang)), contentId);
    if (page > 0) {
      const pageCount = await pageCountOf(queryClient, targetLang, contentId, page - 1);
      finished = page >= pageCount;
      page = Math.min(page, pageCount - 1);
    }
  }
  page ??= 0;
  // The levels of this page's words alone, alongside the page: cached levels show at once and are fetched again
  // behind them (changes from another device). A failure does not hold the page: the text asks again.
  const words = user
    ? queryClient
        .ensureQueryData({
          ...wordQueries.scope({ language: targetLang, contentId, pageId: page }),
          revalidateIfStale: true,
        })
        .catch(() => undefined)
    : undefined;
  let reader: Reader;
  try {
    reader = await queryClient.ensureQueryData(contentQueries.reader(targetLang, contentId, page));
  } catch (error) {
    if (!(error instanceof ApiRequestError) || error.status !== 404 || preload) throw error;
    // A shared link to a text in another language.
    const language = await findContentLanguage(queryClient, contentId, targetLang);
    if (!language) throw error;
    return { language };
  }
  if (homeLang !== targetLang) {
    void queryClient.prefetchQuery(translationQueries.page({ contentId, pageId: page, homeLang, targetLang }));
  }
  await words;
  const library = await place;
  // A learner's own text is not in the library: its finished state takes the title from their texts.
  const title =
    library?.title ??
    (finished && user
      ? await queryClient
          .ensureQueryData(importQueries.list(targetLang))
          .then((texts) => texts.find((text) => text.contentId === contentId)?.title ?? null)
          .catch(() => null)
      : null);
  return { page: reader.selectedPage.id, finished, title, next: library?.next ?? null };
}
