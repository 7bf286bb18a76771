import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { importEndpoints } from '@/contract/endpoints/imports';
import type { TextImport } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { fetchDetails } from './client';

/** While a text is being made into pages, the list asks again this often. */
const processingPollMs = 2000;

const isProcessing = (texts: readonly TextImport[] | undefined) =>
  texts?.some((text) => text.status === 'processing') ?? false;

export const importQueries = {
  all: () => ['imports'] as const,
  list: (targetLang: LearningLanguage) =>
    queryOptions({
      queryKey: [...importQueries.all(), targetLang],
      queryFn: ({ signal }) => fetchDetails(importEndpoints.myTexts, { params: { targetLang }, signal }),
      refetchInterval: (query) => (isProcessing(query.state.data) ? processingPollMs : false),
    }),
};

/** A pasted text, a file, or a web article by its address (whose title, when empty, is the page's). */
export type ImportInput = { language: LearningLanguage; title: string } & (
  | { text: string }
  | { file: File }
  | { url: string }
);

/** A pasted text, a file or a web article into the learner's own library; the list shows it processing, then ready. */
export function useImportText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['imports', 'add'],
    meta: { silent: true },
    mutationFn: (input: ImportInput) => {
      if ('text' in input) {
        return fetchDetails(importEndpoints.importText, {
          body: { language: input.language, title: input.title, text: input.text },
        });
      }
      if ('url' in input) {
        const { language, url, title } = input;
        return fetchDetails(importEndpoints.importUrl, { body: { language, url, ...(title ? { title } : {}) } });
      }
      const formData = new FormData();
      formData.append('language', input.language);
      if (input.title) formData.append('title', input.title);
      formData.append('file', input.file);
      return fetchDetails(importEndpoints.importFile, { formData });
    },
    onSuccess: (created) => {
      queryClient.setQueryData(importQueries.list(created.language).queryKey, (texts) => [created, ...(texts ?? [])]);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: importQueries.all() }),
  });
}

export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['imports', 'delete'],
    mutationFn: (text: TextImport) =>
      fetchDetails(importEndpoints.deleteImport, { params: { targetLang: text.language, importId: text.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: importQueries.all() }),
  });
}
