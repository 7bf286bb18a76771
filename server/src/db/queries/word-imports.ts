import { type SQL, sql } from 'drizzle-orm';
import type { WordImportPreview, WordImportResult } from '#contract/endpoints/word-imports.ts';
import { maxFamilyDepth } from '#contract/endpoints/word-parents.ts';
import type { ImportedWordRow, WordImportFormat, WordImportPolicy } from '#contract/word-import.ts';
import type { Db } from '../types.ts';

/** Rows per staged chunk: what one statement of the preview or the commit handles (see `word_import_chunks`). */
export const WORD_IMPORT_CHUNK = 1_000;

/** How long a preview stays committable. */
export const wordImportLifetimeMs = 60 * 60 * 1000;

/** Lets other work run between two statements of a long import (the embedded database shares the event loop). */
export type Pause = () => Promise<void>;

/** A row as a chunk keeps it: the keys `jsonb_to_recordset` reads back as columns. */
function stagedRow(row: ImportedWordRow) {
  const source = row.source ?? null;
  return {
    language: row.language,
    word: row.word,
    level: row.level,
    meaning: row.meaning,
    note: row.note,
    sentence: row.sentence,
    content_id: source?.contentId ?? null,
    page_id: source?.pageId ?? null,
    video_id: source?.videoId ?? null,
    card: row.card ?? null,
    parent: row.parent ?? null,
  };
}

const stagedColumns = sql.raw(`r(language text, word text, level smallint, meaning text, note text, sentence text,
  content_id int, page_id int, video_id text, card jsonb, parent text)`);

/**
 * Whether a policy changes a saved word (`w`) with a row of the file (`r`). Keeping the higher level also fills a
 * meaning, note or sentence the word lacks and never replaces the learner's own; overwriting takes the file's level and
 * every text the file has (an empty cell replaces nothing).
 */
function changes(policy: Exclude<WordImportPolicy, 'add_new'>, r: 'r' | 'excluded'): SQL {
  if (policy === 'keep_higher') {
    return sql.raw(`(${r}.level > w.level or (w.meaning is null and ${r}.meaning is not null)
      or (w.note is null and ${r}.note is not null) or (w.sentence is null and ${r}.sentence is not null))`);
  }
  return sql.raw(`(${r}.level <> w.level or (${r}.meaning is not null and ${r}.meaning is distinct from w.meaning)
    or (${r}.note is not null and ${r}.note is distinct from w.note)
    or (${r}.sentence is not null and ${r}.sentence is distinct from w.sentence))`);
}

/** The same changes as the SET clause of the upsert: the file's row is `excluded`. */
const updates: Record<Exclude<WordImportPolicy, 'add_new'>, SQL> = {
  keep_higher: sql.raw(`level = greatest(w.level, excluded.level), meaning = coalesce(w.meaning, excluded.meaning),
    note = coalesce(w.note, excluded.note), sentence = coalesce(w.sentence, excluded.sentence),
    source_content_id = case when w.sentence is null then excluded.source_content_id else w.source_content_id end,
    source_page_id = case when w.sentence is null then excluded.source_page_id else w.source_page_id end,
    source_video_id = case when w.sentence is null then excluded.source_video_id else w.source_video_id end`),
  overwrite: sql.raw(`level = excluded.level, meaning = coalesce(excluded.meaning, w.meaning),
    note = coalesce(excluded.note, w.note), sentence = coalesce(excluded.sentence, w.sentence),
    source_content_id = case when excluded.sentence is null then w.source_content_id else excluded.source_content_id end,
    source_page_id = case when excluded.sentence is null then w.source_page_id else excluded.source_page_id end,
    source_video_id = case when excluded.sentence is null then w.source_video_id else excluded.source_video_id end`),
};

export type StagedImport = Omit<WordImportPreview, 'problems' | 'problemCount' | 'format' | 'counts'> & {
  counts: Omit<WordImportPreview['counts'], 'skipped'>;
};

/**
 * Stages a file's rows for the learner in one transaction, a chunk a statement, and counts what each policy would do
 * against the words saved now (a commit counts again under the lock: the words may change meanwhile).
 */
export async function stageWordImport(
  db: Db,
  userId: number,
  file: { format: WordImportFormat; rows: readonly ImportedWordRow[] },
  now: Date,
  pause: Pause,
): Promise<StagedImport> {
  const expiresAt = new Date(now.getTime() + wordImportLifetimeMs);
  return db.transaction(async (tx) => {
    const created = await tx.execute<{ id: string }>(sql`
      insert into word_imports (user_id, format, created_at, expires_at)
      values (${userId}, ${file.format}, ${now.toISOString()}, ${expiresAt.toISOString()}) returning id`);
    const importId = created.rows[0]?.id;
    if (!importId) throw new Error('The import was not stored');
    const counts = {
      new: 0,
      updated: { keep_higher: 0, overwrite: 0, add_new: 0 },
      unchanged: { keep_higher: 0, overwrite: 0, add_new: 0 },
      links: { keep_higher: 0, overwrite: 0, add_new: 0 },
    };
    // The file's words by language: a row's parent among them will be saved by the commit, whatever the policy.
    const inFile = new Set(file.rows.map((row) => `${row.language}:${row.word}`));
    for (let start = 0, chunk = 0; start < file.rows.length; start += WORD_IMPORT_CHUNK, chunk += 1) {
      const slice = file.rows.slice(start, start + WORD_IMPORT_CHUNK);
      const rows = JSON.stringify(slice.map(stagedRow));
      const parentsInFile = JSON.stringify([
        ...new Set(
          slice.flatMap((row) => (row.parent && inFile.has(`${row.language}:${row.parent}`) ? [row.parent] : [])),
        ),
      ]);
      const result = await tx.execute<{
        new: number;
        saved: number;
        higher: number;
        overwrite: number;
        link_keep: number;
        link_overwrite: number;
        link_new: number;
      }>(sql`
        with staged as (
          insert into word_import_chunks (import_id, chunk, rows) values (${importId}, ${chunk}, ${rows}::jsonb)
          returning rows
        ),
        r as (
          select r.*, r.parent is not null and (${parentsInFile}::jsonb ? r.parent or exists (
            select 1 from user_words p where p.user_id = ${userId} and p.language = r.language and p.lowercase = r.parent
          )) as links
          from staged, jsonb_to_recordset(staged.rows) as ${stagedColumns}
        )
        select count(*) filter (where w.lowercase is null)::int as new,
          count(w.lowercase)::int as saved,
          count(*) filter (where w.lowercase is not null and ${changes('keep_higher', 'r')})::int as higher,
          count(*) filter (where w.lowercase is not null and ${changes('overwrite', 'r')})::int as overwrite,
          count(*) filter (where r.links and w.parent is null)::int as link_keep,
          count(*) filter (where r.links and w.parent is distinct from r.parent)::int as link_overwrite,
          count(*) filter (where r.links and w.lowercase is null)::int as link_new
        from r left join user_words w on w.user_id = ${userId} and w.language = r.language and w.lowercase = r.word`);
      const row = result.rows[0];
      if (row) {
        counts.new += row.new;
        counts.updated.keep_higher += row.higher;
        counts.updated.overwrite += row.overwrite;
        counts.unchanged.keep_higher += row.saved - row.higher;
        counts.unchanged.overwrite += row.saved - row.overwrite;
        counts.unchanged.add_new += row.saved;
        counts.links.keep_higher += row.link_keep;
        counts.links.overwrite += row.link_overwrite;
        counts.links.add_new += row.link_new;
      }
      await pause();
    }
    const room = await tx.execute<{ room: number }>(
      sql`select greatest(word_limit - word_count, 0)::int as room from users where id = ${userId}`,
    );
    const roomLeft = room.rows[0]?.room ?? 0;
    return {
      importId,
      expiresAt: expiresAt.toISOString(),
      counts,
      limit: { fits: counts.new <= roomLeft, room: roomLeft },
    };
  });
}

/** Applies one chunk with a policy: the words, the levels they reached (without coins), and a backup's cards. */
/** A staged chunk of one import, as a commit's statements address it. */
type ChunkAt = { importId: string; chunk: number; userId: number; now: string };

function applyChunkSql(policy: WordImportPolicy, p: ChunkAt) {
  const conflict =
    policy === 'add_new'
      ? sql`on conflict do nothing`
      : sql`on conflict (user_id, language, lowercase) do update set ${updates[policy]}, updated_at = excluded.updated_at
        where ${changes(policy, 'excluded')}`;
  return sql`
    with r as (
      select r.* from word_import_chunks c, jsonb_to_recordset(c.rows) as ${stagedColumns}
      where c.import_id = ${p.importId} and c.chunk = ${p.chunk}
    ),
    saved as (
      insert into user_words as w (user_id, language, lowercase, level, updated_at, meaning, note, sentence,
        source_content_id, source_page_id, source_video_id)
      select ${p.userId}, r.language, r.word, r.level, ${p.now}::timestamptz, r.meaning, r.note, r.sentence,
        r.content_id, r.page_id, r.video_id
      from r
      ${conflict}
      returning w.language, w.lowercase, w.level, (xmax = 0) as inserted
    ),
    -- The levels an imported word holds count as reached: a file earns no coins, now or when the word rises later.
    rewarded as (
      insert into word_rewards (user_id, language, lowercase, level)
      select ${p.userId}, s.language, s.lowercase, reached from saved s, generate_series(1, s.level) reached
      on conflict do nothing
    ),
    carded as (
      insert into flashcards (user_id, language, lowercase, due, stability, difficulty, elapsed_days, scheduled_days,
        learning_steps, reps, lapses, state, last_review, sentence, source_content_id, source_page_id, source_video_id,
        created_at, level_raised_on, suspended)
      select ${p.userId}, r.language, r.word, (r.card->>'due')::timestamptz, (r.card->>'stability')::float8,
        (r.card->>'difficulty')::float8, (r.card->>'elapsedDays')::int, (r.card->>'scheduledDays')::int,
        (r.card->>'learningSteps')::int, (r.card->>'reps')::int, (r.card->>'lapses')::int,
        (r.card->>'state')::smallint, (r.card->>'lastReview')::timestamptz, r.card->>'sentence',
        (r.card->'source'->>'contentId')::int, (r.card->'source'->>'pageId')::int, r.card->'source'->>'videoId',
        (r.card->>'createdAt')::timestamptz, (r.card->>'levelRaisedOn')::date, (r.card->>'suspended')::boolean
      from r join saved s on s.language = r.language and s.lowercase = r.word
      where jsonb_typeof(r.card) = 'object'
      on conflict (user_id, language, lowercase) do nothing
      returning id, language, lowercase
    ),
    reviewed as (
      insert into flashcard_reviews (user_id, review_id, card_id, rating, card_before, card_after, level_before,
        level_after, reviewed_at, duration_ms, undone_at)
      select ${p.userId}, (e->>'reviewId')::uuid, c.id, (e->>'rating')::smallint, e->'cardBefore', e->'cardAfter',
        (e->>'levelBefore')::smallint, (e->>'levelAfter')::smallint, (e->>'reviewedAt')::timestamptz,
        (e->>'durationMs')::int, (e->>'undoneAt')::timestamptz
      from carded c join r on r.language = c.language and r.word = c.lowercase,
        jsonb_array_elements(r.card->'reviews') e
      on conflict do nothing
    )
    select (select count(*) from r)::int as rows, count(*) filter (where s.inserted)::int as added,
      count(*) filter (where not s.inserted)::int as updated, (select count(*) from carded)::int as cards,
      coalesce(jsonb_agg(jsonb_build_array(s.language, s.lowercase)) filter (where s.inserted), '[]')::text as added_words
    from saved s`;
}

/**
 * The parents a chunk's rows name, linked once every chunk's words are in (a parent may come later in the file):
 * to a saved parent only, and as the policy treats a meaning (keeping fills a parent the word lacks, overwriting
 * replaces it, adding only new words links only the words the chunk added, `addedWords` as JSON pairs). The links
 * of the chunk are set at once, so one of them may close a cycle with another: every word of the chunk then on a cycle
 * (walked up at most `maxFamilyDepth` parents) loses the link the chunk gave it.
 */
function linkChunkSql(policy: WordImportPolicy, p: ChunkAt, addedWords: string): SQL {
  const which =
    policy === 'overwrite'
      ? sql`w.parent is distinct from r.parent`
      : policy === 'keep_higher'
        ? sql`w.parent is null`
        : sql`w.parent is null and (w.language, w.lowercase) in (
            select a->>0, a->>1 from jsonb_array_elements(${addedWords}::jsonb) a)`;
  return sql`
    with r as (
      select r.language, r.word, r.parent from word_import_chunks c, jsonb_to_recordset(c.rows) as ${stagedColumns}
      where c.import_id = ${p.importId} and c.chunk = ${p.chunk} and r.parent is not null
    ),
    linked as (
      update user_words w set parent = r.parent
      from r
      where w.user_id = ${p.userId} and w.language = r.language and w.lowercase = r.word and ${which}
        and exists (select 1 from user_words pw
          where pw.user_id = ${p.userId} and pw.language = r.language and pw.lowercase = r.parent)
      returning w.language, w.lowercase
    )
    select count(*)::int as linked from linked`;
}

/** The words of a chunk now on a cycle of parents, unlinked (see `linkChunkSql`). */
function unlinkCyclesSql(p: ChunkAt): SQL {
  return sql`
    with recursive r as (
      select r.language, r.word from word_import_chunks c, jsonb_to_recordset(c.rows) as ${stagedColumns}
      where c.import_id = ${p.importId} and c.chunk = ${p.chunk} and r.parent is not null
    ),
    up(language, start, at, depth) as (
      select w.language, w.lowercase, w.parent, 1 from user_words w join r on r.language = w.language and r.word = w.lowercase
      where w.user_id = ${p.userId} and w.parent is not null
      union all
      select up.language, up.start, w.parent, up.depth + 1 from up join user_words w
        on w.user_id = ${p.userId} and w.language = up.language and w.lowercase = up.at
      where w.parent is not null and up.at <> up.start and up.depth < ${maxFamilyDepth}
    )
    update user_words w set parent = null
    from (select distinct language, start from up where at = start) cycle
    where w.user_id = ${p.userId} and w.language = cycle.language and w.lowercase = cycle.start`;
}

export type CommitImportResult =
  | ({ done: true } & WordImportResult)
  | { notFound: true }
  | { committed: true }
  | { limitReached: true; room: number };

class OverLimit extends Error {
  readonly room: number;
  constructor(room: number) {
    super('The import does not fit under the word limit');
    this.room = room;
  }
}

/**
 * Applies a staged import in one transaction, a chunk a statement. The user row is locked first, as every save of
 * the learner's words locks it, so no save adds a word meanwhile; the new words are then counted against the limit
 * read under that lock, and when they do not fit the transaction rolls back: nothing is applied. The import's row,
 * locked next, is marked committed, so the same import committed twice applies once.
 */
export async function commitWordImport(
  db: Db,
  userId: number,
  importId: string,
  policy: WordImportPolicy,
  now: Date,
  pause: Pause,
): Promise<CommitImportResult> {
  try {
    return await db.transaction(async (tx) => {
      const owner = await tx.execute<{ room: number; word_count: number }>(sql`
        select greatest(word_limit - word_count, 0)::int as room, word_count from users
        where id = ${userId} for update`);
      const account = owner.rows[0];
      if (!account) throw new Error('User vanished');
      const found = await tx.execute<{ committed: boolean; chunks: number }>(sql`
        select committed_at is not null as committed,
          (select count(*)::int from word_import_chunks c where c.import_id = i.id) as chunks
        from word_imports i
        where i.id = ${importId} and i.user_id = ${userId} and i.expires_at > ${now.toISOString()}
        for update of i`);
      const staged = found.rows[0];
      if (!staged) return { notFound: true } as const;
      if (staged.committed) return { committed: true } as const;
      const totals = { rows: 0, added: 0, updated: 0, cards: 0 };
      const addedWords: string[] = [];
      for (let chunk = 0; chunk < staged.chunks; chunk += 1) {
        const result = await tx.execute<{
          rows: number;
          added: number;
          updated: number;
          cards: number;
          added_words: string;
        }>(applyChunkSql(policy, { importId, chunk, userId, now: now.toISOString() }));
        const row = result.rows[0];
        addedWords.push(row?.added_words ?? '[]');
        if (row) {
          totals.rows += row.rows;
          totals.added += row.added;
          totals.updated += row.updated;
          totals.cards += row.cards;
        }
        if (totals.added > account.room) throw new OverLimit(account.room);
        await pause();
      }
      for (let chunk = 0; chunk < staged.chunks; chunk += 1) {
        const at = { importId, chunk, userId, now: now.toISOString() };
        const linked = await tx.execute<{ linked: number }>(linkChunkSql(policy, at, addedWords[chunk] ?? '[]'));
        if ((linked.rows[0]?.linked ?? 0) > 0) await tx.execute(unlinkCyclesSql(at));
        await pause();
      }
      await tx.execute(sql`update users set word_count = word_count + ${totals.added} where id = ${userId}`);
      await tx.execute(sql`update word_imports set committed_at = ${now.toISOString()} where id = ${importId}`);
      await tx.execute(sql`delete from word_import_chunks where import_id = ${importId}`);
      return {
        done: true,
        added: totals.added,
        updated: totals.updated,
        unchanged: totals.rows - totals.added - totals.updated,
        cards: totals.cards,
        wordCount: account.word_count + totals.added,
      } as const;
    });
  } catch (error) {
    if (error instanceof OverLimit) return { limitReached: true, room: error.room };
    throw error;
  }
}

/** Imports past their hour, committed or not (housekeeping). */
export async function deleteExpiredWordImports(db: Db, now: Date): Promise<number> {
  const deleted = await db.execute(sql`delete from word_imports where expires_at <= ${now.toISOString()}`);
  return deleted.rowCount ?? 0;
}

/** Fresh statistics for the planner after many words arrived at once (the embedded database has no autovacuum). */
export async function analyseUserWords(db: Db): Promise<void> {
  await db.execute(sql`analyze user_words`);
}
