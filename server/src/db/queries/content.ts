import { and, asc, eq } from 'drizzle-orm';
import type { Category, Reader, Section } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import type { Db } from '../client.ts';
import { categories, contents, pages, subCategories } from '../schema/content.ts';

export async function listCategories(db: Db, language: LearningLanguage): Promise<Category[]> {
  const rows = await db
    .select({
      categoryId: categories.id,
      categoryTitle: categories.title,
      subCategoryId: subCategories.id,
      subCategoryTitle: subCategories.title,
      subCategoryDescription: subCategories.description,
      contentId: contents.id,
      contentTitle: contents.title,
      contentDescription: contents.description,
    })
    .from(categories)
    .innerJoin(subCategories, eq(subCategories.categoryId, categories.id))
    .innerJoin(contents, eq(contents.subCategoryId, subCategories.id))
    .where(eq(categories.language, language))
    .orderBy(asc(categories.position), asc(subCategories.position), asc(contents.position));

  const result: Category[] = [];
  for (const row of rows) {
    let category = result.at(-1);
    if (category?.id !== row.categoryId) {
      category = { id: row.categoryId, title: row.categoryTitle, subCategories: [] };
      result.push(category);
    }
    let sub = category.subCategories.at(-1);
    if (sub?.id !== row.subCategoryId) {
      sub = {
        id: row.subCategoryId,
        title: row.subCategoryTitle,
        description: row.subCategoryDescription,
        contents: [],
      };
      category.subCategories.push(sub);
    }
    sub.contents.push({ id: row.contentId, title: row.contentTitle, description: row.contentDescription });
  }
  return result;
}

export async function findReader(
  db: Db,
  params: { language: LearningLanguage; contentId: number; pageId: number },
): Promise<Reader | undefined> {
  const [content] = await db
    .select({ pageType: contents.pageType })
    .from(contents)
    .where(and(eq(contents.id, params.contentId), eq(contents.language, params.language)));
  if (!content) return undefined;
  const pageList = await db
    .select({ id: pages.number, title: pages.title })
    .from(pages)
    .where(eq(pages.contentId, params.contentId))
    .orderBy(asc(pages.number));
  const [page] = await db
    .select({ sections: pages.sections })
    .from(pages)
    .where(and(eq(pages.contentId, params.contentId), eq(pages.number, params.pageId)));
  if (!page) return undefined;
  return {
    selectedPage: { id: params.pageId, pageType: content.pageType },
    sections: page.sections,
    pages: pageList,
  };
}

/** A page's tokens and the paragraph texts, for translating its words. */
export async function findPageSections(
  db: Db,
  params: { language: LearningLanguage; contentId: number; pageNumber: number },
): Promise<Section[] | undefined> {
  const [page] = await db
    .select({ sections: pages.sections })
    .from(pages)
    .innerJoin(contents, eq(contents.id, pages.contentId))
    .where(
      and(
        eq(pages.contentId, params.contentId),
        eq(pages.number, params.pageNumber),
        eq(contents.language, params.language),
      ),
    );
  return page?.sections;
}
