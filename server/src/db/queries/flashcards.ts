import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { LearningLanguage } from '#contract/languages.ts';
import { statement } from '../prepared-statements.ts';
import type { Db } from '../types.ts';
import { type BalancesRow, balancesAfter, balancesOf, paidSave, type SaveBalances } from './save-balances.ts';
import { meaningOf } from './vocabulary.ts';

/** A card's scheduler state as `flashcards` stores it (ts-fsrs's card, column by column). */
export type CardRow = {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** 0 new, 1 learning, 2 review, 3 relearning. */
  state: number;
  lastReview: Date | null;
};

/** A card as the screens show it, read with its word: the word's level, meaning and note, the card's source. */
export type CardRead = CardRow & {
  id: number;
  lowercase: string;
  level: number;
  meaning: string | null;
  meaningIsOwn: boolean;
  note: string | null;
  sentence: string | null;
  source:
    | { kind: 'content'; contentId: number; pageId: number; title: string | null }
    | { kind: 'video'; videoId: string; title: string | null }
    | null;
  levelRaisedOn: string | null;
};

type CardDbRow = {
  id: number;
  lowercase: string;
  level: number;
  meaning: string | null;
  meaning_is_own: boolean;
  note: string | null;
  sentence: string | null;
  source_content_id: number | null;
  source_page_id: number | null;
  source_video_id: string | null;
  source_title: string | null;
  due: number;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: number | null;
  level_raised_on: string | null;
};

/** Milliseconds since the epoch as a number (pg hands timestamps over as text). */
const epochMs = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/** Cards reviewed: not suspended (their word at 1–3; the flag kept by the words' trigger, migration 0021). */
const active = sql.raw('not c.suspended');

/** Joins a card (`c`) to its word (`w`) on the word's primary key. */
const withWord = sql.raw(
  'flashcards c join user_words w on w.user_id = c.user_id and w.language = c.language and w.lowercase = c.lowercase',
);

/** A card (`c`) with its word (`w`): what `CardRead` is read from; titles of sources gone since are null. */
const cardColumns = (p: Record<'language' | 'homeLang', Placeholder>) => sql`
  c.id, c.lowercase, w.level::int as level, coalesce(w.meaning, ${meaningOf(p)}) as meaning,
  w.meaning is not null as meaning_is_own, w.note, c.sentence, c.source_content_id, c.source_page_id,
  c.source_video_id,
  case
    when c.source_content_id is not null then (select ct.title from contents ct
      where ct.id = c.source_content_id and ct.language = c.language
        and (ct.owner_id = c.user_id or (ct.owner_id is null and ct.published)))
    when c.source_video_id is not null then (select v.title from user_videos v
      where v.user_id = c.user_id and v.youtube_id = c.source_video_id and v.language = c.language)
  end as source_title,
  ${epochMs(sql`c.due`)} as due, c.stability, c.difficulty, c.elapsed_days, c.scheduled_days, c.learning_steps,
  c.reps, c.lapses, c.state::int as state, ${epochMs(sql`c.last_review`)} as last_review,
  c.level_raised_on::text as level_raised_on`;

/**
 * The cards of the CTE `picked` (their ids), each read with its word by primary key: one lookup per card picked.
 * With a plain join (or a lateral one, which the planner flattens into one unless something like `limit` keeps it
 * apart), the generic plan of the prepared statement, unsure how many were picked, walked every card of the learner
 * in key order to merge them in.
 */
const pickedCards = (p: Record<'language' | 'homeLang', Placeholder>) =>
  sql`picked cross join lateral (select ${cardColumns(p)} from ${withWord} where c.id = picked.id limit 1) card`;

function cardOf(row: CardDbRow): CardRead {
  const source =
    row.source_content_id !== null
      ? {
          kind: 'content' as const,
          contentId: row.source_content_id,
          pageId: row.source_page_id ?? 0,
          title: row.source_title,
        }
      : row.source_video_id !== null
        ? { kind: 'video' as const, videoId: row.source_video_id, title: row.source_title }
        : null;
  return {
    id: row.id,
    lowercase: row.lowercase,
    level: row.level,
    meaning: row.meaning,
    meaningIsOwn: row.meaning_is_own,
    note: row.note,
    sentence: row.sentence,
    source,
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsed_days,
    scheduledDays: row.scheduled_days,
    learningSteps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.last_review === null ? null : new Date(row.last_review),
    levelRaisedOn: row.level_raised_on,
  };
}

/** New cards first reviewed since `dayStart` (not undone): what today's cap on new cards has let through. */
const introducedSince = (p: Record<'userId' | 'language' | 'dayStart', Placeholder>) => sql`(
  select count(*)::int from flashcard_reviews r join flashcards c on c.id = r.card_id
  where r.user_id = ${p.userId} and r.reviewed_at >= ${p.dayStart}::timestamptz and r.undone_at is null
    and c.language = ${p.language} and (r.card_before->>'state')::int = 0)`;

type CardKey = { userId: number; language: LearningLanguage; homeLang: LearningLanguage };

const cardStatement = statement<'userId' | 'language' | 'homeLang' | 'cardId', CardDbRow>(
  (p) => sql`
    select ${cardColumns(p)} from ${withWord}
    where c.id = ${p.cardId} and c.user_id = ${p.userId} and c.language = ${p.language}`,
);

/** One of the learner's cards in a language, with its word; undefined when it is not theirs or not there. */
export async function readCard(db: Db, key: CardKey & { cardId: number }): Promise<CardRead | undefined> {
  const [row] = await cardStatement(db, key);
  return row ? cardOf(row) : undefined;
}

const lockedCardStatement = statement<'userId' | 'language' | 'homeLang' | 'cardId', CardDbRow>(
  (p) => sql`
    select ${cardColumns(p)} from ${withWord}
    where c.id = ${p.cardId} and c.user_id = ${p.userId} and c.language = ${p.language}
    for update of c, w`,
);

/**
 * The card and its word, locked until the transaction ends (after the user row, as every writer of a learner's words
 * locks it first): a level change from the reader waits for the review, or the review for it.
 */
export async function lockCard(tx: Db, key: CardKey & { cardId: number }): Promise<CardRead | undefined> {
  const [row] = await lockedCardStatement(tx, key);
  return row ? cardOf(row) : undefined;
}

const lockLearnerStatement = statement<'userId', { id: number }>(
  (p) => sql`select id from users where id = ${p.userId} for update`,
);

/** Locks the learner's row: first, as every statement writing the learner's words does (one order, no deadlocks). */
export async function lockLearner(tx: Db, userId: number): Promise<boolean> {
  return (await lockLearnerStatement(tx, { userId })).length > 0;
}

const queueStatement = statement<'userId' | 'language' | 'homeLang' | 'now' | 'dayStart' | 'limit', CardDbRow>(
  (p) => sql`
    with due as (
      select c.id from flashcards c
      where c.user_id = ${p.userId} and c.language = ${p.language} and c.due <= ${p.now}::timestamptz
        and c.state <> 0 and ${active}
      order by c.due, c.id
      limit ${p.limit}::int
    ),
    fresh as (
      select c.id from flashcards c
      where c.user_id = ${p.userId} and c.language = ${p.language} and c.state = 0 and ${active}
      order by c.id
      limit greatest(least(${p.limit}::int - (select count(*) from due),
        (select flashcard_new_per_day from users where id = ${p.userId}) - ${introducedSince(p)}), 0)
    ),
    picked as (select id, 0 as part from due union all select id, 1 from fresh)
    select card.* from ${pickedCards(p)}
    order by picked.part, case when picked.part = 0 then card.due end, card.id`,
);

const practiceStatement = statement<'userId' | 'language' | 'homeLang' | 'limit', CardDbRow>(
  (p) => sql`
    with picked as (
      select c.id from flashcards c
      where c.user_id = ${p.userId} and c.language = ${p.language} and ${active}
      order by c.last_review nulls first, c.id
      limit ${p.limit}::int
    )
    select card.* from ${pickedCards(p)}
    order by card.last_review nulls first, card.id`,
);

/**
 * Cards to review: reviews due (most overdue first), then new cards (the oldest first) within what is left of the
 * day's cap; in practice, any cards not suspended, the least recently reviewed first.
 */
export async function queueCards(
  db: Db,
  query: CardKey & { now: Date; dayStart: Date; limit: number; practice: boolean },
): Promise<CardRead[]> {
  const { userId, language, homeLang, limit } = query;
  const rows = query.practice
    ? await practiceStatement(db, { userId, language, homeLang, limit })
    : await queueStatement(db, {
        userId,
        language,
        homeLang,
        limit,
        now: query.now.toISOString(),
        dayStart: query.dayStart.toISOString(),
      });
  return rows.map(cardOf);
}

export type SummaryRow = {
  dueNow: number;
  today: number;
  tomorrow: number;
  nextWeek: number;
  soon: number;
  /** Reviews due on each of the next 7 learning days (today's with those overdue). */
  forecast: number[];
  newToday: number;
  newPerDay: number;
  newWaiting: number;
  total: number;
  suspended: number;
};

type SummaryDbRow = {
  slots: { slot: number; overdue: boolean; n: number }[];
  total: number;
  suspended: number;
  fresh: number;
  new_today: number;
  new_per_day: number;
};

const summaryStatement = statement<'userId' | 'language' | 'now' | 'dayStart' | 'bounds', SummaryDbRow>(
  (p) => sql`
    -- The cards in review due before the eighth learning day's end, counted into the learning day each is due on (0
    -- today or before, 1–7) and whether it is due now; every other count is the learner's counts row (kept by the
    -- cards' triggers). The bounds are read once, not per card.
    with bounds as materialized (select ${p.bounds}::timestamptz[] as starts, ${p.now}::timestamptz as now),
    slots as (
      select width_bucket(c.due, bounds.starts) as slot, c.due <= bounds.now as overdue, count(*)::int as n
      from bounds, flashcards c
      where c.user_id = ${p.userId} and c.language = ${p.language} and c.state <> 0 and ${active}
        and c.due < bounds.starts[array_length(bounds.starts, 1)]
      group by 1, 2
    ),
    counts as (
      select total, suspended, fresh from flashcard_counts where user_id = ${p.userId} and language = ${p.language}
    )
    select (select coalesce(json_agg(slots), '[]') from slots) as slots,
      coalesce((select total from counts), 0) as total, coalesce((select suspended from counts), 0) as suspended,
      coalesce((select fresh from counts), 0) as fresh, ${introducedSince(p)} as new_today,
      (select flashcard_new_per_day::int from users where id = ${p.userId}) as new_per_day`,
);

/**
 * The queue screen's counts over the learner's cards in a language: the cards due within the next eight learning
 * days grouped by the day each is due on, the rest from the counts the cards' triggers keep. `bounds` are the starts of
 * the next eight learning days (tomorrow's first); `dayStart` today's.
 */
export async function summaryCounts(
  db: Db,
  query: { userId: number; language: LearningLanguage; now: Date; dayStart: Date; bounds: readonly Date[] },
): Promise<SummaryRow> {
  const [row] = await summaryStatement(db, {
    userId: query.userId,
    language: query.language,
    now: query.now.toISOString(),
    dayStart: query.dayStart.toISOString(),
    bounds: query.bounds.map((bound) => bound.toISOString()),
  });
  if (!row) throw new Error('The summary answered no row');
  const counts: SummaryRow = {
    dueNow: 0,
    today: 0,
    tomorrow: 0,
    nextWeek: 0,
    soon: 0,
    forecast: [0, 0, 0, 0, 0, 0, 0],
    newToday: row.new_today,
    newPerDay: row.new_per_day,
    newWaiting: row.fresh,
    total: row.total,
    suspended: row.suspended,
  };
  // Cards in review, not suspended: those not due within the eight days are due later ("soon").
  let later = row.total - row.suspended - row.fresh;
  for (const { slot, overdue, n } of row.slots) {
    later -= n;
    if (slot < 7) counts.forecast[slot] = (counts.forecast[slot] ?? 0) + n;
    if (overdue) counts.dueNow += n;
    else if (slot === 0) counts.today += n;
    else if (slot === 1) counts.tomorrow += n;
    else counts.nextWeek += n;
  }
  // Never below none, should the counts and the cards ever disagree.
  counts.soon = Math.max(later, 0);
  return counts;
}

type NewCardParam =
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'now';

/** A new card's columns from the scheduler's empty card (`p`), for an insert selecting words as `w`. */
const newCardValues = (p: Record<NewCardParam, Placeholder>) => sql`
  ${p.due}::timestamptz, ${p.stability}::float8, ${p.difficulty}::float8, ${p.elapsedDays}::int, ${p.scheduledDays}::int,
  ${p.learningSteps}::int, ${p.reps}::int, ${p.lapses}::int, ${p.state}::int, null, w.sentence, w.source_content_id,
  w.source_page_id, w.source_video_id, ${p.now}::timestamptz, w.level in (0, 4)`;

const cardInsertColumns = sql.raw(`(user_id, language, lowercase, due, stability, difficulty, elapsed_days,
  scheduled_days, learning_steps, reps, lapses, state, last_review, sentence, source_content_id, source_page_id,
  source_video_id, created_at, suspended)`);

/** The same state as JSON (`card_before`, `card_after` of the review log): ISO times. */
export type CardSnapshot = Omit<CardRow, 'due' | 'lastReview'> & { due: string; lastReview: string | null };

/** The scheduler's columns of a card (a card read with its word has more), as JSON for the review log. */
export function snapshotOf(card: CardRow): CardSnapshot {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsedDays,
    scheduledDays: card.scheduledDays,
    learningSteps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.lastReview ? card.lastReview.toISOString() : null,
  };
}

function newCardParams(card: CardRow, now: Date) {
  const { lastReview: _never, ...state } = snapshotOf(card);
  return { ...state, now: now.toISOString() };
}

const addCardStatement = statement<
  'userId' | 'language' | 'lowercase' | NewCardParam,
  { found: boolean; added: number | null; existing: number | null }
>(
  (p) => sql`
    with word as (
      select * from user_words w
      where w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = ${p.lowercase}
      for no key update
    ),
    inserted as (
      insert into flashcards ${cardInsertColumns}
      select w.user_id, w.language, w.lowercase, ${newCardValues(p)} from word w
      on conflict (user_id, language, lowercase) do nothing
      returning id
    )
    select exists (select 1 from word) as found, (select id from inserted) as added,
      (select id from flashcards
       where user_id = ${p.userId} and language = ${p.language} and lowercase = ${p.lowercase}) as existing`,
);

/**
 * A card for one saved word, made from the scheduler's empty card and the word's sentence and source, unless it has
 * one: its id and whether it was made now; undefined when the word is not saved.
 */
export async function addCard(
  db: Db,
  key: { userId: number; language: LearningLanguage; lowercase: string },
  card: CardRow,
  now: Date,
  retried = false,
): Promise<{ id: number; added: boolean } | undefined> {
  const [row] = await addCardStatement(db, { ...key, ...newCardParams(card, now) });
  if (!row?.found) return undefined;
  if (row.added !== null) return { id: row.added, added: true };
  if (row.existing !== null) return { id: row.existing, added: false };
  // Made meanwhile by another request, after this statement's snapshot: asked again, it is there.
  if (!retried) return addCard(db, key, card, now, true);
  throw new Error('The card neither exists nor could be made');
}

/**
 * "Add 20 Cards"'s statement; `withOwnTexts` counts the words in the learner's own texts of the language too (a
 * learner who has none is spared the join with them, which follows the number of candidate words).
 */
const addCardsSql = (withOwnTexts: boolean) =>
  statement<'userId' | 'language' | 'count' | NewCardParam, { added: number }>(
    (p) => sql`
    with ${
      withOwnTexts
        ? sql`own as (
      select cw.lowercase, sum(cw.occurrences) as occurrences from content_words cw
      where cw.content_id in (select id from contents where owner_id = ${p.userId} and language = ${p.language})
      group by cw.lowercase
    ),`
        : sql``
    }
    picked as (
      select w.user_id, w.language, w.lowercase, w.level, w.sentence, w.source_content_id, w.source_page_id,
        w.source_video_id
      from user_words w
        left join library_words lw on lw.language = w.language and lw.lowercase = w.lowercase
        ${withOwnTexts ? sql`left join own on own.lowercase = w.lowercase` : sql``}
      where w.user_id = ${p.userId} and w.language = ${p.language} and w.level between 1 and 3 and not w.has_card
      order by coalesce(lw.occurrences, 0) ${withOwnTexts ? sql`+ coalesce(own.occurrences, 0)` : sql``} desc,
        w.updated_at desc, w.lowercase collate "C"
      limit ${p.count}::int
      for no key update of w
    ),
    inserted as (
      insert into flashcards ${cardInsertColumns}
      select w.user_id, w.language, w.lowercase, ${newCardValues(p)} from picked w
      on conflict (user_id, language, lowercase) do nothing
      returning 1
    )
    select count(*)::int as added from inserted`,
  );

const addCardsStatements = { withOwnTexts: addCardsSql(true), libraryOnly: addCardsSql(false) };

const ownTextsStatement = statement<'userId' | 'language', { owns: boolean }>(
  (p) => sql`
    select exists (select 1 from contents where owner_id = ${p.userId} and language = ${p.language}) as owns`,
);

/**
 * "Add 20 Cards": cards for up to `count` saved words at levels 1–3 without one, the most frequent in the library and
 * the learner's own texts first, then the most recently changed (the words marked `has_card` by the cards' trigger
 * are left out). The picked words are locked: a second "Add 20" at once waits, then passes over the words that now
 * have cards and picks the next ones.
 */
export async function addCards(
  db: Db,
  key: { userId: number; language: LearningLanguage; count: number },
  card: CardRow,
  now: Date,
): Promise<number> {
  const [own] = await ownTextsStatement(db, key);
  const add = own?.owns ? addCardsStatements.withOwnTexts : addCardsStatements.libraryOnly;
  const [row] = await add(db, { ...key, ...newCardParams(card, now) });
  return row?.added ?? 0;
}

/** A review in the log, as a repeated review id or an undo reads it. */
export type ReviewRow = {
  cardId: number;
  rating: number;
  cardBefore: unknown;
  cardAfter: unknown;
  levelBefore: number;
  levelAfter: number;
  undone: boolean;
};

type ReviewDbRow = {
  card_id: number;
  rating: number;
  card_before: unknown;
  card_after: unknown;
  level_before: number;
  level_after: number;
  undone: boolean;
};

const reviewOf = (row: ReviewDbRow): ReviewRow => ({
  cardId: row.card_id,
  rating: row.rating,
  cardBefore: row.card_before,
  cardAfter: row.card_after,
  levelBefore: row.level_before,
  levelAfter: row.level_after,
  undone: row.undone,
});

const reviewStatement = statement<'userId' | 'reviewId', ReviewDbRow>(
  (p) => sql`
    select card_id, rating::int as rating, card_before, card_after, level_before::int as level_before,
      level_after::int as level_after, undone_at is not null as undone
    from flashcard_reviews where user_id = ${p.userId} and review_id = ${p.reviewId}::uuid`,
);

/** The learner's review of that id, if any. */
export async function readReview(db: Db, userId: number, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await reviewStatement(db, { userId, reviewId });
  return row ? reviewOf(row) : undefined;
}

const latestReviewStatement = statement<'cardId', { review_id: string }>(
  (p) => sql`
    select review_id::text from flashcard_reviews where card_id = ${p.cardId} and undone_at is null
    order by (card_after->>'reps')::int desc, reviewed_at desc limit 1`,
);

/** The card's latest review not undone (its repetition count is the card's highest), if any. */
export async function latestReviewId(tx: Db, cardId: number): Promise<string | undefined> {
  const [row] = await latestReviewStatement(tx, { cardId });
  return row?.review_id;
}

const updateCardStatement = statement<
  | 'cardId'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'state'
  | 'lastReview'
  | 'levelRaisedOn',
  { id: number }
>(
  (p) => sql`
    update flashcards set due = ${p.due}::timestamptz, stability = ${p.stability}::float8,
      difficulty = ${p.difficulty}::float8, elapsed_days = ${p.elapsedDays}::int,
      scheduled_days = ${p.scheduledDays}::int, learning_steps = ${p.learningSteps}::int, reps = ${p.reps}::int,
      lapses = ${p.lapses}::int, state = ${p.state}::int, last_review = ${p.lastReview}::timestamptz,
      level_raised_on = ${p.levelRaisedOn}::date
    where id = ${p.cardId}
    returning id`,
);

/** Writes a card's scheduler state (after a review, or a snapshot an undo restores) and its last raise's day. */
export async function writeCard(tx: Db, cardId: number, card: CardRow, levelRaisedOn: string | null): Promise<void> {
  await updateCardStatement(tx, { cardId, ...snapshotOf(card), levelRaisedOn });
}

const insertReviewStatement = statement<
  | 'userId'
  | 'reviewId'
  | 'cardId'
  | 'rating'
  | 'cardBefore'
  | 'cardAfter'
  | 'levelBefore'
  | 'levelAfter'
  | 'now'
  | 'durationMs',
  { inserted: number }
>(
  (p) => sql`
    insert into flashcard_reviews (user_id, review_id, card_id, rating, card_before, card_after, level_before,
      level_after, reviewed_at, duration_ms)
    values (${p.userId}, ${p.reviewId}::uuid, ${p.cardId}, ${p.rating}::int, ${p.cardBefore}::jsonb,
      ${p.cardAfter}::jsonb, ${p.levelBefore}::int, ${p.levelAfter}::int, ${p.now}::timestamptz, ${p.durationMs}::int)
    on conflict (user_id, review_id) do nothing
    returning 1 as inserted`,
);

/** Appends a review to the log; false when a review of that id is there already (the unique key decides). */
export async function logReview(
  tx: Db,
  review: {
    userId: number;
    reviewId: string;
    cardId: number;
    rating: number;
    cardBefore: unknown;
    cardAfter: unknown;
    levelBefore: number;
    levelAfter: number;
    now: Date;
    durationMs: number;
  },
): Promise<boolean> {
  const rows = await insertReviewStatement(tx, {
    ...review,
    cardBefore: JSON.stringify(review.cardBefore),
    cardAfter: JSON.stringify(review.cardAfter),
    now: review.now.toISOString(),
  });
  return rows.length > 0;
}

const undoneStatement = statement<'userId' | 'reviewId' | 'now', { undone: number }>(
  (p) => sql`
    update flashcard_reviews set undone_at = ${p.now}::timestamptz
    where user_id = ${p.userId} and review_id = ${p.reviewId}::uuid and undone_at is null
    returning 1 as undone`,
);

/** Marks a review undone: its row stays in the log. */
export async function markUndone(tx: Db, userId: number, reviewId: string, now: Date): Promise<void> {
  await undoneStatement(tx, { userId, reviewId, now: now.toISOString() });
}

const reviewLevelStatement = statement<
  'userId' | 'language' | 'lowercase' | 'level' | 'now' | 'learningDay',
  BalancesRow
>(
  (p) => sql`
    -- The user row and the word are locked already (the review's transaction took them in that order).
    with owner as (select word_count, credit_amount from users where id = ${p.userId}),
    updated as (
      update user_words w set level = ${p.level}::int, updated_at = ${p.now}::timestamptz
      where w.user_id = ${p.userId} and w.language = ${p.language} and w.lowercase = ${p.lowercase}
        and w.level <> ${p.level}::int
      returning 1
    ),
    -- The word counts as learned today (the streak) whether or not its level moved; a level it reaches for the first
    -- time pays its coin, as in the reader.
    changed as (select ${p.lowercase}::text as lowercase),
    ${paidSave(p, sql`case when exists (select 1 from updated) then ${p.level}::int else 0 end`, sql`0`)}
    select ${balancesAfter}`,
);

/**
 * A review's (or an undo's) effect on the word, through the reader's save path: the level when it changes (the change
 * time, a level reached the first time paid, under the day's cap), and the learning day counted for the streak either
 * way. Runs in the review's transaction, after the user row and the word were locked.
 */
export async function writeReviewLevel(
  tx: Db,
  word: { userId: number; language: LearningLanguage; lowercase: string; level: number },
  { now, learningDay }: { now: Date; learningDay: string },
): Promise<SaveBalances> {
  const [row] = await reviewLevelStatement(tx, { ...word, now: now.toISOString(), learningDay });
  if (!row) throw new Error('The review answered no row');
  return balancesOf(row);
}

const balancesStatement = statement<'userId', BalancesRow>(
  (p) => sql`select word_count, credit_amount, false as new_learning_day from users where id = ${p.userId}`,
);

/** The learner's balances as they are (a repeated review changes nothing). */
export async function currentBalances(db: Db, userId: number): Promise<SaveBalances> {
  const [row] = await balancesStatement(db, { userId });
  if (!row) throw new Error('User vanished');
  return balancesOf(row);
}

const newPerDayStatement = statement<'userId' | 'newPerDay', { new_per_day: number }>(
  (p) => sql`
    update users set flashcard_new_per_day = ${p.newPerDay}::int where id = ${p.userId}
    returning flashcard_new_per_day::int as new_per_day`,
);

/** The learner's daily cap on new cards (every language). */
export async function setNewPerDay(db: Db, userId: number, newPerDay: number): Promise<number> {
  const [row] = await newPerDayStatement(db, { userId, newPerDay });
  if (!row) throw new Error('User vanished');
  return row.new_per_day;
}
