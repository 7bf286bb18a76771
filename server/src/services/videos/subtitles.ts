import { parse } from '@plussub/srt-vtt-parser';
import type { Cue } from './transcript-source.ts';

/** A subtitle file that cannot be read: binary, not UTF-8, empty, or neither SRT nor WebVTT. */
export class BadSubtitlesError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'BadSubtitlesError';
  }
}

const timing = /\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}\s*-->\s*\d{1,2}:\d{2}(?::\d{2})?[.,]\d{1,3}/;

/**
 * The cues of an SRT or WebVTT file, text only: tags and styling are left to the section builder to strip, cue
 * settings and NOTE/STYLE blocks are the parser's to skip.
 */
export function parseSubtitles(file: Uint8Array): Cue[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new BadSubtitlesError('This file is not a text file in UTF-8');
  }
  if (text.includes('\u0000')) throw new BadSubtitlesError('This file is not a text file');
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!timing.test(normalized)) throw new BadSubtitlesError('This file is neither SRT nor WebVTT subtitles');
  let entries: { from: number; text: string }[];
  try {
    entries = parse(normalized).entries;
  } catch {
    throw new BadSubtitlesError('This subtitle file could not be read');
  }
  const cues = entries
    .map((entry) => ({ text: entry.text.replace(/\s+/g, ' ').trim(), start: entry.from / 1000 }))
    .filter((cue) => cue.text.length > 0 && Number.isFinite(cue.start) && cue.start >= 0);
  if (cues.length === 0) throw new BadSubtitlesError('This subtitle file has no lines');
  return cues;
}
