import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { maxFamilyDepth } from '#contract/endpoints/word-parents.ts';
import type { WordContext } from '#contract/endpoints/words.ts';
import type { UserWord, WordLevel } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { anyOf, statement } from '../prepared-statements.ts';
import { returnsOldValues } from '../server-version.ts';
import type { Db } from '../types.ts';
import { countProgress } from './progress.ts';
import { type BalancesRow, balancesAfter, balancesOf, paidSave, type SaveBalances } from './save-balances.ts';

/** A row of `user_words` (as `w`) as the contract's user word. */
const wordAsJson = sql.raw(`json_build_object('lowercase', w.lowercase, 'level', w.level, 'language', w.language)`);
/**
 * A row of `user_words` (as `w`, its parent's row as `pw`) as a text's scoped word: the learner's own meaning and
 * note only when they wrote one, the parent when they linked one and the parent's meaning when the word has none of
 * its own, so the levels of a learner who wrote and linked none are as they were.
 */
const scopedWordAsJson = sql.raw(`case when w.meaning is null and w.note is null and w.parent is null
  then json_build_object('lowercase', w.lowercase, 'level', w.level, 'language', w.language)
  else json_strip_nulls(json_build_object('lowercase', w.lowercase, 'level', w.level, 'language', w.language,
    'meaning', w.meaning, 'note', w.note, 'parent', w.parent,
    'parentMeaning', case when w.meaning is null then pw.meaning end)) end`);
/** The JSON list of the learner's words (rows of `user_words` as `w`) as the contract's scoped words. */
const wordsAsJson = sql`coalesce(json_agg(${scopedWordAsJson}), '[]')::text`;

/** Rows of the list per query: what one query holds in the database's memory, whatever the vocabulary. */
const USER_WORDS_CHUNK = 25_000;

/**
 * The learner's words as one JSON text built by the database: a list of 100,000 words never becomes 100,000
 * objects on the server's event loop. The rows come in chunks along the primary key (user, language, word), each
 * chunk a JSON text of its own, so no query holds the whole list: the embedded database's heap, which never shrinks,
 * grows by one chunk rather than by the whole list.
 */
export async function userWordsJson(
  db: Db,
  userId: number,
  language?: LearningLanguage,
  chunk = USER_WORDS_CHUNK,
): Promise<string> {
  // One snapshot for all the chunks: a save landing meanwhile is in the list whole or not at all.
  return db.transaction(
    async (tx) => {
      // Each chunk is a walk along the primary key, already in order. The planner misjudges the row comparison
      // and prefers a bitmap scan and a sort of every remaining row, slower on a large list (bench:userword).
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return userWordsChunks(tx, userId, language, chunk);
    },
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
}

async function userWordsChunks(
  db: Db,
  userId: number,
  language: LearningLanguage | undefined,
  chunk: number,
): Promise<string> {
  const parts: string[] = [];
  let after: { language: string; lowercase: string } | undefined;
  for (;;) {
    const result = await db.execute<{
      json: string | null;
      n: number;
      last_language: string;
      last_lowercase: string;
    }>(sql`
      with chunk as (
        select w.language, w.lowercase, w.level from user_words w
        where w.user_id = ${userId} ${language ? sql`and w.language = ${language}` : sql``}
          ${after ? sql`and (w.user_id, w.language, w.lowercase) > (${userId}, ${after.language}, ${after.lowercase})` : sql``}
        order by w.user_id, w.language, w.lowercase
        limit ${chunk}
      ),
      last as (select language, lowercase from chunk order by language desc, lowercase desc limit 1)
      select (select string_agg(${wordAsJson}::text, ',') from chunk w) as json, (select count(*)::int from chunk) as n,
        (select language from last) as last_language, (select lowercase from last) as last_lowercase`);
    const row = result.rows[0];
    if (row?.json) parts.push(row.json);
    if (!row || row.n < chunk) break;
    after = { language: row.last_language, lowercase: row.last_lowercase };
  }
  return `[${parts.join(',')}]`;
}

/** A saved phrase's first two words (`user_words_phrases`): what a text must hold in a row for it to occur there. */
const phraseStart = sql.raw(`split_part(w.lowercase, ' ', 1) || ' ' || split_part(w.lowercase, ' ', 2)`);

/**
 * The learner's saved words and phrases in a text, as the JSON list of scoped words. `tokens` is a query of the
 * text's word tokens in order, as rows (part, at, lowercase): a part is a paragraph or a transcript line, which a
 * phrase never crosses. The words are probed on the primary key (user, language, word); the phrases on their first
 * two words (`user_words_phrases`), which must stand in a row in the text, and kept when every word of theirs is in
 * it (looked up in the text's words as the keys of one JSON object: a search, not a walk through a list): the
 * client's matcher then finds where they occur. Either probe follows the text's size, never the
 * vocabulary's or the number of phrases.
 */
function savedAmong(userId: number, language: LearningLanguage, tokens: SQL): SQL {
  return sql`(with text_tokens as (${tokens}),
    text_words as (
      select array(select distinct lowercase from text_tokens) as words,
        (select jsonb_object_agg(lowercase, 1) from text_tokens) as keys
    ),
    text_pairs as (select array(
      select pair from (
        select lowercase || ' ' || lead(lowercase) over (partition by part order by at) as pair from text_tokens
      ) pairs where pair is not null) as pairs)
    select ${wordsAsJson} from (
      select w.* from user_words w, text_words t
      where w.user_id = ${userId} and w.language = ${language} and w.lowercase = any (t.words)
      union all
      select w.* from user_words w, text_words t, text_pairs p
      where w.user_id = ${userId} and w.language = ${language} and strpos(w.lowercase, ' ') > 0
        and ${phraseStart} = any (p.pairs) and t.keys ?& string_to_array(w.lowercase, ' ')
    ) w left join user_words pw
      on w.parent is not null and pw.user_id = w.user_id and pw.language = w.language and pw.lowercase = w.parent)`;
}

/**
 * The learner's saved words among a page's words, as JSON built by the database: what the reader needs to colour
 * one page, whatever the size of the learner's whole list. The page's distinct words become one array probed on
 * the primary key (user, language, word), so the cost follows the page, never the vocabulary (a join left to the
 * planner scanned the whole list once per word). Undefined when the page does not exist in that language.
 */
export async function pageWordsJson(
  db: Db,
  userId: number,
  page: { language: LearningLanguage; contentId: number; pageId: number },
): Promise<string | undefined> {
  const result = await db.execute<{ found: boolean; json: string }>(sql`
    with page as (
      select p.sections from pages p join contents c on c.id = p.content_id
      where p.content_id = ${page.contentId} and p.number = ${page.pageId} and c.language = ${page.language}
        and (c.owner_id is null or c.owner_id = ${userId})
    )
    select exists (select 1 from page) as found, ${savedAmong(
      userId,
      page.language,
      sql`select section.part, token.at, token.value->>'lowercase' as lowercase
        from page, jsonb_array_elements(page.sections) with ordinality section(value, part),
          jsonb_array_elements(section.value->'tokens') with ordinality token(value, at)
        where (token.value->>'isWord')::boolean`,
    )} as json`);
  const row = result.rows[0];
  return row?.found ? row.json : undefined;
}

/**
 * The learner's saved words among the words of one of their video transcripts (none while it is processing).
 * Undefined when the video is not in their list in that language.
 */
export async function videoWordsJson(
  db: Db,
  userId: number,
  video: { language: LearningLanguage; videoId: string },
): Promise<string | undefined> {
  const result = await db.execute<{ found: boolean; json: string }>(sql`
    with video as (
      select transcript_id from user_videos
      where user_id = ${userId} and youtube_id = ${video.videoId} and language = ${video.language}
    )
    select exists (select 1 from video) as found, ${savedAmong(
      userId,
      video.language,
      sql`select section.position as part, token.at, token.value->>'lowercase' as lowercase
        from transcript_sections section join video on video.transcript_id = section.transcript_id,
          jsonb_array_elements(section.tokens) with ordinality token(value, at)
        where (token.value->>'isWord')::boolean`,
    )} as json`);
  const row = result.rows[0];
  return row?.found ? row.json : undefined;
}

export type SaveWordResult = { saved: UserWord; balances: SaveBalances } | { limitReached: true };

export type SaveWordNames =
  | 'userId'
  | 'level'
  | 'now'
  | 'language'
  | 'lowercase'
  | 'learningDay'
  | 'sentence'
  | 'sourceContentId'
  | 'sourcePageId'
  | 'sourceVideoId';

type SaveWordRow = { updated: boolean; inserted: boolean; users: number; has_room: boolean | null } & BalancesRow;

/**
 * The word save's statement. The day's "made known" counter compares the word's level before this save with the new
 * one: the latest committed level, read under the row's lock (the statement's snapshot may predate a save that held
 * it). PostgreSQL 18 returns it from the update itself (`returnsOld`); before 18 a CTE reads and locks the row first.
 */
function saveWordSql(p: Record<SaveWordNames, Placeholder>, returnsOld: boolean): SQL {
  const wordIs = sql`w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = ${p.lowercase}`;
  // The sentence and source of the first save that had one stay (a flashcard's front).
  const changes = sql`level = ${p.level}, updated_at = ${p.now}::timestamptz,
        sentence = coalesce(w.sentence, ${p.sentence}::text),
        source_content_id = case when w.sentence is null then ${p.sourceContentId}::int else w.source_content_id end,
        source_page_id = case when w.sentence is null then ${p.sourcePageId}::int else w.source_page_id end,
        source_video_id = case when w.sentence is null then ${p.sourceVideoId}::text else w.source_video_id end`;
  // Either way the word's row is locked after the user row (`owner` is asked first).
  const existing = returnsOld
    ? sql`existing as (
      update user_words w set ${changes}
      where ${wordIs} and exists (select 1 from owner)
      returning old.level as was
    ),`
    : sql`before as (
      select level from user_words w where ${wordIs} and exists (select 1 from owner)
      for no key update
    ),
    existing as (
      update user_words w set ${changes}
      from before
      where ${wordIs}
      returning before.level as was
    ),`;
  return sql`
    -- The user row is locked first, before any of the learner's other rows, by every statement that writes
    -- them (this one, the page save's): one order of locks, so concurrent saves never deadlock.
    with owner as (
      select word_count < word_limit as has_room, word_count, credit_amount from users
      where id = ${p.userId} for update
    ),
    ${existing}
    inserted as (
      insert into user_words (user_id, language, lowercase, level, updated_at, sentence, source_content_id,
        source_page_id, source_video_id)
      select ${p.userId}, ${p.language}, ${p.lowercase}, ${p.level}, ${p.now}::timestamptz, ${p.sentence}::text,
        ${p.sourceContentId}::int, ${p.sourcePageId}::int, ${p.sourceVideoId}::text
      from owner where owner.has_room and not exists (select 1 from existing)
      on conflict do nothing
      returning 1
    ),
    changed as (
      select ${p.lowercase}::text as lowercase where exists (select 1 from existing) or exists (select 1 from inserted)
    ),
    ${paidSave(p, p.level, sql`(select count(*) from inserted)`)},
    ${countProgress(p, {
      wordsSaved: sql`(select count(*) from inserted)`,
      wordsKnown: sql`case when ${p.level}::int = 4
        then (select count(*) from inserted) + (select count(*) from existing where was < 4) else 0 end`,
    })}
    select exists (select 1 from existing) as updated, exists (select 1 from inserted) as inserted,
      (select count(*)::int from owner) as users, (select has_room from owner) as has_room, ${balancesAfter}`;
}

const saveWordStatements = {
  returningOld: statement<SaveWordNames, SaveWordRow>((p) => saveWordSql(p, true)),
  lockingFirst: statement<SaveWordNames, SaveWordRow>((p) => saveWordSql(p, false)),
};

/**
 * Saves a level in one statement, one round trip. The user row is locked first; a word already saved changes
 * its level (always allowed); otherwise its `word_count` is compared with the limit, the word inserted and the
 * count raised. Under the lock PostgreSQL re-reads the row, so two saves racing at the limit cannot both add a word,
 * and a save costs the same at 50,000 words. A save that lands counts `learningDay` in the streak and pays the
 * coins of the levels the word reaches for the first time (and of the streak day, when it is the day's first).
 * The sentence the word was tapped in (`context`) is kept when the word has none yet: the first one stays.
 */
export async function saveUserWord(
  db: Db,
  userId: number,
  word: UserWord & { context?: WordContext | undefined },
  { now, learningDay }: { now: Date; learningDay: string },
  retried = false,
): Promise<SaveWordResult> {
  const { level, language, lowercase, context } = word;
  const source = context?.source;
  const values = {
    userId,
    level,
    language,
    lowercase,
    now: now.toISOString(),
    learningDay,
    sentence: context?.sentence ?? null,
    sourceContentId: source && 'contentId' in source ? source.contentId : null,
    sourcePageId: source && 'contentId' in source ? source.pageId : null,
    sourceVideoId: source && 'videoId' in source ? source.videoId : null,
  };
  const returnsOld = returnsOldValues(db);
  const save = (typeof returnsOld === 'boolean' ? returnsOld : await returnsOld)
    ? saveWordStatements.returningOld
    : saveWordStatements.lockingFirst;
  const [row] = await save(db, values);
  if (!row) throw new Error('The save answered no row');
  if (row.updated || row.inserted) return { saved: { level, language, lowercase }, balances: balancesOf(row) };
  if (row.users === 0) throw new Error('User vanished');
  // The same new word added meanwhile by another request (this statement's snapshot predates it): asked again,
  // it is a level change, allowed even at the limit.
  if (!retried) return saveUserWord(db, userId, word, { now, learningDay }, true);
  if (!row.has_room) return { limitReached: true };
  throw new Error('The word neither exists nor could be added');
}

export type MarkKnownResult =
  | { words: UserWord[]; balances: SaveBalances }
  | { limitReached: true; room: number }
  | { notFound: true };

const markKnownStatement = statement<
  'userId' | 'language' | 'contentId' | 'pageId' | 'now' | 'learningDay',
  { found: boolean; users: number; fits: boolean | null; room: number | null; words: string } & BalancesRow
>(
  (p) => sql`
    -- The user row first, as every statement writing the learner's rows locks it (see the word save).
    with owner as (
      select greatest(word_limit - word_count, 0) as room, word_count, credit_amount from users
      where id = ${p.userId} for update
    ),
    page as (
      select p.sections from pages p join contents c on c.id = p.content_id
      where p.content_id = ${p.contentId} and p.number = ${p.pageId} and c.language = ${p.language}
        and (c.owner_id is null or c.owner_id = ${p.userId})
    ),
    page_words as (
      select distinct token->>'lowercase' as lowercase
      from page, jsonb_array_elements(page.sections) section, jsonb_array_elements(section->'tokens') token
      where (token->>'isWord')::boolean
    ),
    saved as (
      select w.lowercase, w.level from user_words w
      where w.user_id = ${p.userId} and w.language = ${p.language}
        and w.lowercase = any (array(select lowercase from page_words))
    ),
    fresh as (select lowercase from page_words where lowercase not in (select lowercase from saved)),
    -- All or none: the new words must all fit under the limit, read from the locked row.
    fits as (select (select count(*) from fresh) <= room as ok from owner),
    raised as (
      update user_words w set level = 4, updated_at = ${p.now}::timestamptz
      where w.user_id = ${p.userId} and w.language = ${p.language} and w.level = 0
        and w.lowercase = any (array(select lowercase from page_words)) and (select ok from fits)
      returning w.lowercase
    ),
    inserted as (
      insert into user_words (user_id, language, lowercase, level, updated_at)
      select ${p.userId}, ${p.language}, lowercase, 4, ${p.now}::timestamptz from fresh where (select ok from fits)
      on conflict do nothing
      returning lowercase
    ),
    changed as (select lowercase from raised union all select lowercase from inserted),
    ${paidSave(p, sql`4`, sql`(select count(*) from inserted)`)},
    ${countProgress(p, {
      wordsSaved: sql`(select count(*) from inserted)`,
      wordsKnown: sql`(select count(*) from changed)`,
    })}
    select exists (select 1 from page) as found, (select count(*)::int from owner) as users,
      (select ok from fits) as fits, (select room::int from owner) as room,
      (select coalesce(json_agg(lowercase order by lowercase), '[]')::text from changed) as words, ${balancesAfter}`,
);

/**
 * "Mark the rest as known": the page's words that are unsaved or at level 0 become level 4 in one statement, all or
 * none. The user row is locked first; the new words are counted against the limit read under that lock, so two
 * tabs racing at the limit never pass it. A statement whose snapshot predates another's new words may count them as
 * new and refuse: asked once more, it sees them saved. Coins and the learning day as for single saves.
 */
export async function markPageKnown(
  db: Db,
  userId: number,
  page: { language: LearningLanguage; contentId: number; pageId: number },
  { now, learningDay }: { now: Date; learningDay: string },
  retried = false,
): Promise<MarkKnownResult> {
  const values = { userId, ...page, now: now.toISOString(), learningDay };
  const [row] = await markKnownStatement(db, values);
  if (!row || row.users === 0) throw new Error('User vanished');
  if (!row.found) return { notFound: true };
  if (!row.fits) {
    if (!retried) return markPageKnown(db, userId, page, { now, learningDay }, true);
    return { limitReached: true, room: row.room ?? 0 };
  }
  const words = (JSON.parse(row.words) as string[]).map((lowercase) => ({
    lowercase,
    level: 4 as const,
    language: page.language,
  }));
  return { words, balances: balancesOf(row) };
}

export type OwnMeaning = { language: LearningLanguage; lowercase: string; meaning: string | null; note: string | null };

export type SaveMeaningResult =
  | { saved: OwnMeaning & { level: WordLevel }; balances: SaveBalances }
  | { limitReached: true };

const saveMeaningStatement = statement<
  'userId' | 'language' | 'lowercase' | 'meaning' | 'note' | 'now' | 'learningDay',
  { level: number | null; users: number; has_room: boolean | null } & BalancesRow
>(
  (p) => sql`
    -- The user row first, as every statement writing the learner's words locks it (see the word save): two tabs
    -- writing one word's meaning take turns, and the last to take the lock is what stays.
    with owner as (
      select word_count < word_limit as has_room, word_count, credit_amount from users
      where id = ${p.userId} for update
    ),
    existing as (
      update user_words set meaning = ${p.meaning}::text, note = ${p.note}::text, updated_at = ${p.now}::timestamptz
      where user_id = ${p.userId} and language = ${p.language} and lowercase = ${p.lowercase}
        and exists (select 1 from owner)
      returning level
    ),
    inserted as (
      insert into user_words (user_id, language, lowercase, level, updated_at, meaning, note)
      select ${p.userId}, ${p.language}, ${p.lowercase}, 1, ${p.now}::timestamptz, ${p.meaning}::text, ${p.note}::text
      from owner where owner.has_room and not exists (select 1 from existing)
      on conflict do nothing
      returning level
    ),
    -- Only a word saved just now is a save (level 1, its coin, the learning day, the day's count of words saved);
    -- a saved word keeps its level.
    changed as (select ${p.lowercase}::text as lowercase where exists (select 1 from inserted)),
    ${paidSave(p, sql`1`, sql`(select count(*) from inserted)`)},
    ${countProgress(p, { wordsSaved: sql`(select count(*) from inserted)` })}
    select coalesce((select level from existing), (select level from inserted))::int as level,
      (select count(*)::int from owner) as users, (select has_room from owner) as has_room, ${balancesAfter}`,
);

/**
 * Writes the learner's own meaning and note for a word in one statement (null clears one). A saved word keeps its
 * level; an unsaved one is saved at level 1 within the word limit, as `saveUserWord` adds a word (the same lock, the
 * same count, the same retry when another request added it meanwhile).
 */
export async function saveOwnMeaning(
  db: Db,
  userId: number,
  word: OwnMeaning,
  { now, learningDay }: { now: Date; learningDay: string },
  retried = false,
): Promise<SaveMeaningResult> {
  const values = { userId, ...word, now: now.toISOString(), learningDay };
  const [row] = await saveMeaningStatement(db, values);
  if (!row) throw new Error('The save answered no row');
  if (row.level !== null) return { saved: { ...word, level: row.level as WordLevel }, balances: balancesOf(row) };
  if (row.users === 0) throw new Error('User vanished');
  if (!retried) return saveOwnMeaning(db, userId, word, { now, learningDay }, true);
  if (!row.has_room) return { limitReached: true };
  throw new Error('The word neither exists nor could be added');
}

export type WordParentResult =
  | { saved: UserWord & { parent: UserWord | null }; balances: SaveBalances }
  | { limitReached: true }
  | { cycle: true }
  | { notFound: true };

/**
 * Links a word to its parent, or unlinks it (`parent` null), in one transaction under the user row's lock (taken
 * first, as by every write of the learner's words). A parent among the word's descendants would make a cycle and is
 * refused. The word and the parent, when not saved yet, are saved at level 1 through `saveUserWord` (its coins, its
 * learning day, its count of words saved), both or neither: together they must fit under the limit.
 */
export async function saveWordParent(
  db: Db,
  userId: number,
  word: { language: LearningLanguage; lowercase: string; parent: string | null },
  clock: { now: Date; learningDay: string },
): Promise<WordParentResult> {
  const { language, lowercase, parent } = word;
  return db.transaction(async (tx) => {
    const owner = await tx.execute<{ word_count: number; word_limit: number; credit_amount: number }>(sql`
      select word_count, word_limit, credit_amount from users where id = ${userId} for update`);
    const user = owner.rows[0];
    if (!user) throw new Error('User vanished');
    const forms = parent === null ? [lowercase] : [lowercase, parent];
    const existing = await tx.execute<{ lowercase: string; level: number }>(sql`
      select lowercase, level from user_words
      where user_id = ${userId} and language = ${language} and ${anyOf(sql.raw('lowercase'), forms, 'text')}`);
    const levels = new Map(existing.rows.map((row) => [row.lowercase, row.level as WordLevel]));
    if (parent === null) {
      const level = levels.get(lowercase);
      if (level === undefined) return { notFound: true };
      await tx.execute(sql`update user_words set parent = null
        where user_id = ${userId} and language = ${language} and lowercase = ${lowercase}`);
      const balances = { wordCount: user.word_count, creditAmount: user.credit_amount, newLearningDay: false };
      return { saved: { lowercase, level, language, parent: null }, balances };
    }
    if (levels.has(lowercase) && (await isAncestor(tx, userId, language, lowercase, parent))) return { cycle: true };
    const missing = forms.filter((form) => !levels.has(form)).reverse();
    if (user.word_count + missing.length > user.word_limit) return { limitReached: true };
    let balances: SaveBalances = {
      wordCount: user.word_count,
      creditAmount: user.credit_amount,
      newLearningDay: false,
    };
    let newDay = false;
    for (const form of missing) {
      const result = await saveUserWord(tx, userId, { lowercase: form, level: 1, language }, clock);
      if ('limitReached' in result) return { limitReached: true };
      levels.set(form, 1);
      newDay ||= result.balances.newLearningDay;
      balances = { ...result.balances, newLearningDay: newDay };
    }
    await tx.execute(sql`update user_words set parent = ${parent}
      where user_id = ${userId} and language = ${language} and lowercase = ${lowercase}`);
    const at = (form: string) => ({ lowercase: form, level: levels.get(form) ?? 1, language });
    return { saved: { ...at(lowercase), parent: at(parent) }, balances };
  });
}

/** A word of a family as `wordFamily` answers it: the word with its level and its parent (null for the root). */
export type FamilyMember = UserWord & { parent: string | null };

/**
 * A saved word's whole family (docs/decisions/0041): up the parents from the word to its root (at most
 * `maxFamilyDepth`), then down from the root through every word below it (`user_words_children`), A–Z. Undefined when
 * the word is not saved.
 */
export async function wordFamily(
  db: Db,
  userId: number,
  language: LearningLanguage,
  lowercase: string,
): Promise<FamilyMember[] | undefined> {
  const result = await db.execute<{ lowercase: string; level: number; parent: string | null }>(sql`
    with recursive up(lowercase, parent, depth) as (
      select w.lowercase, w.parent, 0 from user_words w
      where w.user_id = ${userId} and w.language = ${language} and w.lowercase = ${lowercase}
      union all
      select w.lowercase, w.parent, up.depth + 1 from user_words w join up on w.lowercase = up.parent
      where w.user_id = ${userId} and w.language = ${language} and up.depth < ${maxFamilyDepth}
    ),
    root as (select lowercase from up order by depth desc limit 1),
    down(lowercase, level, parent, depth) as (
      select w.lowercase, w.level, null::text, 0 from user_words w join root on w.lowercase = root.lowercase
      where w.user_id = ${userId} and w.language = ${language}
      union all
      select w.lowercase, w.level, w.parent, down.depth + 1 from user_words w join down on w.parent = down.lowercase
      where w.user_id = ${userId} and w.language = ${language} and down.depth < ${maxFamilyDepth}
    )
    select lowercase, level, parent from (
      select distinct on (lowercase) lowercase, level::int as level, parent from down order by lowercase, depth
    ) family order by lowercase collate "C"`);
  if (result.rows.length === 0) return undefined;
  return result.rows.map((row) => ({
    lowercase: row.lowercase,
    level: row.level as WordLevel,
    language,
    parent: row.parent,
  }));
}

/** Whether `word` is `form` or one of its ancestors: walked up the parents (acyclic, as every link is checked). */
async function isAncestor(
  db: Db,
  userId: number,
  language: LearningLanguage,
  word: string,
  form: string,
): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    with recursive up(lowercase) as (
      select ${form}::text
      union
      select w.parent from user_words w join up on w.lowercase = up.lowercase
      where w.user_id = ${userId} and w.language = ${language} and w.parent is not null
    )
    select exists (select 1 from up where lowercase = ${word}) as found`);
  return result.rows[0]?.found === true;
}
