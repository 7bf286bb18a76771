import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { timings } from '@/contract/constants';
import { type VideoGroup, type VideoProcessRequest, videoEndpoints } from '@/contract/endpoints/videos';
import type { Section } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { callEndpoint, fetchDetails, isDone } from './client';

type TranscriptPage = { sections: Section[]; done: boolean };

/** Offsets are shifted earlier so a line is marked as it starts being spoken (spec §7). */
export function shiftSections(sections: readonly Section[], firstLoad: boolean): Section[] {
  const shift = firstLoad ? timings.firstTranscriptShiftSeconds : timings.laterTranscriptShiftSeconds;
  return sections.map((section) =>
    section.offset === undefined ? section : { ...section, offset: Math.max(0, section.offset - shift) },
  );
}

/** While a job waits or runs, the list asks again this often; it stops once none does. */
export const processingPollMs = 3000;

const isProcessing = (groups: readonly VideoGroup[] | undefined) =>
  groups?.some((group) => group.processingVideos.some((video) => video.jobStatus !== 'failed')) ?? false;

export const videoQueries = {
  all: () => ['videos'] as const,
  mine: (targetLang: LearningLanguage) =>
    queryOptions({
      queryKey: [...videoQueries.all(), 'mine', targetLang],
      queryFn: ({ signal }) => fetchDetails(videoEndpoints.myVideos, { params: { targetLang }, signal }),
      refetchInterval: (query) => (isProcessing(query.state.data) ? processingPollMs : false),
    }),
  /** Transcripts load section by section: the page param is the index of the first section to fetch. */
  transcript: (targetLang: LearningLanguage, videoId: string) =>
    infiniteQueryOptions({
      queryKey: [...videoQueries.all(), 'transcript', targetLang, videoId],
      initialPageParam: 0,
      queryFn: async ({ pageParam, signal }): Promise<TranscriptPage> => {
        const result = await callEndpoint(videoEndpoints.transcript, {
          params: { targetLang, videoId, index: pageParam },
          signal,
        });
        const done = isDone(result) || result.details.length === 0;
        return { sections: shiftSections(result.details, pageParam === 0), done };
      },
      getNextPageParam: (lastPage, allPages) =>
        lastPage.done ? undefined : allPages.reduce((count, page) => count + page.sections.length, 0),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

export function useProcessVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['videos', 'process'],
    mutationFn: (request: VideoProcessRequest) => fetchDetails(videoEndpoints.processVideo, { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoQueries.all() }),
  });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['videos', 'delete'],
    mutationFn: (params: { targetLang: LearningLanguage; videoId: string }) =>
      fetchDetails(videoEndpoints.deleteVideo, { params }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoQueries.all() }),
  });
}

/**
 * The video's title from YouTube's oEmbed, read by the browser when it can reach YouTube; null otherwise (the
 * learner then types it). Not an API call of ours: nothing is cached or retried.
 */
export async function fetchVideoTitle(videoId: string, signal?: AbortSignal): Promise<string | null> {
  const watch = encodeURIComponent(`https://www.youtube.com/watch?v=${videoId}`);
  try {
    const response = await fetch(`https://www.youtube.com/oembed?url=${watch}&format=json`, { signal });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return body && typeof body === 'object' && 'title' in body && typeof body.title === 'string' ? body.title : null;
  } catch {
    return null;
  }
}

/** Gives a new or failed video the transcript of a subtitle file (SRT or WebVTT); the list then shows it processing. */
export function useUploadSubtitles() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['videos', 'subtitles'],
    mutationFn: ({ targetLang, videoId, file }: { targetLang: LearningLanguage; videoId: string; file: File }) => {
      const formData = new FormData();
      formData.append('file', file);
      return fetchDetails(videoEndpoints.uploadSubtitles, { params: { targetLang, videoId }, formData });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoQueries.all() }),
  });
}
