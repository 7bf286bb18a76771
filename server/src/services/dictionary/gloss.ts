import type { LearningLanguage } from '#contract/languages.ts';

/** FreeDict's English–Hungarian data writes ő and ű as ô and û (Latin-1 look-alikes); put the right letters back. */
export function repairText(text: string, language: LearningLanguage): string {
  if (language !== 'hu') return text;
  return text.replaceAll('ô', 'ő').replaceAll('Ô', 'Ő').replaceAll('û', 'ű').replaceAll('Û', 'Ű');
}

const metaLine = /^\s*(Note:|Synonyms?:|see:|Antonyms?:|"|„|\{)/;

/** The translations one dictd definition offers: its sense lines, split at commas, without tags and labels. */
export function candidatesOf(definition: string): string[] {
  const [, ...lines] = definition.split('\n');
  const candidates: string[] = [];
  for (const line of lines) {
    if (!line.trim() || metaLine.test(line)) continue;
    for (const part of line.replace(/^\s*\d+\.\s*/, '').split(/[,;]\s*/)) {
      const cleaned = part
        .replace(/<[^>]*>/g, '')
        .replace(/\[[^\]]*\]/g, '')
        .replace(/\([^)]*\)/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (cleaned && cleaned.length <= 40 && !/[{}"]/.test(cleaned)) candidates.push(cleaned);
    }
  }
  return candidates;
}

/**
 * A short, common gloss from all the definitions of one headword. FreeDict does not list the most common sense
 * first, so candidates are scored: how often a sense recurs across the entries, and how many other senses
 * contain it (Hungarian "ház" stands inside "uralkodóház", "üzletház", …); ties go to the shorter, then the
 * earlier one.
 */
export function pickGloss(definitions: readonly string[]): string | undefined {
  const candidates = definitions.flatMap(candidatesOf);
  if (candidates.length === 0) return undefined;
  const lower = candidates.map((candidate) => candidate.toLowerCase());
  const counts = new Map<string, number>();
  for (const candidate of lower) counts.set(candidate, (counts.get(candidate) ?? 0) + 1);
  const distinct = [...new Set(lower)];
  let best: { text: string; score: number; index: number } | undefined;
  for (const [index, candidate] of distinct.entries()) {
    const containedIn =
      candidate.length >= 2 ? distinct.filter((other) => other !== candidate && other.includes(candidate)).length : 0;
    const score = 2 * (counts.get(candidate) ?? 0) + containedIn;
    const better =
      !best ||
      score > best.score ||
      (score === best.score && candidate.length < best.text.length) ||
      (score === best.score && candidate.length === best.text.length && index < best.index);
    if (better) best = { text: candidate, score, index };
  }
  const chosen = best?.text;
  return chosen ? candidates[lower.indexOf(chosen)] : undefined;
}
