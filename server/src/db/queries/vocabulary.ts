import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { maxFamilyDepth } from '#contract/endpoints/word-parents.ts';
import type { UserWord, VocabularySort, WordLevel } from '#contract/entities.ts';
import { hasControlCharacter } from '#contract/fields.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { statement } from '../prepared-statements.ts';
import type { Db } from '../types.ts';
import { countProgress } from './progress.ts';
import { type BalancesRow, balancesAfter, balancesOf, paidSave, type SaveBalances } from './save-balances.ts';

/**
 * Where a page of the list ends: the last word's sort key (its change time to the microsecond, or its occurrences;
 * none for A–Z, whose key is the word's folded form) and the word itself, which breaks ties. Sent as an opaque
 * base64url text.
 */
export type VocabularyCursor = { sort: VocabularySort; key: string; lowercase: string };

export function encodeCursor(cursor: VocabularyCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.lowercase])).toString('base64url');
}

const microsecondTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether a cursor's key is one its sort could have written (anything else would fail in the database). */
const keyFits: Record<VocabularySort, (key: string) => boolean> = {
  recent: (key) => microsecondTime.test(key) && new Date(key).toISOString().slice(0, 23) === key.slice(0, 23),
  az: (key) => key === '',
  frequency: (key) => /^\d{1,10}$/.test(key) && Number(key) <= 2_147_483_647,
};

/** The cursor an `after` text holds, or undefined when it is not one this server wrote for `sort`. */
export function decodeCursor(after: string, sort: VocabularySort): VocabularyCursor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) return undefined;
  const [, key, lowercase] = parsed as unknown[];
  if (typeof key !== 'string' || typeof lowercase !== 'string') return undefined;
  if (lowercase === '' || hasControlCharacter(lowercase) || !keyFits[sort](key)) return undefined;
  return { sort, key, lowercase };
}

type ListParam = 'userId' | 'language' | 'homeLang' | 'levels' | 'prefix' | 'afterKey' | 'afterWord' | 'limit';
type P = Record<ListParam, Placeholder>;

/** What a statement's text depends on: the sort and which filters are there (a prepared plan per shape). */
type Shape = {
  sort: VocabularySort;
  levels: boolean;
  search: boolean;
  after: boolean;
  family: boolean;
  phrases: boolean;
};

/** Each sort's key as a row of `user_words` (or the counted rows) shows it, its cursor text, and its order. */
const sorts: Record<VocabularySort, { key: SQL; keyText: SQL; order: SQL; after: (p: P) => SQL; counted: boolean }> = {
  // Both descending, so the row comparison is a bound of the `user_words_recent` index.
  recent: {
    key: sql`w.updated_at`,
    keyText: sql`to_char(w.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    order: sql`w.updated_at desc, w.lowercase collate "C" desc`,
    after: (p) => sql`(w.updated_at, w.lowercase collate "C") < (${p.afterKey}::timestamptz, ${p.afterWord}::text)`,
    counted: false,
  },
  az: {
    key: sql`w.folded`,
    keyText: sql`''`,
    order: sql`w.folded collate "C", w.lowercase collate "C"`,
    after: (p) =>
      sql`(w.folded collate "C", w.lowercase collate "C") > (fold_word(${p.afterWord}::text), ${p.afterWord}::text)`,
    counted: false,
  },
  // The occurrences are summed for every word that passes the filters, so the whole order is known; the library's
  // part is one row per word (`library_words`), the learner's own texts are few.
  frequency: {
    key: sql`w.occurrences`,
    keyText: sql`w.occurrences::text`,
    order: sql`w.occurrences desc, w.lowercase collate "C"`,
    after: (p) => sql`(w.occurrences < ${p.afterKey}::int
      or (w.occurrences = ${p.afterKey}::int and w.lowercase collate "C" > ${p.afterWord}::text))`,
    counted: true,
  },
};

/**
 * Words (rows of `user_words` as `alias`) whose folded form starts with the folded search: a range of the
 * `user_words_folded` index, compared byte-wise, as it is sorted.
 */
const startsWithSearch = (alias: SQL, p: P) =>
  sql`${alias}.folded collate "C" >= fold_word(${p.prefix}::text)
    and ${alias}.folded collate "C" < fold_word(${p.prefix}::text) || chr(1114111)`;

/** Which rows of `user_words` (as `w`) are the learner's saved words in the language that pass the filters. */
function filtered(p: P, shape: Shape): SQL {
  return sql`w.user_id = ${p.userId} and w.language = ${p.language}
    ${shape.levels ? sql`and w.level = any(${p.levels}::int[])` : sql``}
    ${
      // Grouped by family, the families any of whose words the search finds: their roots, walked up to from the words
      // found (at most `maxFamilyDepth` parents up).
      shape.search && shape.family
        ? sql`and w.lowercase in (with recursive up(lowercase, parent, depth) as (
              select m.lowercase, m.parent, 0 from user_words m
              where m.user_id = ${p.userId} and m.language = ${p.language} and ${startsWithSearch(sql`m`, p)}
              union all
              select a.lowercase, a.parent, up.depth + 1 from user_words a join up on a.lowercase = up.parent
              where a.user_id = ${p.userId} and a.language = ${p.language} and up.depth < ${maxFamilyDepth}
            ) select lowercase from up where parent is null)`
        : shape.search
          ? sql`and ${startsWithSearch(sql`w`, p)}`
          : sql``
    }
    ${shape.family ? sql`and w.parent is null` : sql``}
    ${shape.phrases ? sql`and strpos(w.lowercase, ' ') > 0` : sql``}`;
}

/** Every word below a listed word (`w`), A–Z: its children, theirs, … (acyclic: every link is checked). */
const familyOf = (p: P) => sql`(with recursive below(lowercase, level) as (
    select c.lowercase, c.level from user_words c
    where c.user_id = ${p.userId} and c.language = ${p.language} and c.parent = w.lowercase
    union all
    select c.lowercase, c.level from user_words c join below on c.parent = below.lowercase
    where c.user_id = ${p.userId} and c.language = ${p.language}
  )
  select coalesce(json_agg(json_build_object('lowercase', lowercase, 'level', level) order by lowercase collate "C"),
    '[]') from below)`;

/** The learner's own texts in the language (a few), whose words count with the library's. */
const ownTexts = (p: P) =>
  sql`select c.id from contents c where c.owner_id = ${p.userId} and c.language = ${p.language}`;

/** How often a word (`w.lowercase`) occurs in the published library and the learner's own texts. */
const occurrencesOf = (p: P) => sql`(
  coalesce((select lw.occurrences from library_words lw where lw.language = ${p.language} and lw.lowercase = w.lowercase), 0)
  + coalesce((select sum(cw.occurrences) from content_words cw
      where cw.lowercase = w.lowercase and cw.content_id in (${ownTexts(p)})), 0))::int`;

/**
 * The dictionary's meaning shown for a word the learner gave none of their own, without a network call, in the order
 * the translation chain asks: the gloss the
 * library's glossaries give it most often, the dictionary's entry, an earlier machine translation; else null.
 */
export const meaningOf = (p: Record<'language' | 'homeLang', Placeholder>) => sql`coalesce(
  (select g.translates_to from glosses g
    where g.language = ${p.language} and g.home_language = ${p.homeLang} and g.lowercase = w.lowercase
    group by g.translates_to order by count(*) desc, g.translates_to collate "C" limit 1),
  (select d.gloss from dictionary_entries d
    where d.source_language = ${p.language} and d.target_language = ${p.homeLang} and d.headword = w.lowercase),
  (select t.translates_to from translation_cache t
    where t.source_language = ${p.language} and t.target_language = ${p.homeLang} and t.lowercase = w.lowercase))`;

function listStatementFor(shape: Shape) {
  const sort = sorts[shape.sort];
  return statement<
    ListParam,
    {
      words: string;
      more: boolean;
      last_key: string | null;
      last_word: string | null;
      total: number;
    }
  >((p) => {
    // Every candidate's occurrences for the frequency order: joined, so the planner may hash the library's counts and
    // the learner's own texts' words once rather than look each word up.
    const candidates = sort.counted
      ? sql`(
          select w.lowercase, w.level, w.updated_at, w.meaning, w.note,
            (coalesce(lw.occurrences, 0) + coalesce(own.occurrences, 0))::int as occurrences
          from user_words w
            left join library_words lw on lw.language = ${p.language} and lw.lowercase = w.lowercase
            left join (
              select cw.lowercase, sum(cw.occurrences) as occurrences from content_words cw
              where cw.content_id in (${ownTexts(p)}) group by cw.lowercase
            ) own on own.lowercase = w.lowercase
          where ${filtered(p, shape)}) w`
      : sql`user_words w where ${filtered(p, shape)}`;
    const where = shape.after ? sql`${sort.counted ? sql`where` : sql`and`} ${sort.after(p)}` : sql``;
    return sql`
      with listed as (
        select w.lowercase, w.level, w.updated_at, w.meaning, w.note, ${sort.key} as key, ${sort.keyText} as key_text,
          row_number() over (order by ${sort.order}) as n
        from ${candidates} ${where}
        order by ${sort.order}
        limit ${p.limit}::int + 1
      ),
      page as (select * from listed w where w.n <= ${p.limit}::int)
      select
        (select coalesce(json_agg(json_build_object(
          'lowercase', w.lowercase, 'level', w.level, 'meaning', coalesce(w.meaning, ${meaningOf(p)}),
          'meaningIsOwn', w.meaning is not null, 'note', w.note,
          -- The page's own rows only: the sentence never rides through the sort of every candidate.
          'sentence', (select s.sentence from user_words s
            where s.user_id = ${p.userId} and s.language = ${p.language} and s.lowercase = w.lowercase),
          'updatedAt', to_char(w.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'occurrences', ${sort.counted ? sql`w.key` : occurrencesOf(p)}
          ${shape.family ? sql`, 'children', ${familyOf(p)}` : sql``}) order by w.n), '[]')::text from page w) as words,
        exists (select 1 from listed where n > ${p.limit}::int) as more,
        (select key_text from page order by n desc limit 1) as last_key,
        (select lowercase from page order by n desc limit 1) as last_word,
        (select count(*)::int from user_words w where ${filtered(p, shape)}) as total`;
  });
}

const listStatements = new Map<string, ReturnType<typeof listStatementFor>>();

export type VocabularyQuery = {
  userId: number;
  language: LearningLanguage;
  homeLang: LearningLanguage;
  sort: VocabularySort;
  /** Levels to list (all when absent). */
  levels?: readonly WordLevel[] | undefined;
  /** What the words start with, lowercased as the tokenizer lowercases (the database folds it). */
  prefix?: string | undefined;
  after?: VocabularyCursor | undefined;
  limit: number;
  /** Grouped by family: the words without a parent, each with the words below it. */
  family?: boolean | undefined;
  /** The saved phrases only. */
  phrases?: boolean | undefined;
};

/**
 * One page of the learner's saved words as the contract's vocabulary page, JSON built by the database in one
 * statement: the page in keyset order (one more row read tells whether there is a next page), each word's meaning
 * and occurrences, and the number of words the filters pass. Each shape of filters is a statement
 * of its own, so each is planned for what it filters on.
 */
export async function vocabularyPageJson(db: Db, query: VocabularyQuery): Promise<string> {
  const shape: Shape = {
    sort: query.sort,
    levels: query.levels !== undefined,
    search: query.prefix !== undefined,
    after: query.after !== undefined,
    family: query.family === true,
    phrases: query.phrases === true,
  };
  const name = `${shape.sort}:${shape.levels}:${shape.search}:${shape.after}:${shape.family}:${shape.phrases}`;
  let run = listStatements.get(name);
  if (!run) {
    run = listStatementFor(shape);
    listStatements.set(name, run);
  }
  const [row] = await run(db, {
    userId: query.userId,
    language: query.language,
    homeLang: query.homeLang,
    levels: query.levels ? [...query.levels] : null,
    prefix: query.prefix ?? null,
    afterKey: query.after?.key ?? null,
    afterWord: query.after?.lowercase ?? null,
    limit: query.limit,
  });
  if (!row) throw new Error('The vocabulary page answered no row');
  const next =
    row.more && row.last_key !== null && row.last_word !== null
      ? encodeCursor({ sort: query.sort, key: row.last_key, lowercase: row.last_word })
      : null;
  return `{"words":${row.words},"next":${JSON.stringify(next)},"total":${row.total}}`;
}

type ChangeRow = { words: string; users: number } & BalancesRow;

const changeLevelStatement = statement<'userId' | 'language' | 'words' | 'level' | 'now' | 'learningDay', ChangeRow>(
  (p) => sql`
    -- The user row first, as every statement writing the learner's words locks it (see the word save).
    with owner as (select word_count, credit_amount from users where id = ${p.userId} for update),
    -- The words' levels before the change, locked after the user row (see the word save): what "made known" compares.
    before as (
      select lowercase, level from user_words
      where user_id = ${p.userId} and language = ${p.language} and lowercase = any(${p.words}::text[])
        and exists (select 1 from owner)
      for no key update
    ),
    changed as (
      update user_words w set level = ${p.level}, updated_at = ${p.now}::timestamptz
      from before
      where w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = before.lowercase
      returning w.lowercase, before.level as was
    ),
    ${paidSave(p, p.level, sql`0`)},
    ${countProgress(p, { wordsKnown: sql`(select count(*) from changed where was < 4 and ${p.level}::int = 4)` })}
    select (select coalesce(json_agg(lowercase order by lowercase collate "C"), '[]')::text from changed) as words,
      (select count(*)::int from owner) as users, ${balancesAfter}`,
);

const removeStatement = statement<'userId' | 'language' | 'words', ChangeRow>(
  (p) => sql`
    with owner as (select word_count, credit_amount from users where id = ${p.userId} for update),
    removed as (
      delete from user_words
      where user_id = ${p.userId} and language = ${p.language} and lowercase = any(${p.words}::text[])
        and exists (select 1 from owner)
      returning lowercase
    ),
    account as (
      update users set word_count = word_count - (select count(*) from removed)
      where id = ${p.userId} and exists (select 1 from removed)
      returning word_count, credit_amount
    )
    select '[]' as words, (select count(*)::int from owner) as users,
      coalesce((select word_count from account), (select word_count from owner)) as word_count,
      coalesce((select credit_amount from account), (select credit_amount from owner)) as credit_amount,
      false as new_learning_day`,
);

export type VocabularyChange = { level: WordLevel } | { remove: true };

/**
 * Several of the learner's saved words at once, in one statement: to one level, as single saves change it (the
 * change time, the learning day, the coins of levels reached for the first time, under the day's cap), or removed
 * (unsaved again, the word count lowered by as many). Words the learner has not saved in the language are left
 * alone. The user row is locked first, so removals racing each other or a save count every word once.
 */
export async function changeVocabulary(
  db: Db,
  userId: number,
  params: { language: LearningLanguage; words: readonly string[]; change: VocabularyChange },
  { now, learningDay }: { now: Date; learningDay: string },
): Promise<{ words: UserWord[]; balances: SaveBalances }> {
  const { language, change } = params;
  const words = [...new Set(params.words)];
  const [row] =
    'level' in change
      ? await changeLevelStatement(db, {
          userId,
          language,
          words,
          level: change.level,
          now: now.toISOString(),
          learningDay,
        })
      : await removeStatement(db, { userId, language, words });
  if (!row || row.users === 0) throw new Error('User vanished');
  const level = 'level' in change ? change.level : undefined;
  const changed =
    level === undefined ? [] : (JSON.parse(row.words) as string[]).map((lowercase) => ({ lowercase, level, language }));
  return { words: changed, balances: balancesOf(row) };
}
