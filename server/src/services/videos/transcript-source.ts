import type { TranscriptFailure } from '#contract/entities.ts';
/** A line of captions: its text and when it starts, in seconds from the start of the video. */
export type Cue = { text: string; start: number };

/** Where a video's captions come from; production reads YouTube, tests a local fake of it. */
export type TranscriptSource = {
  /** The video's caption cues in a language. Throws `NoCaptionsError` when it has none there. */
  fetchCues: (videoId: string, language: string, signal?: AbortSignal) => Promise<Cue[]>;
};

/** The video has no captions in that language (or at all): retrying cannot help. */
export class NoCaptionsError extends Error {
  readonly failure: Exclude<TranscriptFailure, 'unreachable'>;
  /** The languages the video has captions in, for `no_captions_in_language`. */
  readonly available: string;
  constructor(failure: Exclude<TranscriptFailure, 'unreachable'>, reason: string, available = '') {
    super(reason);
    this.name = 'NoCaptionsError';
    this.failure = failure;
    this.available = available;
  }
}
