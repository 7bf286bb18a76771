/**
 * Base forms from a FreeDict dictionary's cross references (docs/decisions/0041). FreeDict's German–English data
 * (Ding's) heads a base form's entries with its part of speech, `gehen /ɡˈeːən/ <v, intr>`, `Haus /hˈaʊs/ <neut, n,
 * sg>`, and an inflected form's with none or a plural, `gegangen /ɡəɡˈaŋən/`, `Häuser /hˈɔøzɜ/ <pl>`; each entry's
 * `see:` line names related headwords, the base form among them (`see: {gehen}, {gehend}, …`).
 */

/** The part-of-speech tag at the end of an entry's first line (`v, intr`), undefined when it has none. */
function tagOf(definition: string): string | undefined {
  const headLine = definition.split('\n', 1)[0] ?? '';
  return /<([^<>]*)>\s*$/.exec(headLine)?.[1];
}

/** Whether an entry heads a base form: it has a part of speech, and not a plural one. */
export function headsBaseForm(definition: string): boolean {
  const tag = tagOf(definition);
  return tag !== undefined && !/(^|[\s,])pl($|[\s,])/.test(tag);
}

/** The headwords an entry's `see:` lines name, as written. */
export function referencesOf(definition: string): string[] {
  return definition
    .split('\n')
    .filter((line) => /^\s*see:/.test(line))
    .flatMap((line) => [...line.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? ''));
}

const oneWord = /^\p{L}[\p{L}\p{M}'-]*$/u;

/** A reference without the object and reflexive marks a verb is written with: `etw. sehen`, `sich jdm. anschließen`. */
const marks = /^(?:(?:sich|\p{L}+\.(?:\/\p{L}+\.)*)\s+)+/u;

/**
 * A one-word headword's base form from its entries' references: none when one of its entries heads a base form itself;
 * else the one-word reference (its verb's marks left out), a base form of the dictionary (`isBaseForm`), that most of
 * its entries name first among such references, then that most of them name, then named first. `lower` puts a
 * reference in the headword's lowercase form.
 */
export function pickLemma(
  headword: string,
  definitions: readonly string[],
  isBaseForm: (word: string) => boolean,
  lower: (word: string) => string,
): string | undefined {
  if (!oneWord.test(headword) || definitions.some(headsBaseForm)) return undefined;
  const named = new Map<string, { entries: number; first: number }>();
  for (const definition of definitions) {
    const references = new Set(
      referencesOf(definition)
        .map((reference) => lower(reference.trim().replace(marks, '')))
        .filter((reference) => reference !== headword && oneWord.test(reference) && isBaseForm(reference)),
    );
    let first = true;
    for (const reference of references) {
      const counts = named.get(reference) ?? { entries: 0, first: 0 };
      named.set(reference, { entries: counts.entries + 1, first: counts.first + (first ? 1 : 0) });
      first = false;
    }
  }
  let best: [string, { entries: number; first: number }] | undefined;
  for (const entry of named) {
    const [, counts] = entry;
    if (!best || counts.first > best[1].first || (counts.first === best[1].first && counts.entries > best[1].entries))
      best = entry;
  }
  return best?.[0];
}
