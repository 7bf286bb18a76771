import type { FetchParams } from 'youtube-transcript-plus';
import { type Cue, NoCaptionsError, type TranscriptSource } from './transcript-source.ts';

const youtubeOrigin = 'https://www.youtube.com';

/**
 * Captions from YouTube through youtube-transcript-plus (its watch page, Innertube player and timedtext calls). Every
 * request goes to `baseUrl` instead of youtube.com when one is configured: a proxy, or the local fake in tests.
 */
export function youtubeTranscriptSource(options: {
  baseUrl?: string | undefined;
  timeoutMs: number;
}): TranscriptSource {
  const base = (options.baseUrl ?? youtubeOrigin).replace(/\/$/, '');
  const send = ({ url, method, body, headers, lang, userAgent, signal }: FetchParams) =>
    fetch(url.startsWith(youtubeOrigin) ? `${base}${url.slice(youtubeOrigin.length)}` : url, {
      method: method ?? 'GET',
      ...(body ? { body } : {}),
      headers: {
        ...headers,
        ...(lang ? { 'Accept-Language': lang } : {}),
        ...(userAgent ? { 'User-Agent': userAgent } : {}),
      },
      signal: signal
        ? AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)])
        : AbortSignal.timeout(options.timeoutMs),
    });
  return {
    async fetchCues(videoId, language, signal) {
      // Loaded by the first video added, not by every server at start (it brings an HTML parser).
      const {
        fetchTranscript,
        YoutubeTranscriptDisabledError,
        YoutubeTranscriptInvalidVideoIdError,
        YoutubeTranscriptNotAvailableError,
        YoutubeTranscriptNotAvailableLanguageError,
        YoutubeTranscriptVideoUnavailableError,
      } = await import('youtube-transcript-plus');
      try {
        const segments = await fetchTranscript(videoId, {
          lang: language,
          videoFetch: send,
          playerFetch: send,
          transcriptFetch: send,
          ...(signal ? { signal } : {}),
        });
        return segments.map((segment): Cue => ({ text: segment.text, start: segment.offset }));
      } catch (error) {
        if (error instanceof YoutubeTranscriptNotAvailableLanguageError) {
          const available = error.availableLangs.join(', ');
          throw new NoCaptionsError(
            'no_captions_in_language',
            `This video has no captions in this language (it has: ${available || 'none'})`,
            available,
          );
        }
        if (
          error instanceof YoutubeTranscriptDisabledError ||
          error instanceof YoutubeTranscriptNotAvailableError ||
          error instanceof YoutubeTranscriptVideoUnavailableError ||
          error instanceof YoutubeTranscriptInvalidVideoIdError
        ) {
          throw new NoCaptionsError('no_captions', 'This video has no captions that can be read');
        }
        throw error;
      }
    },
  };
}
