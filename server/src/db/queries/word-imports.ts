import { type SQL, sql } from 'drizzle-orm';
import type { WordImportPreview, WordImportResult } from '#contract/endpoints/word-imports.ts';
import { maxFamilyDepth } from '#contract/endpoints/word-parents.ts';
import type { ImportedWordRow, WordImportFormat, WordImportPolicy } from '#contract/word-import.ts';
import type { Db } from '../types.ts';

/**
 * Rows per staged chunk: what one statement of the preview handles and one transaction of the commit applies (see
 * `word_import_chunks`), short enough for the embedded database, which runs each statement on the server's thread.
 */
export const WORD_IMPORT_CHUNK = 250;

/** How long a commit may go between two steps before another commit or housekeeping takes the import over. */
const commitLease = sql.raw(`interval '30 seconds'`);

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
    added: row.added ?? null,
  };
}

const stagedColumns = sql.raw(`r(language text, word text, level smallint, meaning text, note text, sentence text,
  content_id int, page_id int, video_id text, card jsonb, parent text, added timestamptz)`);

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
 * Stages a file's rows for the learner, a chunk a statement, each its own transaction (the embedded database serves
 * other requests between two), and counts what each policy would do against the words saved now (a commit counts
 * again under the lock: the words may change meanwhile). The import is made expired and given its hour only once every
 * chunk is in: one staged half-way is never committed, and housekeeping deletes it.
 */
export async function stageWordImport(
  db: Db,
  userId: number,
  file: { format: WordImportFormat; rows: readonly ImportedWordRow[] },
  now: Date,
  pause: Pause,
): Promise<StagedImport> {
  const expiresAt = new Date(now.getTime() + wordImportLifetimeMs);
  const created = await db.execute<{ id: string }>(sql`
    insert into word_imports (user_id, format, created_at, expires_at)
    values (${userId}, ${file.format}, ${now.toISOString()}, ${now.toISOString()}) returning id`);
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
    const parents = slice.some((row) => row.parent);
    const result = await db.execute<{
      new: number;
      saved: number;
      higher: number;
      overwrite: number;
      link_keep: number;
      link_overwrite: number;
      link_new: number;
    }>(sql`
      with staged as (
        insert into word_import_chunks (import_id, chunk, rows, parents)
        values (${importId}, ${chunk}, ${rows}::jsonb, ${parents})
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
  const room = await db.execute<{ room: number }>(
    sql`select greatest(word_limit - word_count, 0)::int as room from users where id = ${userId}`,
  );
  const roomLeft = room.rows[0]?.room ?? 0;
  await db.execute(sql`update word_imports set expires_at = ${expiresAt.toISOString()} where id = ${importId}`);
  return {
    importId,
    expiresAt: expiresAt.toISOString(),
    counts,
    limit: { fits: counts.new <= roomLeft, room: roomLeft },
  };
}

/** A staged chunk of one import, as a commit's statements address it. */
type ChunkAt = { importId: string; chunk: number; userId: number; now: string };

/** Applies one chunk with a policy: the words, the levels they reached (without coins), and a backup's cards. */
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
      insert into user_words as w (user_id, language, lowercase, level, updated_at, created_at, meaning, note,
        sentence, source_content_id, source_page_id, source_video_id)
      select ${p.userId}, r.language, r.word, r.level, ${p.now}::timestamptz,
        least(coalesce(r.added, now()), now()), r.meaning, r.note, r.sentence,
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
 * replaces it, adding only new words links only the words the chunk added, kept with the chunk). The links
 * of the chunk are set at once, so one of them may close a cycle with another: every word of the chunk then on a cycle
 * (walked up at most `maxFamilyDepth` parents) loses the link the chunk gave it.
 */
function linkChunkSql(policy: WordImportPolicy, p: ChunkAt): SQL {
  const which =
    policy === 'overwrite'
      ? sql`w.parent is distinct from r.parent`
      : policy === 'keep_higher'
        ? sql`w.parent is null`
        : sql`w.parent is null and (w.language, w.lowercase) in (
            select a->>0, a->>1 from word_import_chunks c, jsonb_array_elements(coalesce(c.added, '[]')) a
            where c.import_id = ${p.importId} and c.chunk = ${p.chunk})`;
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
  | { inProgress: true }
  | { limitReached: true; room: number };

/** A commit of one import by its learner (`now` as an ISO time). */
type Commit = { importId: string; userId: number; policy: WordImportPolicy; now: string };

/** A commit under way: the policy it was started with. */
type Started = { policy: WordImportPolicy };

/**
 * Applies a staged import (docs/decisions/0037): first, under the lock of the user row that every save of the
 * learner's words takes, the file's new words are counted against the limit and their room reserved in the word count
 * (when they do not fit nothing is applied); then a chunk a transaction, so the embedded database serves other requests
 * between two chunks; last, the count is corrected by the words actually added and the import marked committed. A
 * second commit while one runs gets `inProgress`; one that finds a commit stopped half-way (its lease run out) finishes
 * it with the policy it started with.
 */
export async function commitWordImport(
  db: Db,
  userId: number,
  importId: string,
  policy: WordImportPolicy,
  now: Date,
  pause: Pause,
): Promise<CommitImportResult> {
  const started = await startCommit(db, { importId, userId, policy, now: now.toISOString() }, pause);
  if (!('policy' in started)) return started;
  return finishCommit(db, { importId, userId, policy: started.policy, now: now.toISOString() }, pause);
}

/** The commit's first transaction: the import found and its new words' room reserved, or why not. */
async function startCommit(
  db: Db,
  { importId, userId, policy, now }: Commit,
  pause: Pause,
): Promise<
  Started | { notFound: true } | { committed: true } | { inProgress: true } | { limitReached: true; room: number }
> {
  return db.transaction(async (tx) => {
    const owner = await tx.execute<{ room: number }>(sql`
      select greatest(word_limit - word_count, 0)::int as room from users where id = ${userId} for update`);
    const room = owner.rows[0]?.room;
    if (room === undefined) throw new Error('User vanished');
    const found = await tx.execute<{ committed: boolean; policy: WordImportPolicy | null; leased: boolean }>(sql`
      select committed_at is not null as committed, policy, coalesce(lease_until > clock_timestamp(), false) as leased
      from word_imports
      where id = ${importId} and user_id = ${userId} and (expires_at > ${now} or policy is not null)
      for update`);
    const staged = found.rows[0];
    if (!staged) return { notFound: true } as const;
    if (staged.committed) return { committed: true } as const;
    if (staged.leased) return { inProgress: true } as const;
    if (staged.policy) {
      await tx.execute(
        sql`update word_imports set lease_until = clock_timestamp() + ${commitLease} where id = ${importId}`,
      );
      return { policy: staged.policy };
    }
    const chunks = await tx.execute<{ chunk: number }>(
      sql`select chunk from word_import_chunks where import_id = ${importId} order by chunk`,
    );
    let added = 0;
    for (const { chunk } of chunks.rows) {
      const counted = await tx.execute<{ new: number }>(sql`
        select count(*)::int as new
        from word_import_chunks c, jsonb_to_recordset(c.rows) as r(language text, word text)
        where c.import_id = ${importId} and c.chunk = ${chunk} and not exists (select 1 from user_words w
          where w.user_id = ${userId} and w.language = r.language and w.lowercase = r.word)`);
      added += counted.rows[0]?.new ?? 0;
      if (added > room) return { limitReached: true, room } as const;
      await pause();
    }
    await tx.execute(sql`update users set word_count = word_count + ${added} where id = ${userId}`);
    await tx.execute(sql`
      update word_imports set policy = ${policy}, reserved = ${added}, lease_until = clock_timestamp() + ${commitLease}
      where id = ${importId}`);
    return { policy };
  });
}

/**
 * The steps of a started commit, one transaction each, from where it stands: every chunk applied, then every chunk
 * that names a parent linked (a parent may come later in the file), then the end. Each step locks the import's row and
 * moves `next_step` on, so two runners never apply a chunk twice. The lease is given up when a step fails, so the
 * learner's next try finishes the commit at once.
 */
async function finishCommit(db: Db, commit: Commit, pause: Pause): Promise<CommitImportResult> {
  try {
    for (;;) {
      const step = await db.transaction((tx) => commitStep(tx, commit));
      if (step) return step;
      await pause();
    }
  } catch (error) {
    await db
      .execute(sql`update word_imports set lease_until = null where id = ${commit.importId} and committed_at is null`)
      .catch(() => undefined);
    throw error;
  }
}

/** One step of a commit: undefined while more follow, the result after the last. */
async function commitStep(tx: Db, commit: Commit): Promise<CommitImportResult | undefined> {
  const { importId, userId, policy, now } = commit;
  // The user row first, as every save of the learner's words and the commit's start lock it: the same order, no deadlock.
  await tx.execute(sql`select 1 from users where id = ${userId} for update`);
  const found = await tx.execute<{
    next_step: number;
    chunks: number;
    reserved: number;
    rows: number;
    added: number;
    updated: number;
    cards: number;
  }>(sql`
    select next_step, reserved, rows, added, updated, cards,
      (select count(*)::int from word_import_chunks c where c.import_id = i.id) as chunks
    from word_imports i where id = ${importId} and committed_at is null and policy is not null
    for update`);
  const at = found.rows[0];
  if (!at) return { committed: true };
  if (at.next_step < at.chunks) {
    const chunk = at.next_step;
    const applied = await tx.execute<{
      rows: number;
      added: number;
      updated: number;
      cards: number;
      added_words: string;
    }>(applyChunkSql(policy, { importId, chunk, userId, now }));
    const row = applied.rows[0] ?? { rows: 0, added: 0, updated: 0, cards: 0, added_words: '[]' };
    if (policy === 'add_new') {
      await tx.execute(sql`
        update word_import_chunks set added = ${row.added_words}::jsonb where import_id = ${importId} and chunk = ${chunk}`);
    }
    await tx.execute(sql`
      update word_imports set next_step = ${chunk + 1}, rows = rows + ${row.rows}, added = added + ${row.added},
        updated = updated + ${row.updated}, cards = cards + ${row.cards}, lease_until = clock_timestamp() + ${commitLease}
      where id = ${importId}`);
    return undefined;
  }
  const linking = await tx.execute<{ chunk: number }>(sql`
    select chunk from word_import_chunks
    where import_id = ${importId} and parents and chunk >= ${at.next_step - at.chunks} order by chunk limit 1`);
  const chunk = linking.rows[0]?.chunk;
  if (chunk !== undefined) {
    const step = { importId, chunk, userId, now };
    const linked = await tx.execute<{ linked: number }>(linkChunkSql(policy, step));
    if ((linked.rows[0]?.linked ?? 0) > 0) await tx.execute(unlinkCyclesSql(step));
    await tx.execute(sql`
      update word_imports set next_step = ${at.chunks + chunk + 1}, lease_until = clock_timestamp() + ${commitLease}
      where id = ${importId}`);
    return undefined;
  }
  // The room reserved for words the learner saved meanwhile, or that another import added, goes back.
  const counted = await tx.execute<{ word_count: number }>(sql`
    update users set word_count = word_count - ${at.reserved} + ${at.added} where id = ${userId} returning word_count`);
  await tx.execute(sql`update word_imports set committed_at = ${now}, lease_until = null where id = ${importId}`);
  await tx.execute(sql`delete from word_import_chunks where import_id = ${importId}`);
  return {
    done: true,
    added: at.added,
    updated: at.updated,
    unchanged: at.rows - at.added - at.updated,
    cards: at.cards,
    wordCount: counted.rows[0]?.word_count ?? 0,
  };
}

/** A commit left without a runner more than this long ago is given up (see `resumeWordImports`). */
const abandonAfterMs = 24 * 60 * 60 * 1000;

/**
 * Finishes the commits that stopped half-way (housekeeping): each whose lease ran out is taken over and run to its
 * end. One started more than a day ago that still cannot finish is given up: the words it applied stay, the room it
 * reserved for the rest goes back, and the import is deleted. Returns how many were finished and given up.
 */
export async function resumeWordImports(
  db: Db,
  now: Date,
  pause: Pause,
  onError: (error: unknown) => void,
): Promise<{ finished: number; abandoned: number }> {
  const abandoned = await db.execute<{ abandoned: number }>(sql`
    with gone as (
      delete from word_imports
      where policy is not null and committed_at is null and created_at <= ${new Date(now.getTime() - abandonAfterMs).toISOString()}
        and coalesce(lease_until <= clock_timestamp(), true)
      returning user_id, reserved - added as unused
    ),
    released as (
      update users u set word_count = greatest(u.word_count - g.unused, 0)
      from (select user_id, sum(unused)::int as unused from gone group by user_id) g where u.id = g.user_id
    )
    select count(*)::int as abandoned from gone`);
  const stopped = await db.execute<{ id: string; user_id: number; policy: WordImportPolicy }>(sql`
    update word_imports set lease_until = clock_timestamp() + ${commitLease}
    where policy is not null and committed_at is null and coalesce(lease_until <= clock_timestamp(), true)
    returning id, user_id, policy`);
  let finished = 0;
  for (const stalled of stopped.rows) {
    const commit = { importId: stalled.id, userId: stalled.user_id, policy: stalled.policy, now: now.toISOString() };
    try {
      const result = await finishCommit(db, commit, pause);
      if ('done' in result) finished += 1;
    } catch (error) {
      onError(error);
    }
  }
  return { finished, abandoned: abandoned.rows[0]?.abandoned ?? 0 };
}

/** Imports past their hour, committed or never started (housekeeping); one half-way is for `resumeWordImports`. */
export async function deleteExpiredWordImports(db: Db, now: Date): Promise<number> {
  const deleted = await db.execute(sql`
    delete from word_imports
    where expires_at <= ${now.toISOString()} and (policy is null or committed_at is not null)`);
  return deleted.rowCount ?? 0;
}

/**
 * Fresh statistics for the planner after many words arrived at once (the embedded database has no autovacuum), from a
 * small sample: the embedded database analyses on the server's thread, and the counts matter more than the histograms.
 */
export async function analyseUserWords(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = 10`);
    await tx.execute(sql`analyze user_words`);
  });
}
