import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnkiMapping } from '@/contract/anki-import';
import { wordImportEndpoints } from '@/contract/endpoints/word-imports';
import type { LearningLanguage } from '@/contract/languages';
import type { WordImportFormat, WordImportPolicy } from '@/contract/word-import';
import { storeBalances, userQueries } from './account';
import { coverageRoot, progressRoot } from './cache-resets';
import { fetchDetails } from './client';
import { wordQueries } from './words';

export type WordImportRequest = {
  file: File;
  /** The learner's current language: rows that name none are in it. */
  language: LearningLanguage;
  /** Used only when the file cannot tell its format. */
  format?: WordImportFormat | undefined;
  /** An Anki package's fields, when the learner has chosen others than the preview's. */
  mapping?: AnkiMapping | undefined;
};

/** Reads and stages a word file: the preview's counts, problems and limit (nothing is applied yet). */
export function useWordImportPreview() {
  return useMutation({
    mutationKey: ['word-imports', 'preview'],
    meta: { silent: true },
    mutationFn: ({ file, language, format, mapping }: WordImportRequest) => {
      const formData = new FormData();
      formData.append('language', language);
      if (format) formData.append('format', format);
      if (mapping) formData.append('mapping', JSON.stringify(mapping));
      formData.append('file', file);
      return fetchDetails(wordImportEndpoints.previewWordImport, { formData });
    },
  });
}

/**
 * Applies a staged import. Words of any language may have changed: every saved-word cache, the progress panels and the
 * coverage figures are asked again; the learner's word count is the answer's (an import earns no coins).
 */
export function useCommitWordImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['word-imports', 'commit'],
    meta: { silent: true },
    mutationFn: ({ importId, policy }: { importId: string; policy: WordImportPolicy }) =>
      fetchDetails(wordImportEndpoints.commitWordImport, { params: { importId }, body: { policy } }),
    onSuccess: (result) => {
      const user = queryClient.getQueryData(userQueries.current().queryKey);
      if (user) storeBalances(queryClient, { wordCount: result.wordCount, creditAmount: user.creditAmount });
      void queryClient.invalidateQueries({ queryKey: wordQueries.all() });
      void queryClient.invalidateQueries({ queryKey: [progressRoot] });
      void queryClient.resetQueries({ queryKey: [coverageRoot] });
    },
  });
}
