import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { progressDays } from '#contract/endpoints/progress.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { statement } from '../prepared-statements.ts';
import type { Db } from '../types.ts';

/** What one save adds to the day's counters: each an SQL count read from the save's own CTEs (none: 0). */
export type ProgressCounts = { wordsSaved?: SQL; wordsKnown?: SQL; pagesRead?: SQL };

/**
 * The CTE `progress` that adds a save's counts to the learner's counters of `learningDay` in the language, in the
 * save's own statement: counted from the rows the statement changed (its `returning`), so a save that changed nothing
 * writes nothing, and under the user row's lock, which every save takes first, so parallel saves add up exactly.
 */
export function countProgress(p: Record<'userId' | 'language' | 'learningDay', Placeholder>, counts: ProgressCounts) {
  const { wordsSaved = sql`0`, wordsKnown = sql`0`, pagesRead = sql`0` } = counts;
  return sql`
    progress as (
      insert into daily_progress as d (user_id, language, day, words_saved, words_known, pages_read)
      select ${p.userId}, ${p.language}, ${p.learningDay}::date, n.saved, n.known, n.pages
      from (select (${wordsSaved})::int as saved, (${wordsKnown})::int as known, (${pagesRead})::int as pages) n
      where n.saved + n.known + n.pages > 0
      on conflict (user_id, language, day) do update set words_saved = d.words_saved + excluded.words_saved,
        words_known = d.words_known + excluded.words_known, pages_read = d.pages_read + excluded.pages_read
      returning 1
    )`;
}

const progressStatement = statement<'userId' | 'language' | 'today', { days: string; levels: number[] }>(
  (p) => sql`
    with days as (select ${p.today}::date - n as day from generate_series(${sql.raw(String(progressDays - 1))}, 0, -1) n),
    levels as (
      select level, count(*)::int as words from user_words
      where user_id = ${p.userId} and language = ${p.language} group by level
    )
    select
      (select json_agg(json_build_object('day', to_char(days.day, 'YYYY-MM-DD'),
          'wordsSaved', coalesce(d.words_saved, 0), 'wordsKnown', coalesce(d.words_known, 0),
          'pagesRead', coalesce(d.pages_read, 0)) order by days.day)::text
        from days left join daily_progress d
          on d.user_id = ${p.userId} and d.language = ${p.language} and d.day = days.day) as days,
      array(select coalesce((select words from levels where level = l), 0) from generate_series(0, 4) l) as levels`,
);

/**
 * The learner's progress in a language as the contract's JSON, built by the database: the `progressDays` learning
 * days ending `today` (the learner's day), oldest first, zeros where nothing was counted, and the saved words per level.
 */
export async function progressJson(db: Db, userId: number, language: LearningLanguage, today: string): Promise<string> {
  const [row] = await progressStatement(db, { userId, language, today });
  if (!row) throw new Error('The progress answered no row');
  return `{"days":${row.days},"levels":${JSON.stringify(row.levels)}}`;
}
