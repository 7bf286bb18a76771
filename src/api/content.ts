import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { contentEndpoints } from '@/contract/endpoints/content';
import type { Category, ContentSummary, Reader } from '@/contract/entities';
import { type LearningLanguage, learningLanguages } from '@/contract/languages';
import { fetchDetails } from './client';

export const contentQueries = {
  all: () => ['content'] as const,
  categories: (targetLang: LearningLanguage) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'categories', targetLang],
      queryFn: ({ signal }) => fetchDetails(contentEndpoints.categories, { params: { targetLang }, signal }),
      staleTime: 5 * 60_000,
    }),
  reader: (targetLang: LearningLanguage, contentId: number, pageId: number) =>
    queryOptions({
      queryKey: [...contentQueries.all(), 'reader', targetLang, contentId, pageId],
      queryFn: ({ signal }) =>
        fetchDetails(contentEndpoints.reader, { params: { targetLang, contentId, pageId }, signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** How many pages a content has: from any of its pages already cached, else from `knownPage`, one that exists. */
export async function pageCountOf(
  queryClient: QueryClient,
  targetLang: LearningLanguage,
  contentId: number,
  knownPage: number,
): Promise<number> {
  const cached = queryClient
    .getQueriesData<Reader>({ queryKey: [...contentQueries.all(), 'reader', targetLang, contentId] })
    .find(([, reader]) => reader !== undefined)?.[1];
  const reader = cached ?? (await queryClient.ensureQueryData(contentQueries.reader(targetLang, contentId, knownPage)));
  return reader.pages.length;
}

/** A content's place in the library: its title and the content after it in its sub-category (null at the end). */
export function contentInLibrary(
  categories: readonly Category[],
  contentId: number,
): { title: string; next: ContentSummary | null } | null {
  for (const category of categories) {
    for (const subCategory of category.subCategories) {
      const index = subCategory.contents.findIndex((content) => content.id === contentId);
      const content = subCategory.contents[index];
      if (content) return { title: content.title, next: subCategory.contents[index + 1] ?? null };
    }
  }
  return null;
}

/**
 * The language whose library holds a content, looked up in the others' (cached) lists: content ids are global, so a
 * shared link to a text can name one in another language than the learner's. Null when no library has it.
 */
export async function findContentLanguage(
  queryClient: QueryClient,
  contentId: number,
  except: LearningLanguage,
): Promise<LearningLanguage | null> {
  const others = learningLanguages.filter((lang) => lang !== except);
  const libraries = await Promise.all(
    others.map((lang) => queryClient.ensureQueryData(contentQueries.categories(lang)).catch(() => [])),
  );
  const index = libraries.findIndex((categories) => contentInLibrary(categories, contentId) !== null);
  return others[index] ?? null;
}
