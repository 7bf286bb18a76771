/**
 * A word wherever it stands in a text, whatever its case, as a whole word only ("cat" is not inside "catch"):
 * a global, case-insensitive pattern.
 */
export function wholeWordPattern(lowercase: string): RegExp {
  // A phrase's words (contract/phrases.ts) may stand apart by spaces and commas, as the reader matches them.
  const escaped = lowercase
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s,;:]+');
  return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escaped}(?![\\p{L}\\p{M}\\p{N}])`, 'giu');
}

/**
 * A saved word as its sentence writes it, where that case is the word's own: "Hund" in "Ich sehe den Hund.", not
 * "hund". An occurrence that opens the sentence says nothing ("Die" may be "die"), so the first one after the start
 * is taken; without one (or without a sentence) the word stays as saved, lower case.
 */
export function writtenForm(sentence: string | null | undefined, lowercase: string): string {
  const word = lowercase.trim();
  if (!sentence || word === '') return lowercase;
  for (const match of sentence.matchAll(wholeWordPattern(word))) {
    if (/[\p{L}\p{N}]/u.test(sentence.slice(0, match.index))) return match[0];
  }
  return lowercase;
}
