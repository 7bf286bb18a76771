import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type Library,
  type LibraryContent,
  libraryEndpoints,
  type NewSubCategoryRequest,
  type UpdateContentRequest,
  type UploadContentRequest,
} from '@/contract/endpoints/library';
import type { TextImport } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { fetchDetails } from './client';
import { contentQueries } from './content';

/** While an upload's pages are being made, the library asks again this often. */
const processingPollMs = 2000;

const processing = (library: Library | undefined) =>
  library?.uploads.some((upload) => upload.status === 'processing') ?? false;

export const libraryQueries = {
  all: () => ['admin', 'library'] as const,
  of: (targetLang: LearningLanguage) =>
    queryOptions({
      queryKey: [...libraryQueries.all(), targetLang],
      queryFn: ({ signal }) => fetchDetails(libraryEndpoints.adminLibrary, { params: { targetLang }, signal }),
      refetchInterval: (query) => (processing(query.state.data) ? processingPollMs : false),
    }),
};

/** Every change to the library is seen in the admins' view and in the learners' browse screen. */
function useLibraryMutation<Input, Output>(key: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'library', key],
    meta: { silent: true },
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryQueries.all() }),
        queryClient.invalidateQueries({ queryKey: contentQueries.all() }),
      ]),
  });
}

export type UploadInput = Omit<UploadContentRequest, 'subCategoryId'> & {
  language: LearningLanguage;
  /** An existing sub-category, or a new one (in an existing category, or a new one by its title). */
  place:
    | { subCategoryId: number }
    | ({ categoryId: number } & Omit<NewSubCategoryRequest, 'categoryId'>)
    | ({ categoryTitle: string } & Omit<NewSubCategoryRequest, 'categoryId'>);
};

/** Creates what the upload needs (a category, a sub-category), then sends the text to be made into pages. */
export function useUploadContent() {
  return useLibraryMutation('upload', async ({ language, place, ...text }: UploadInput) => {
    let subCategoryId: number;
    if ('subCategoryId' in place) subCategoryId = place.subCategoryId;
    else {
      const categoryId =
        'categoryId' in place
          ? place.categoryId
          : (await fetchDetails(libraryEndpoints.createCategory, { body: { language, title: place.categoryTitle } }))
              .id;
      const sub = await fetchDetails(libraryEndpoints.createSubCategory, {
        body: { categoryId, title: place.title, description: place.description },
      });
      subCategoryId = sub.id;
    }
    return fetchDetails(libraryEndpoints.uploadContent, { body: { ...text, subCategoryId } });
  });
}

export function useUpdateContent() {
  return useLibraryMutation('update', ({ id, ...body }: UpdateContentRequest & { id: number }) =>
    fetchDetails(libraryEndpoints.updateContent, { params: { contentId: id }, body }),
  );
}

export function useDeleteContent() {
  return useLibraryMutation('delete', (content: LibraryContent) =>
    fetchDetails(libraryEndpoints.deleteContent, { params: { contentId: content.id } }),
  );
}

/** Removes an upload that could not be imported from the uploader's list (the server refuses any other). */
export function useDeleteUpload() {
  return useLibraryMutation('delete-upload', (upload: TextImport) =>
    fetchDetails(libraryEndpoints.deleteUpload, { params: { importId: upload.id } }),
  );
}

/** The details an edit sends back unchanged but for what the admin changed. */
export const editableDetails = ({ subCategoryId, title, description, level, published }: LibraryContent) => ({
  subCategoryId,
  title,
  description,
  level,
  published,
});
