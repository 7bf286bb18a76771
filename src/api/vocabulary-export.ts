import { queryOptions, useMutation } from '@tanstack/react-query';
import { type StartWordExport, vocabularyEndpoints, type WordExportJob } from '@/contract/endpoints/vocabulary';
import type { LearningLanguage } from '@/contract/languages';
import type { WordExportFormat } from '@/contract/word-export';
import { fetchDetails, fetchFile } from './client';

export type VocabularyExport = {
  format: WordExportFormat;
  language: LearningLanguage | 'all';
  /** The levels to export; every level when empty. */
  levels: readonly number[];
};

/** Saves a fetched file as a download. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Asks for the learner's words as a file and saves it as a download: the token goes in the header, which a plain link
 * could not send.
 */
export async function downloadVocabularyExport(request: VocabularyExport): Promise<string> {
  const query: Record<string, string> = { format: request.format, language: request.language };
  if (request.levels.length > 0) query.levels = request.levels.join(',');
  const { blob, fileName: named } = await fetchFile(vocabularyEndpoints.exportVocabulary, { query });
  const fileName = named ?? `folio-words-${request.language}.${request.format === 'json' ? 'json' : 'csv'}`;
  saveFile(blob, fileName);
  return fileName;
}

/** The export as a mutation: pending while the file is made and fetched; the dialog words its error itself. */
export function useVocabularyExport() {
  return useMutation({
    mutationKey: ['vocabulary', 'export'],
    meta: { silent: true },
    mutationFn: (request: VocabularyExport) => downloadVocabularyExport(request),
  });
}

/** While an export's job runs, its state is asked again this often. */
const pendingPollMs = 1000;

export const wordExportQueries = {
  all: () => ['word-exports'] as const,
  job: (exportId: string) =>
    queryOptions({
      queryKey: [...wordExportQueries.all(), exportId],
      queryFn: ({ signal }) => fetchDetails(vocabularyEndpoints.wordExport, { params: { exportId }, signal }),
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? pendingPollMs : false),
      // The dialog words a failure itself.
      meta: { silent: true },
    }),
};

/** Starts an export a job makes (the Anki package); the dialog then follows the job. */
export function useStartWordExport() {
  return useMutation({
    mutationKey: ['word-exports', 'start'],
    meta: { silent: true },
    mutationFn: (request: StartWordExport) => fetchDetails(vocabularyEndpoints.startWordExport, { body: request }),
  });
}

/** Downloads a made export's file, under the name the server gave it. */
export function useDownloadWordExport() {
  return useMutation({
    mutationKey: ['word-exports', 'download'],
    meta: { silent: true },
    mutationFn: async (job: WordExportJob) => {
      const { blob, fileName } = await fetchFile(vocabularyEndpoints.wordExportFile, {
        params: { exportId: job.id },
      });
      saveFile(blob, fileName ?? job.fileName);
      return job.fileName;
    },
  });
}
