import { useMutation } from '@tanstack/react-query';
import { vocabularyEndpoints } from '@/contract/endpoints/vocabulary';
import { receivedErrorEnvelopeSchema } from '@/contract/envelope';
import type { LearningLanguage } from '@/contract/languages';
import { API_BASE, TIME_ZONE_HEADER } from '@/contract/request';
import type { WordExportFormat } from '@/contract/word-export';
import { browserTimeZone } from '@/lib/time-zone';
import { ApiRequestError } from './client';
import { readStoredToken } from './session';

export type VocabularyExport = {
  format: WordExportFormat;
  language: LearningLanguage | 'all';
  /** The levels to export; every level when empty. */
  levels: readonly number[];
};

/** The file name the server gave, else one of the same form. */
function fileNameOf(response: Response, request: VocabularyExport): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return named ?? `folio-words-${request.language}.${request.format === 'json' ? 'json' : 'csv'}`;
}

/**
 * Asks for the learner's words as a file (its success is the file, not the envelope, so not through `callEndpoint`)
 * and saves it as a download: the token goes in the header, which a plain link could not send.
 */
export async function downloadVocabularyExport(request: VocabularyExport, signal?: AbortSignal): Promise<string> {
  const token = readStoredToken();
  if (!token) throw new ApiRequestError(401);
  const query = new URLSearchParams({ format: request.format, language: request.language });
  if (request.levels.length > 0) query.set('levels', request.levels.join(','));
  let response: Response;
  try {
    const address = new URL(`${API_BASE}${vocabularyEndpoints.exportVocabulary.path}?${query}`, location.origin);
    response = await fetch(address, {
      headers: { Authorization: `Bearer ${token}`, [TIME_ZONE_HEADER]: browserTimeZone() },
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError(0);
  }
  if (!response.ok) {
    const envelope = receivedErrorEnvelopeSchema.safeParse(await response.json().catch(() => undefined));
    throw envelope.success
      ? new ApiRequestError(response.status, envelope.data.details, envelope.data.message)
      : new ApiRequestError(response.status);
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response, request);
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
