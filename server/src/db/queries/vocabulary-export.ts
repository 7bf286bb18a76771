import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { WordLevel } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import type { ExportedWord } from '#contract/word-export.ts';
import { statement } from '../prepared-statements.ts';
import type { Db } from '../types.ts';

/** Words per page of an export: one statement each, so the file is written as it is read. */
export const exportPageSize = 1000;

type ExportParam = 'userId' | 'language' | 'levels' | 'afterWord' | 'limit';
type P = Record<ExportParam, Placeholder>;

/** A time as the contract writes it: UTC, milliseconds, `Z`. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const sourceOf = (t: string) =>
  sql.raw(`case when ${t}.source_content_id is null and ${t}.source_video_id is null then null
    else json_build_object('contentId', ${t}.source_content_id, 'pageId', ${t}.source_page_id,
      'videoId', ${t}.source_video_id) end`);

/** A card's review log, oldest first: every column but the learner's and the card's ids. */
const reviewsOf = (p: P) => sql`(select coalesce(json_agg(json_build_object(
    'reviewId', r.review_id, 'rating', r.rating, 'cardBefore', r.card_before, 'cardAfter', r.card_after,
    'levelBefore', r.level_before, 'levelAfter', r.level_after, 'reviewedAt', ${iso(sql`r.reviewed_at`)},
    'durationMs', r.duration_ms, 'undoneAt', ${iso(sql`r.undone_at`)}
  ) order by r.reviewed_at, r.review_id), '[]') from flashcard_reviews r where r.user_id = ${p.userId} and r.card_id = f.id)`;

/**
 * One page of a learner's words in one language in A–Z order (the vocabulary screen's: the folded form, then the word,
 * byte-wise), each with its card and the card's log, as the JSON of `ExportedWord`s. The keyset is a range of the
 * `user_words_folded` index, so a page costs the same at the end of a long list as at its start.
 */
function exportStatementFor(shape: { levels: boolean; after: boolean }) {
  return statement<ExportParam, { words: string; last_word: string | null }>((p) => {
    const filters = sql`${shape.levels ? sql`and w.level = any(${p.levels}::int[])` : sql``}
      ${
        shape.after
          ? sql`and (w.folded collate "C", w.lowercase collate "C") > (fold_word(${p.afterWord}::text), ${p.afterWord}::text)`
          : sql``
      }`;
    return sql`
      with page as (
        select w.* from user_words w
        where w.user_id = ${p.userId} and w.language = ${p.language} ${filters}
        order by w.folded collate "C", w.lowercase collate "C"
        limit ${p.limit}::int
      ),
      numbered as (select page.*, row_number() over (order by folded collate "C", lowercase collate "C") as n from page)
      select
        (select coalesce(json_agg(json_build_object(
          'language', w.language, 'word', w.lowercase, 'level', w.level, 'meaning', w.meaning, 'note', w.note,
          'sentence', w.sentence, 'source', ${sourceOf('w')}, 'updatedAt', ${iso(sql`w.updated_at`)},
          'addedAt', ${iso(sql`w.created_at`)}, 'card', case when f.id is null then null else json_build_object(
            'due', ${iso(sql`f.due`)}, 'stability', f.stability, 'difficulty', f.difficulty,
            'elapsedDays', f.elapsed_days, 'scheduledDays', f.scheduled_days, 'learningSteps', f.learning_steps,
            'reps', f.reps, 'lapses', f.lapses, 'state', f.state, 'lastReview', ${iso(sql`f.last_review`)},
            'suspended', f.suspended, 'createdAt', ${iso(sql`f.created_at`)}, 'levelRaisedOn', f.level_raised_on,
            'sentence', f.sentence, 'source', ${sourceOf('f')}, 'reviews', ${reviewsOf(p)}) end,
          'parent', w.parent
        ) order by w.n), '[]')::text
        from numbered w
          left join flashcards f on f.user_id = ${p.userId} and f.language = w.language and f.lowercase = w.lowercase
        ) as words,
        (select lowercase from numbered order by n desc limit 1) as last_word`;
  });
}

const exportStatements = new Map<string, ReturnType<typeof exportStatementFor>>();

export type ExportQuery = {
  userId: number;
  languages: readonly LearningLanguage[];
  /** Levels to export (all when absent). */
  levels?: readonly WordLevel[] | undefined;
  pageSize?: number;
};

/**
 * A learner's words, page by page (each language in turn, each in A–Z order): only the learner's rows are read, and
 * no more than a page of them is held at once.
 */
export async function* exportedWordPages(db: Db, query: ExportQuery): AsyncGenerator<ExportedWord[]> {
  const limit = query.pageSize ?? exportPageSize;
  for (const language of query.languages) {
    let afterWord: string | null = null;
    for (;;) {
      const shape = { levels: query.levels !== undefined, after: afterWord !== null };
      const name = `${shape.levels}:${shape.after}`;
      let run = exportStatements.get(name);
      if (!run) {
        run = exportStatementFor(shape);
        exportStatements.set(name, run);
      }
      const [row] = await run(db, {
        userId: query.userId,
        language,
        levels: query.levels ? [...query.levels] : null,
        afterWord,
        limit,
      });
      if (!row) throw new Error('The export page answered no row');
      const words = JSON.parse(row.words) as ExportedWord[];
      if (words.length > 0) yield words;
      if (words.length < limit || row.last_word === null) break;
      afterWord = row.last_word;
    }
  }
}
