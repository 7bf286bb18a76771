import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { TextImport } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import type { ImportedPage } from '../../text/paginate.ts';
import { countWords, tokenizePage } from '../../text/tokenizer.ts';
import { users } from '../schema/accounts.ts';
import { contents, pages, textImports } from '../schema/content.ts';
import type { Db } from '../types.ts';
import { refreshContentWords } from './coverage.ts';

type NewImport = { userId: number; language: LearningLanguage; title: string; kind: string; source: string };

/**
 * Stores a text to import unless the learner has reached their limit: the count and the insert run under the
 * learner's row lock, so parallel imports cannot pass it. Undefined at the limit.
 */
export async function addImport(db: Db, values: NewImport, limit: number, now: Date): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [counted] = await tx
      .select({ n: count() })
      .from(textImports)
      .where(and(eq(textImports.userId, values.userId), isNull(textImports.subCategoryId)));
    if ((counted?.n ?? 0) >= limit) return undefined;
    const [row] = await tx
      .insert(textImports)
      .values({ ...values, status: 'processing', createdAt: now })
      .returning({ id: textImports.id });
    return row?.id;
  });
}

export const importColumns = {
  id: textImports.id,
  title: textImports.title,
  language: textImports.language,
  status: textImports.status,
  contentId: textImports.contentId,
  error: textImports.error,
  createdAt: textImports.createdAt,
  // Written out: drizzle leaves columns unqualified here, and a bare content_id would be the page's own.
  pages: sql<number>`(select count(*)::int from pages p where p.content_id = text_imports.content_id)`,
  words: sql<number>`(select coalesce(sum(p.word_count), 0)::int from pages p where p.content_id = text_imports.content_id)`,
};

export function importToWire(row: Awaited<ReturnType<typeof selectImports>>[number]): TextImport {
  return { ...row, language: row.language as LearningLanguage, createdAt: row.createdAt.toISOString() };
}

function selectImports(db: Db, where: ReturnType<typeof and>) {
  return db
    .select(importColumns)
    .from(textImports)
    .where(where)
    .orderBy(desc(textImports.createdAt), desc(textImports.id));
}

/** A learner's own imports (an admin's uploads to the library are not among them). */
const ownImports = (userId: number) => and(eq(textImports.userId, userId), isNull(textImports.subCategoryId));

/** The learner's own texts in a language, newest first. */
export async function listImports(db: Db, userId: number, language: LearningLanguage): Promise<TextImport[]> {
  const rows = await selectImports(db, and(ownImports(userId), eq(textImports.language, language)));
  return rows.map(importToWire);
}

export async function findOwnImport(db: Db, userId: number, id: number): Promise<TextImport | undefined> {
  const [row] = await selectImports(db, and(ownImports(userId), eq(textImports.id, id)));
  return row ? importToWire(row) : undefined;
}

/** The import and the text it made, gone; false when the learner has no such import. */
export async function deleteImport(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(textImports)
      .where(and(ownImports(userId), eq(textImports.id, id)))
      .returning({ contentId: textImports.contentId });
    if (!row) return false;
    if (row.contentId !== null) {
      await tx.delete(contents).where(and(eq(contents.id, row.contentId), eq(contents.ownerId, userId)));
    }
    return true;
  });
}

/** Any import by id (an admin's upload too). */
export async function findImportById(db: Db, id: number): Promise<TextImport | undefined> {
  const [row] = await selectImports(db, eq(textImports.id, id));
  return row ? importToWire(row) : undefined;
}

export async function findImportSource(db: Db, id: number) {
  const [row] = await db.select().from(textImports).where(eq(textImports.id, id));
  return row;
}

/**
 * The pages of an import, tokenised as the starter library is, stored in one transaction with the import's new
 * state (a failure leaves nothing half-made): a learner's as their private content, an admin's upload as a draft
 * text of the library, last in its sub-category.
 */
export async function storeImportedText(db: Db, importId: number, imported: readonly ImportedPage[], now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(textImports).where(eq(textImports.id, importId)).for('update');
    if (row?.status !== 'processing') return;
    const language = row.language as LearningLanguage;
    const upload = row.subCategoryId !== null;
    const [last] = upload
      ? await tx
          .select({ position: max(contents.position) })
          .from(contents)
          .where(eq(contents.subCategoryId, row.subCategoryId ?? 0))
      : [];
    const [content] = await tx
      .insert(contents)
      .values({
        subCategoryId: row.subCategoryId,
        ownerId: upload ? null : row.userId,
        language,
        slug: `${upload ? 'upload' : 'import'}-${row.id}`,
        title: row.title,
        description: row.description,
        level: row.level,
        published: !upload,
        // An upload is written in chapters (the uploader's word, and the spec's), a learner's text is cut in pages.
        pageType: upload ? 'chapter' : 'page',
        position: (last?.position ?? -1) + 1,
      })
      .returning({ id: contents.id });
    if (!content) throw new Error('content insert returned nothing');
    const pageRows = imported.map((page, number) => {
      const sections = tokenizePage(page.text, language);
      return { contentId: content.id, number, title: page.title, sections, wordCount: countWords(sections) };
    });
    for (let start = 0; start < pageRows.length; start += 200)
      await tx.insert(pages).values(pageRows.slice(start, start + 200));
    await refreshContentWords(tx, [content.id]);
    // The source has served: the pages hold the text now.
    await tx
      .update(textImports)
      .set({ status: 'ready', contentId: content.id, finishedAt: now, source: '' })
      .where(eq(textImports.id, importId));
  });
}

/** An import whose job runs again (an admin's retry): processing once more, if it had failed. */
export async function reopenImport(db: Db, importId: number): Promise<void> {
  await db
    .update(textImports)
    .set({ status: 'processing', error: null, finishedAt: null })
    .where(and(eq(textImports.id, importId), eq(textImports.status, 'failed')));
}

export async function failImport(db: Db, importId: number, error: string, now: Date): Promise<void> {
  await db
    .update(textImports)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(textImports.id, importId), eq(textImports.status, 'processing')));
}
