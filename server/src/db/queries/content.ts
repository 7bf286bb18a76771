import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { Category, Section } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';
import { statement } from '../prepared-statements.ts';
import { categories, contents, pages, subCategories } from '../schema/content.ts';
import type { Db } from '../types.ts';

/** Who reads: a learner (or admin) by id, or a visitor (undefined). */
export type Viewer = { id: number; isAdmin: boolean } | undefined;

/**
 * The published library, the viewer's own texts, and for an admin the library's drafts (the uploader's preview):
 * another learner's private text, or a draft for a learner, is not there for them (404).
 */
export const readableBy = (viewer: { viewerId: number | Placeholder; viewerIsAdmin: boolean | Placeholder }) =>
  sql`(${contents.ownerId} = ${viewer.viewerId} or (${contents.ownerId} is null and (${contents.published} or ${viewer.viewerIsAdmin})))`;

/** The viewer as `readableBy` reads it (values, or a statement's placeholders): a visitor owns nothing, is no admin. */
export const viewerValues = (viewer: Viewer) => ({
  viewerId: viewer?.id ?? 0,
  viewerIsAdmin: viewer?.isAdmin ?? false,
});

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
      contentLevel: contents.level,
    })
    .from(categories)
    .innerJoin(subCategories, eq(subCategories.categoryId, categories.id))
    .innerJoin(contents, eq(contents.subCategoryId, subCategories.id))
    .where(and(eq(categories.language, language), eq(contents.published, true)))
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
    sub.contents.push({
      id: row.contentId,
      title: row.contentTitle,
      description: row.contentDescription,
      level: row.contentLevel,
    });
  }
  return result;
}

/**
 * A reader page as one JSON text built by the database in one round trip: the page's tokens go from the jsonb
 * column to the response without becoming objects on the server's event loop.
 */
const readerJson = statement<'pageId' | 'contentId' | 'language' | 'viewerId' | 'viewerIsAdmin', { json: string }>(
  (p) => sql`
    select json_build_object(
      'selectedPage', json_build_object('id', ${pages.number}, 'pageType', ${contents.pageType}),
      'sections', ${pages.sections},
      'pages', (
        select json_agg(json_build_object('id', listed.number, 'title', listed.title) order by listed.number)
        from ${pages} listed where listed.content_id = ${contents.id}
      )
    )::text as json
    from ${contents} join ${pages} on ${pages.contentId} = ${contents.id} and ${pages.number} = ${p.pageId}
    where ${contents.id} = ${p.contentId} and ${contents.language} = ${p.language}
      and ${readableBy(p)}`,
);

export async function findReaderJson(
  db: Db,
  params: { language: LearningLanguage; contentId: number; pageId: number; viewer: Viewer },
): Promise<string | undefined> {
  const { language, contentId, pageId, viewer } = params;
  const [row] = await readerJson(db, { language, contentId, pageId, ...viewerValues(viewer) });
  return row?.json;
}

const pageWords = statement<
  'pageNumber' | 'contentId' | 'language' | 'viewerId' | 'viewerIsAdmin',
  { ids: number[]; words: string[] }
>(
  (p) => sql`
    select coalesce(w.ids, '{}') as ids, coalesce(w.words, '{}') as words
    from ${contents} join ${pages} on ${pages.contentId} = ${contents.id} and ${pages.number} = ${p.pageNumber}
    cross join lateral (
      -- The page's word tokens, numbered by section and by position in it.
      select array_agg((t.token->>'id')::int order by s.n, t.n) as ids,
        array_agg(t.token->>'lowercase' order by s.n, t.n) as words
      from jsonb_array_elements(${pages.sections}) with ordinality s(section, n),
        jsonb_array_elements(s.section->'tokens') with ordinality t(token, n)
      where (t.token->>'isWord')::boolean
    ) w
    where ${contents.id} = ${p.contentId} and ${contents.language} = ${p.language}
      and ${readableBy(p)}`,
);

/**
 * A page's word tokens, in order, as two lists (their ids, their lowercase forms) read out of its jsonb by the
 * database: the page's translations need no more, and the whole page never becomes objects on the event loop.
 * Undefined when the viewer cannot read the page.
 */
export async function findPageWords(
  db: Db,
  params: { language: LearningLanguage; contentId: number; pageNumber: number; viewer: Viewer },
): Promise<{ ids: number[]; words: string[] } | undefined> {
  const { language, contentId, pageNumber, viewer } = params;
  const [row] = await pageWords(db, { language, contentId, pageNumber, ...viewerValues(viewer) });
  return row;
}

/** A page's tokens and the paragraph texts, for translating its words. */
export async function findPageSections(
  db: Db,
  params: { language: LearningLanguage; contentId: number; pageNumber: number; viewer: Viewer },
): Promise<Section[] | undefined> {
  return (await findPage(db, params))?.sections;
}

/** A page readable by the viewer, in any language unless one is given, with its content's language. */
export async function findPage(
  db: Db,
  params: { language?: LearningLanguage; contentId: number; pageNumber: number; viewer: Viewer },
): Promise<{ language: string; sections: Section[] } | undefined> {
  const [page] = await db
    .select({ language: contents.language, sections: pages.sections })
    .from(pages)
    .innerJoin(contents, eq(contents.id, pages.contentId))
    .where(
      and(
        eq(pages.contentId, params.contentId),
        eq(pages.number, params.pageNumber),
        params.language ? eq(contents.language, params.language) : undefined,
        readableBy(viewerValues(params.viewer)),
      ),
    );
  return page;
}
