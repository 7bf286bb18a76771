import { ownMeaningMaxLength } from '@/contract/entities';

/**
 * The senses a dictionary's translation names, for the learner to pick one as their own meaning: split where the
 * glosses join them (";" between senses, "," between near ones, as server/src/services/dictionary/gloss.ts splits a
 * definition; " / " between the alternatives of the starter library's glosses), without what brackets add, each once,
 * in order.
 */
export function sensesOf(translation: string | undefined): string[] {
  if (!translation) return [];
  const seen = new Set<string>();
  const senses: string[] = [];
  for (const part of translation.replace(/\([^)]*\)|\[[^\]]*\]/g, '').split(/[;,]|\s\/\s/)) {
    const sense = part.replace(/\s+/g, ' ').trim();
    const key = sense.toLowerCase();
    if (!sense || sense.length > ownMeaningMaxLength || seen.has(key)) continue;
    seen.add(key);
    senses.push(sense);
  }
  return senses;
}

/** A meaning as it is saved: one line (control characters, which the server refuses, become spaces), trimmed. */
export const meaningToSave = (text: string) => text.replace(/\p{Cc}/gu, ' ').trim();

/** A note as it is saved: its lines kept, other control characters dropped, trimmed. */
export const noteToSave = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\t\n]/gu, '')
    .trim();
