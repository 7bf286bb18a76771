import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type TranslationRequest, translationEndpoints } from '@/contract/endpoints/translations';
import type { Translation } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { isPhrase } from '@/contract/phrases';
import { fetchDetails } from './client';

type PageKey = { contentId: number; pageId: number; homeLang: LearningLanguage; targetLang: LearningLanguage };

export const translationQueries = {
  all: () => ['translations'] as const,
  page: ({ contentId, pageId, homeLang, targetLang }: PageKey) =>
    queryOptions({
      queryKey: [...translationQueries.all(), 'page', contentId, pageId, homeLang, targetLang],
      queryFn: ({ signal }) =>
        fetchDetails(translationEndpoints.pageTranslations, {
          params: { contentId, pageId, homeLang, targetLang },
          signal,
        }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** Adds one translation to a page's list, replacing an older one for the same token. */
export function withTranslation(list: readonly Translation[] | undefined, translation: Translation): Translation[] {
  return [...(list ?? []).filter((item) => item.tokenId !== translation.tokenId), translation];
}

/** Translates a token the page translations lack and keeps the answer in that page's cache, when it is a page. */
export function useTranslateToken(page: PageKey | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['translations', 'translate'],
    mutationFn: (request: TranslationRequest) => fetchDetails(translationEndpoints.translate, { body: request }),
    onSuccess: (translation, request) => {
      // The page's translations are its words', by token: a phrase's is shown, not kept under its first word.
      if (!page || isPhrase(request.lowerCase)) return;
      queryClient.setQueryData(translationQueries.page(page).queryKey, (list) => withTranslation(list, translation));
    },
  });
}
