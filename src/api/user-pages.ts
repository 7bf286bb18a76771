import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userPageEndpoints } from '@/contract/endpoints/user-pages';
import type { UserPage } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { storeBalances } from './account';
import { forgetCoverage, refreshProgress } from './cache-resets';
import { fetchDetails } from './client';

export const userPageQueries = {
  all: () => ['userPages'] as const,
  list: (targetLang: LearningLanguage) =>
    queryOptions({
      queryKey: [...userPageQueries.all(), targetLang],
      queryFn: ({ signal }) => fetchDetails(userPageEndpoints.userPages, { params: { targetLang }, signal }),
    }),
};

/** The page to open: one past the highest page read in this content, else the first (spec §2). */
export function nextPageNumber(pages: readonly UserPage[], contentId: number, pageCount?: number): number {
  const read = pages.filter((page) => page.contentId === contentId).map((page) => page.pageId);
  if (read.length === 0) return 0;
  const next = Math.max(...read) + 1;
  return pageCount !== undefined ? Math.min(next, Math.max(pageCount - 1, 0)) : next;
}

export function useSaveUserPage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['userPages', 'save'],
    mutationFn: (page: UserPage) => fetchDetails(userPageEndpoints.saveUserPage, { body: page }),
    onSuccess: ({ balances, ...page }) => {
      storeBalances(queryClient, balances, 'earnings');
      void forgetCoverage(queryClient, page.language);
      void refreshProgress(queryClient, page.language);
      queryClient.setQueryData(userPageQueries.list(page.language).queryKey, (pages) => [
        ...(pages ?? []).filter((p) => !(p.contentId === page.contentId && p.pageId === page.pageId)),
        page,
      ]);
    },
  });
}
