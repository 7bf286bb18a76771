import { useMutation } from '@tanstack/react-query';
import { vocabularyEndpoints } from '@/contract/endpoints/vocabulary';
import type { LearningLanguage } from '@/contract/languages';
import type { WordExportFormat } from '@/contract/word-export';
import { fetchFile } from './client';

export type VocabularyExport = {
  format: WordExportFormat;
  language: LearningLanguage | 'all';
  /** The levels to export; every level when empty. */
  levels: readonly number[];
};

/**
 * Asks for the learner's words as a file and saves it as a download: the token goes in the header, which a plain link
 * could not send.
 */
export async function downloadVocabularyExport(request: VocabularyExport): Promise<string> {
  const query: Record<string, string> = { format: request.format, language: request.language };
  if (request.levels.length > 0) query.levels = request.levels.join(',');
  const { blob, fileName: named } = await fetchFile(vocabularyEndpoints.exportVocabulary, { query });
  const fileName = named ?? `folio-words-${request.language}.${request.format === 'json' ? 'json' : 'csv'}`;
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
