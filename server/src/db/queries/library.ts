import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, max, ne, sql } from 'drizzle-orm';
import type { Library, LibraryCategory, LibraryContent } from '#contract/endpoints/library.ts';
import type { CefrLevel } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { categories, contents, seedTombstones, subCategories, textImports } from '../schema/content.ts';
import type { Db } from '../types.ts';
import { importColumns, importToWire } from './imports.ts';

const contentColumns = {
  id: contents.id,
  subCategoryId: contents.subCategoryId,
  title: contents.title,
  description: contents.description,
  level: contents.level,
  published: contents.published,
  pages: sql<number>`(select count(*)::int from pages p where p.content_id = ${contents.id})`,
  words: sql<number>`(select coalesce(sum(p.word_count), 0)::int from pages p where p.content_id = ${contents.id})`,
};

type ContentRow = Omit<LibraryContent, 'subCategoryId'> & { subCategoryId: number | null };
const contentToWire = (row: ContentRow): LibraryContent => ({ ...row, subCategoryId: row.subCategoryId ?? 0 });

/** One language's library as its admins manage it: empty categories too, drafts too, the uploads under way. */
export async function libraryOf(db: Db, language: LearningLanguage): Promise<Library> {
  const [categoryRows, subRows, contentRows, uploadRows] = await Promise.all([
    db
      .select({ id: categories.id, title: categories.title })
      .from(categories)
      .where(eq(categories.language, language))
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({
        id: subCategories.id,
        categoryId: subCategories.categoryId,
        title: subCategories.title,
        description: subCategories.description,
      })
      .from(subCategories)
      .innerJoin(categories, eq(categories.id, subCategories.categoryId))
      .where(eq(categories.language, language))
      .orderBy(asc(subCategories.position), asc(subCategories.id)),
    db
      .select(contentColumns)
      .from(contents)
      .innerJoin(subCategories, eq(subCategories.id, contents.subCategoryId))
      .where(eq(contents.language, language))
      .orderBy(asc(subCategories.position), asc(contents.position), asc(contents.id)),
    db
      .select(importColumns)
      .from(textImports)
      .where(
        and(eq(textImports.language, language), isNotNull(textImports.subCategoryId), ne(textImports.status, 'ready')),
      )
      .orderBy(desc(textImports.createdAt), desc(textImports.id)),
  ]);
  const byId = new Map<number, LibraryCategory>(
    categoryRows.map((row) => [row.id, { ...row, subCategories: [] }] as const),
  );
  for (const { categoryId, ...sub } of subRows) byId.get(categoryId)?.subCategories.push(sub);
  return {
    categories: [...byId.values()],
    contents: contentRows.map(contentToWire),
    uploads: uploadRows.map(importToWire),
  };
}

/** A new category, last of its language's. */
export async function addCategory(db: Db, language: LearningLanguage, title: string): Promise<LibraryCategory> {
  const [last] = await db
    .select({ position: max(categories.position) })
    .from(categories)
    .where(eq(categories.language, language));
  const [row] = await db
    .insert(categories)
    .values({ language, title, slug: `admin-${randomUUID()}`, position: (last?.position ?? -1) + 1 })
    .returning({ id: categories.id, title: categories.title });
  if (!row) throw new Error('category insert returned nothing');
  return { ...row, subCategories: [] };
}

/** A new sub-category, last of its category's; undefined when there is no such category. */
export async function addSubCategory(db: Db, values: { categoryId: number; title: string; description: string }) {
  const [category] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, values.categoryId));
  if (!category) return undefined;
  const [last] = await db
    .select({ position: max(subCategories.position) })
    .from(subCategories)
    .where(eq(subCategories.categoryId, values.categoryId));
  const [row] = await db
    .insert(subCategories)
    .values({ ...values, slug: `admin-${randomUUID()}`, position: (last?.position ?? -1) + 1 })
    .returning({ id: subCategories.id, title: subCategories.title, description: subCategories.description });
  return row;
}

/** The language of a sub-category (its category's), undefined when there is none. */
export async function subCategoryLanguage(db: Db, subCategoryId: number): Promise<LearningLanguage | undefined> {
  const [row] = await db
    .select({ language: categories.language })
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(eq(subCategories.id, subCategoryId));
  return row?.language as LearningLanguage | undefined;
}

/** An admin's upload, stored for the import job: it becomes a draft text of the library. */
export async function addUpload(
  db: Db,
  values: {
    userId: number;
    language: LearningLanguage;
    subCategoryId: number;
    title: string;
    description: string;
    level: CefrLevel | null;
    source: string;
  },
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(textImports)
    .values({ ...values, kind: 'upload', status: 'processing', createdAt: now })
    .returning({ id: textImports.id });
  if (!row) throw new Error('upload insert returned nothing');
  return row.id;
}

export async function findLibraryContent(db: Db, id: number): Promise<LibraryContent | undefined> {
  const [row] = await db
    .select(contentColumns)
    .from(contents)
    .where(and(eq(contents.id, id), isNotNull(contents.subCategoryId)));
  return row ? contentToWire(row) : undefined;
}

export async function updateLibraryContent(
  db: Db,
  id: number,
  details: { subCategoryId: number; title: string; description: string; level: CefrLevel | null; published: boolean },
): Promise<boolean> {
  const updated = await db
    .update(contents)
    .set({ ...details, adminEdited: true })
    .where(and(eq(contents.id, id), isNotNull(contents.subCategoryId)))
    .returning({ id: contents.id });
  return updated.length > 0;
}

/**
 * Deletes an admin's upload that could not be imported (its pages were never made): 'deleted', or why not, an
 * upload still being made or made already ('not_failed'), or no upload by that id ('missing').
 */
export async function deleteFailedUpload(db: Db, id: number): Promise<'deleted' | 'not_failed' | 'missing'> {
  const upload = and(eq(textImports.id, id), isNotNull(textImports.subCategoryId));
  const [deleted] = await db
    .delete(textImports)
    .where(and(upload, eq(textImports.status, 'failed')))
    .returning({ id: textImports.id });
  if (deleted) return 'deleted';
  const [other] = await db.select({ id: textImports.id }).from(textImports).where(upload);
  return other ? 'not_failed' : 'missing';
}

/**
 * A library text gone with its pages, the learners' read pages of it and the upload it came from (a starter text
 * for good: seeding skips it from then on); false when there is none.
 */
export async function deleteLibraryContent(db: Db, id: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(textImports).where(and(eq(textImports.contentId, id), isNotNull(textImports.subCategoryId)));
    const [deleted] = await tx
      .delete(contents)
      .where(and(eq(contents.id, id), isNotNull(contents.subCategoryId)))
      .returning({ slug: contents.slug, seedHash: contents.seedHash });
    // A starter text is not seeded again at the next start.
    if (deleted?.seedHash) {
      await tx.insert(seedTombstones).values({ slug: deleted.slug, removedAt: now }).onConflictDoNothing();
    }
    return deleted !== undefined;
  });
}
