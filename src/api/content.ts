import { queryOptions } from '@tanstack/react-query';
import type { LearningLanguage } from '@/contract/languages';
import { fetchDetails } from './client';

export const contentQueries = {
  all: () => ['content'] as const,
  categories: (targetLang: LearningLanguage) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'categories', targetLang],
      queryFn: ({ signal }) => fetchDetails('categories', { params: { targetLang }, signal }),
      staleTime: 5 * 60_000,
    }),
  reader: (targetLang: LearningLanguage, contentId: number, pageId: number) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'reader', targetLang, contentId, pageId],
      queryFn: ({ signal }) => fetchDetails('reader', { params: { targetLang, contentId, pageId }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
