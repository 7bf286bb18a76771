import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { maxNewWordsListed } from '#contract/constants.ts';
import type { CoverageCounts, RankedNewWord } from '#contract/coverage.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { phraseMaxWords } from '#contract/phrases.ts';
import { statement } from '../prepared-statements.ts';
import { contents } from '../schema/content.ts';
import type { Db } from '../types.ts';
import { readableBy, type Viewer, viewerValues } from './content.ts';

const refreshContentWordsStatement = statement<'ids', unknown>(
  (p) => sql`select refresh_content_words(${p.ids}::int[])`,
);
const refreshTranscriptWordsStatement = statement<'ids', unknown>(
  (p) => sql`select refresh_transcript_words(${p.ids}::int[])`,
);

/**
 * Writes the vocabulary of contents afresh from their stored pages (`refresh_content_words`, migration 0016): called
 * in the transaction that stores the pages, so a text never shows figures of other pages.
 */
export async function refreshContentWords(db: Db, contentIds: readonly number[]): Promise<void> {
  if (contentIds.length > 0) await refreshContentWordsStatement(db, { ids: [...contentIds] });
}

/** Writes the vocabulary of transcripts afresh from their stored sections, as `refreshContentWords` does a text's. */
export async function refreshTranscriptWords(db: Db, transcriptIds: readonly number[]): Promise<void> {
  if (transcriptIds.length > 0) await refreshTranscriptWordsStatement(db, { ids: [...transcriptIds] });
}

type Learner = { userId: number | Placeholder; language: LearningLanguage | Placeholder };

/**
 * The CTEs every figure is read from: `readable` (the items the learner may read, as `id`), `vocabulary` (their words:
 * `id, lowercase, occurrences`) and `saved` (the learner's levels among those words). The vocabulary's distinct words
 * become one array probed on `user_words`' primary key, so the cost follows the texts asked for, never the learner's
 * whole list (decision 0003).
 */
const vocabularyOf = (p: Learner, readable: SQL, vocabulary: SQL) => sql`
  with readable as (${readable}), vocabulary as (${vocabulary}),
  saved as (
    select w.lowercase, w.level, w.meaning, w.note from user_words w
    where w.user_id = ${p.userId} and w.language = ${p.language}
      and w.lowercase = any (array(select distinct lowercase from vocabulary))
  )`;

/**
 * Each item's counts (the formula's inputs, src/contract/coverage.ts) in one pass: the items (`from`, each once, left
 * joined to its vocabulary as `v`: `lowercase, occurrences`; `where` keeps those the learner may read) and each word
 * joined straight to the learner's level, summed per item (`id`); an item without words still gets its row of zeros.
 * One flat join, without the CTEs and the probe of distinct words the word lists use: cheaper, and its generic plan
 * is the custom one (`bench/vocabulary`).
 */
const countsOf = (p: Learner, id: SQL, from: SQL, where: SQL) => sql`
  select ${id} as id, coalesce(sum(v.occurrences), 0)::int as "wordTokens",
    coalesce(sum(v.occurrences) filter (where w.level = 4), 0)::int as "knownTokens",
    coalesce(sum(v.occurrences) filter (where w.level >= 1), 0)::int as "familiarTokens",
    (count(v.lowercase) filter (where coalesce(w.level, 0) = 0))::int as "newWords"
  from ${from}
  left join user_words w on w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = v.lowercase
  where ${where}
  group by ${id}`;

/** Where an item's pairs of words are stored: the table and the column of its key (a content's or a transcript's). */
type PairsTable = { table: SQL; key: SQL };
const textPairs: PairsTable = { table: sql.raw('content_word_pairs'), key: sql.raw('content_id') };
const transcriptPairs: PairsTable = { table: sql.raw('transcript_word_pairs'), key: sql.raw('transcript_id') };

/**
 * The positions of a phrase's pairs, as a constant the planner counts (a `generate_series` of a phrase's length is
 * estimated at a thousand rows, which priced the statement into PostgreSQL's JIT compiler).
 */
const pairPositions = sql.raw(`'{${Array.from({ length: phraseMaxWords - 1 }, (_, at) => at + 1).join(',')}}'::int[]`);

/** A saved phrase's first two words (`user_words_phrases`), as a text's pairs store them. */
const phraseStart = sql.raw(`split_part(w.lowercase, ' ', 1) || ' ' || split_part(w.lowercase, ' ', 2)`);

/**
 * Whether a pair is among `phrase_starts`: no pair is read when there is none, and otherwise each probes one hash of
 * them (`is true` keeps the `in` a hashed subplan; as a join, or `= any` of the array, the planner probed the learner's
 * words once per pair, or compared each pair with every start: decision 0042).
 */
const amongStarts = (pair: SQL) => sql`cardinality((select starts from phrase_starts)) > 0
  and (${pair} in (select unnest((select starts from phrase_starts)))) is true`;

/**
 * The CTEs that count the learner's saved phrases in the items (src/contract/coverage.ts, `phraseGains`,
 * docs/decisions/0042): `phrase_starts`, the first two words of the learner's phrases at levels 1–4 as one array
 * (`user_words_phrases`); `phrases`, those starting with one of the items' pairs that `pairs(among)` keeps (a query
 * of rows id, key, pair); `occurring`, each with the fewest occurrences of its consecutive pairs; `gains`, per item,
 * its words' occurrences where the phrase says more than the word's own level (probed by primary key). `phrases` and
 * `occurring` are materialised, so a phrase's occurrences are read once, not again for each use.
 */
const phraseGainsCtes = (p: Learner, pairs: (among: (pair: SQL) => SQL) => SQL, { table, key }: PairsTable) => sql`
  phrase_starts as (
    select array(
      select distinct ${phraseStart} from user_words w
      where w.user_id = ${p.userId} and w.language = ${p.language} and strpos(w.lowercase, ' ') > 0 and w.level >= 1
    ) as starts
  ),
  phrases as materialized (
    select s.id, s.key, w.level, string_to_array(w.lowercase, ' ') as words
    from (${pairs(amongStarts)}) s
    cross join lateral (
      select w.lowercase, w.level from user_words w
      where w.user_id = ${p.userId} and w.language = ${p.language} and strpos(w.lowercase, ' ') > 0
        and ${phraseStart} = s.pair and w.level >= 1
    ) w
  ),
  occurring as materialized (
    select ph.id, ph.level, ph.words, (
        select min(coalesce((
          select q.occurrences from ${table} q where q.${key} = ph.key and q.pair = ph.words[i] || ' ' || ph.words[i + 1]
        ), 0)) from unnest(${pairPositions}) i where i < cardinality(ph.words)
      ) as occurrences
    from phrases ph
  ),
  gains as (
    select o.id,
      coalesce(sum(o.occurrences) filter (where o.level = 4 and own.level <> 4), 0) as known,
      coalesce(sum(o.occurrences) filter (where own.level < 1), 0) as familiar
    from occurring o cross join lateral unnest(o.words) word(lowercase)
    cross join lateral (
      select coalesce((
        select w.level from user_words w
        where w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = word.lowercase
      ), 0) as level
    ) own
    where o.occurrences > 0
    group by o.id
  )`;

/** The counts of the CTE `name` with the phrases' `gains`, never past an item's word tokens. */
const withGains = (name: SQL) => sql`
  select c.id, c."wordTokens",
    least(c."knownTokens" + coalesce(g.known, 0), c."wordTokens")::int as "knownTokens",
    least(c."familiarTokens" + coalesce(g.familiar, 0), c."wordTokens")::int as "familiarTokens", c."newWords"
  from ${name} c left join gains g on g.id = c.id`;

/** The counts after `vocabularyOf`, for the statements that also list words. */
const counts = sql`
  select r.id, coalesce(sum(v.occurrences), 0)::int as "wordTokens",
    coalesce(sum(v.occurrences) filter (where s.level = 4), 0)::int as "knownTokens",
    coalesce(sum(v.occurrences) filter (where s.level >= 1), 0)::int as "familiarTokens",
    (count(v.lowercase) filter (where coalesce(s.level, 0) = 0))::int as "newWords"
  from readable r left join vocabulary v on v.id = r.id left join saved s on s.lowercase = v.lowercase
  group by r.id`;

/** The contents among `p.ids` the viewer may read in the language. */
const readableContents = (p: Learner & Record<'ids' | ViewerParams, Placeholder>) =>
  sql`${contents.id} = any(${p.ids}::int[]) and ${contents.language} = ${p.language} and ${readableBy(p)}`;

/** The contents among `p.ids` the viewer may read in the language, and their vocabulary. */
const readableTexts = (p: Learner & Record<'ids' | ViewerParams, Placeholder>) =>
  vocabularyOf(
    p,
    sql`select ${contents.id} as id from ${contents} where ${readableContents(p)}`,
    sql`select v.content_id as id, v.lowercase, v.occurrences, v.written from content_words v
      where v.content_id in (select id from readable)`,
  );

type ViewerParams = 'viewerId' | 'viewerIsAdmin';

/** The pairs of the contents among `p.ids` that `among` keeps, as `phraseGainsCtes` reads them (readable ones count). */
const textPairsOf = (p: Record<'ids', Placeholder>) => (among: (pair: SQL) => SQL) =>
  sql`select content_id as id, content_id as key, pair from content_word_pairs
    where content_id = any(${p.ids}::int[]) and ${among(sql.raw('pair'))}`;

const textCounts = statement<'ids' | 'userId' | 'language' | ViewerParams, CoverageCounts & { id: number }>(
  (p) => sql`
    with counted as (${countsOf(
      p,
      sql`${contents.id}`,
      sql`${contents} left join content_words v on v.content_id = ${contents.id}`,
      readableContents(p),
    )}), ${phraseGainsCtes(p, textPairsOf(p), textPairs)}
    ${withGains(sql.raw('counted'))}`,
);

/** The learner's counts for each text they may read among `ids`; the others are left out. */
export async function textCoverageCounts(
  db: Db,
  params: { ids: readonly number[]; language: LearningLanguage; viewer: NonNullable<Viewer> },
): Promise<(CoverageCounts & { id: number })[]> {
  const { ids, language, viewer } = params;
  return textCounts(db, { ids: [...ids], userId: viewer.id, language, ...viewerValues(viewer) });
}

const videoCounts = statement<'ids' | 'userId' | 'language', CoverageCounts & { id: string }>((p) => {
  const listed = sql`u.user_id = ${p.userId} and u.language = ${p.language} and u.youtube_id = any(${p.ids}::text[])`;
  return sql`
    with counted as (${countsOf(
      p,
      sql`u.youtube_id`,
      sql`user_videos u left join transcript_words v on v.transcript_id = u.transcript_id`,
      listed,
    )}), ${phraseGainsCtes(
      p,
      (among) => sql`select u.youtube_id as id, u.transcript_id as key, q.pair from user_videos u
        join transcript_word_pairs q on q.transcript_id = u.transcript_id where ${listed} and ${among(sql.raw('q.pair'))}`,
      transcriptPairs,
    )}
    ${withGains(sql.raw('counted'))}`;
});

/** The learner's counts for each video of their list among `ids` (one still processing has no words yet). */
export async function videoCoverageCounts(
  db: Db,
  params: { ids: readonly string[]; language: LearningLanguage; userId: number },
): Promise<(CoverageCounts & { id: string })[]> {
  const { ids, language, userId } = params;
  return videoCounts(db, { ids: [...ids], userId, language });
}

const newWords = statement<
  'ids' | 'userId' | 'language' | ViewerParams,
  CoverageCounts & { id: number; words: RankedNewWord[] }
>(
  (p) => sql`
    ${readableTexts(p)}, bare as (${counts}), ${phraseGainsCtes(p, textPairsOf(p), textPairs)},
    counted as (${withGains(sql.raw('bare'))})
    select counted.*, coalesce((
      select json_agg(
          -- The written form, the learner's own meaning and note only when a word has them (a level-0 word may);
          -- the level always (null: unsaved).
          jsonb_strip_nulls(jsonb_build_object('lowercase', n.lowercase, 'written', n.written,
            'occurrences', n.occurrences, 'meaning', n.meaning, 'note', n.note)) || jsonb_build_object('level', n.level)
        order by n.occurrences desc, n.lowercase collate "C")
      from (
        select v.lowercase, v.written, v.occurrences, s.level, s.meaning, s.note
        from vocabulary v left join saved s on s.lowercase = v.lowercase
        where coalesce(s.level, 0) = 0
        order by v.occurrences desc, v.lowercase collate "C"
        limit ${sql.raw(String(maxNewWordsListed))}
      ) n), '[]') as words
    from counted`,
);

/** A text's counts for the learner and its new words in list order (at most `maxNewWordsListed`); undefined when they may not read it. */
export async function textNewWords(
  db: Db,
  params: { contentId: number; language: LearningLanguage; viewer: NonNullable<Viewer> },
): Promise<(CoverageCounts & { words: RankedNewWord[] }) | undefined> {
  const { contentId, language, viewer } = params;
  const [row] = await newWords(db, { ids: [contentId], userId: viewer.id, language, ...viewerValues(viewer) });
  if (!row) return undefined;
  const { id: _id, ...rest } = row;
  return rest;
}
