import type { Section } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { tokenizePage } from '../../text/tokenizer.ts';
import type { Cue } from './transcript-source.ts';

/** A section closes at a sentence's end, or once it is this long, or across a pause this long. */
const maxSectionChars = 220;
const maxPauseSeconds = 4;
const sentenceEnd = /[.!?…。！？]["'”’»)\]]*$/;

/** Caption markup and noise: tags (<i>, <font>, {\an8}), speaker arrows, music notes. */
export function cleanCueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/^\s*>>\s*/g, '')
    .replace(/[♪♫]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Caption cues are fragments of a line each; a section is a sentence (or what a speaker says before a pause),
 * starting when its first cue starts, so the marker moves line by line as it is spoken.
 */
export function mergeCues(cues: readonly Cue[]): { text: string; offset: number }[] {
  const merged: { text: string; offset: number }[] = [];
  let current: { text: string; offset: number; lastStart: number } | null = null;
  for (const cue of [...cues].sort((a, b) => a.start - b.start)) {
    const text = cleanCueText(cue.text);
    if (!text) continue;
    if (current && cue.start - current.lastStart > maxPauseSeconds) {
      merged.push({ text: current.text, offset: current.offset });
      current = null;
    }
    current = current
      ? { text: `${current.text} ${text}`, offset: current.offset, lastStart: cue.start }
      : { text, offset: cue.start, lastStart: cue.start };
    if (sentenceEnd.test(text) || current.text.length >= maxSectionChars) {
      merged.push({ text: current.text, offset: current.offset });
      current = null;
    }
  }
  if (current) merged.push({ text: current.text, offset: current.offset });
  return merged;
}

/** Sections tokenised as texts are (same ids running on, same lowercase keys), each with its start offset. */
export function transcriptSections(cues: readonly Cue[], language: LearningLanguage): Section[] {
  const merged = mergeCues(cues);
  const tokenized = tokenizePage(merged.map((line) => line.text).join('\n\n'), language);
  return tokenized.map((section, index) => ({ tokens: section.tokens, offset: merged[index]?.offset ?? 0 }));
}
