import { sql } from 'drizzle-orm';
import type { LearningLanguage } from '#contract/languages.ts';
import { dictionaryEntries } from '../../db/schema/learning.ts';
import type { Db } from '../../db/types.ts';
import { readDictd } from './dictd.ts';
import { pickGloss, repairText } from './gloss.ts';
import { headsBaseForm, pickLemma } from './lemma.ts';

/** FreeDict names its files by ISO 639-3 codes. */
const iso639_3: Record<string, LearningLanguage> = {
  eng: 'en',
  rus: 'ru',
  deu: 'de',
  ger: 'de',
  fra: 'fr',
  fre: 'fr',
  spa: 'es',
  kor: 'ko',
  ita: 'it',
  hun: 'hu',
};

export type DictionaryFile = { indexPath: string; dictPath: string; name: string };

/** `freedict-deu-eng` → German to English; undefined for a pair Folio does not teach. */
export function languagePairOf(name: string): { from: LearningLanguage; to: LearningLanguage } | undefined {
  const match = /([a-z]{3})-([a-z]{3})$/.exec(name);
  const from = match?.[1] ? iso639_3[match[1]] : undefined;
  const to = match?.[2] ? iso639_3[match[2]] : undefined;
  return from && to ? { from, to } : undefined;
}

/**
 * read: index entries; inserted / updated / unchanged: headwords; skipped: headwords without a usable gloss;
 * withLemma: headwords kept with a base form.
 */
export type ImportReport = {
  name: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  withLemma: number;
};

/**
 * Imports one dictd dictionary into `dictionary_entries`, one short gloss per lowercase headword and its base form
 * when the dictionary's references name one (`lemma.ts`), in a single
 * transaction: a file that fails part-way leaves nothing behind. Running it again changes nothing new.
 */
export async function importDictionary(
  db: Db,
  file: DictionaryFile,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportReport> {
  const pair = languagePairOf(file.name);
  if (!pair) throw new Error(`${file.name}: not a language pair Folio teaches`);
  const entries = await readDictd(file.indexPath, file.dictPath);
  const byHeadword = new Map<string, string[]>();
  for (const { headword, definition } of entries) {
    const key = headword.toLocaleLowerCase(pair.from).trim();
    if (!key || key.length > 100) continue;
    const list = byHeadword.get(key);
    if (list) list.push(definition);
    else byHeadword.set(key, [definition]);
  }
  const baseForms = new Set<string>();
  for (const [headword, definitions] of byHeadword) if (definitions.some(headsBaseForm)) baseForms.add(headword);
  const lower = (word: string) => word.toLocaleLowerCase(pair.from);
  const rows: { headword: string; gloss: string; lemma: string | null }[] = [];
  for (const [headword, definitions] of byHeadword) {
    const gloss = pickGloss(definitions);
    const lemma = pickLemma(headword, definitions, (word) => baseForms.has(word), lower) ?? null;
    if (gloss) rows.push({ headword, gloss: repairText(gloss, pair.to), lemma });
  }
  const report: ImportReport = {
    name: file.name,
    read: entries.length,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped: byHeadword.size - rows.length,
    withLemma: rows.filter((row) => row.lemma !== null).length,
  };
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += 2000) {
      const batch = rows.slice(start, start + 2000);
      const result = await tx
        .insert(dictionaryEntries)
        .values(
          batch.map((row) => ({
            sourceLanguage: pair.from,
            targetLanguage: pair.to,
            headword: row.headword,
            gloss: row.gloss,
            lemma: row.lemma,
            source: file.name,
          })),
        )
        .onConflictDoUpdate({
          target: [dictionaryEntries.sourceLanguage, dictionaryEntries.targetLanguage, dictionaryEntries.headword],
          set: { gloss: sql`excluded.gloss`, lemma: sql`excluded.lemma`, source: sql`excluded.source` },
          setWhere: sql`(${dictionaryEntries.gloss}, ${dictionaryEntries.lemma}) is distinct from (excluded.gloss, excluded.lemma)`,
        })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of result) {
        if (row.inserted) report.inserted++;
        else report.updated++;
      }
      onProgress(Math.min(start + batch.length, rows.length), rows.length);
    }
  });
  report.unchanged = rows.length - report.inserted - report.updated;
  return report;
}
