import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { levelFromDescription, pageTypeSchema, type Section } from '#contract/entities.ts';
import { type LearningLanguage, learningLanguageSchema } from '#contract/languages.ts';
import { refreshContentWords } from '../db/queries/coverage.ts';
import { categories, contents, pages, seedState, seedTombstones, subCategories } from '../db/schema/content.ts';
import { glosses } from '../db/schema/learning.ts';
import type { Db } from '../db/types.ts';
import { countWords, tokenizePage } from '../text/tokenizer.ts';

export const starterContentDir = fileURLToPath(new URL('../../seed/content', import.meta.url));
const SEED_LOCK = 72_410_002;
/** Raised when seeding reads the same files differently (2: the level taken from a description's head). */
const SEED_FORMAT = 2;

const seedFileSchema = z.object({
  language: learningLanguageSchema,
  categories: z.array(
    z.object({
      title: z.string().min(1),
      subCategories: z.array(
        z.object({
          title: z.string().min(1),
          description: z.string(),
          contents: z.array(
            z.object({
              slug: z.string().regex(/^[a-z0-9-]+$/),
              title: z.string().min(1),
              description: z.string(),
              pageType: pageTypeSchema,
              pages: z.array(z.object({ title: z.string(), text: z.string().min(1) })).min(1),
            }),
          ),
        }),
      ),
    }),
  ),
});
export type SeedFile = z.infer<typeof seedFileSchema> & { glosses?: GlossFile | undefined };

const glossesSchema = z.record(z.string(), z.partialRecord(learningLanguageSchema, z.string().min(1)));
/** `<lang>.glosses.json`: per content slug, one map per page from a word's lowercase form to its glosses. */
const glossFileSchema = z.object({
  language: learningLanguageSchema,
  contents: z.record(z.string(), z.array(glossesSchema)),
});
export type GlossFile = z.infer<typeof glossFileSchema>;

function slugOf(title: string): string {
  return title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  const parsed = schema.safeParse(JSON.parse(await readFile(file, 'utf8')));
  if (!parsed.success) throw new Error(`Invalid seed file ${path.basename(file)}: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The starter library's files as they are on disk: their names and bytes, hashed without parsing them. Parsing the
 * whole library on every start grew the server's heap for nothing when it had not changed.
 */
export async function seedFilesHash(dir = starterContentDir): Promise<string> {
  const hash = createHash('sha256').update(`${SEED_FORMAT}\0`);
  for (const name of (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()) {
    hash.update(`${name}\0`).update(await readFile(path.join(dir, name)));
  }
  return hash.digest('hex');
}

/**
 * Seeds the starter library at start, unless its files are those seeded last time (`seed_state`): then nothing is
 * read or written. An admin's edits and deletions are kept either way (`seedContent`).
 */
export async function seedStarterLibrary(
  db: Db,
  dir = starterContentDir,
): Promise<{ contents: number; pages: number } | 'unchanged'> {
  const filesHash = await seedFilesHash(dir);
  const [state] = await db.select({ filesHash: seedState.filesHash }).from(seedState).where(eq(seedState.id, 1));
  if (state?.filesHash === filesHash) return 'unchanged';
  return seedContent(db, await readSeedFiles(dir), { filesHash });
}

/** The texts of each language (`<lang>.json`) with their glossary (`<lang>.glosses.json`) when there is one. */
export async function readSeedFiles(dir = starterContentDir): Promise<SeedFile[]> {
  const names = await readdir(dir);
  const textFiles = names.filter((name) => name.endsWith('.json') && !name.endsWith('.glosses.json')).sort();
  return Promise.all(
    textFiles.map(async (name) => {
      const texts = await readJson(path.join(dir, name), seedFileSchema);
      const glossName = name.replace(/\.json$/, '.glosses.json');
      const glosses = names.includes(glossName)
        ? await readJson(path.join(dir, glossName), glossFileSchema)
        : undefined;
      return { ...texts, glosses };
    }),
  );
}

/** A page's glossary, written afresh: each word token gets the glosses its lowercase form has on that page. */
async function replaceGlosses(
  tx: Db,
  page: {
    contentId: number;
    pageNumber: number;
    language: LearningLanguage;
    sections: readonly Section[];
    glosses: Record<string, Partial<Record<LearningLanguage, string>>> | undefined;
  },
) {
  await tx.delete(glosses).where(and(eq(glosses.contentId, page.contentId), eq(glosses.pageNumber, page.pageNumber)));
  if (!page.glosses) return;
  // One statement of four arrays per page: a row of values per gloss made the ORM's query building the longest part
  // of a first start (decision 0047).
  const rows = {
    tokenIds: [] as number[],
    lowercases: [] as string[],
    homeLanguages: [] as string[],
    texts: [] as string[],
  };
  for (const token of page.sections.flatMap((section) => section.tokens)) {
    const forWord = token.isWord ? page.glosses[token.lowercase] : undefined;
    for (const [homeLanguage, translatesTo] of Object.entries(forWord ?? {})) {
      rows.tokenIds.push(token.id);
      rows.lowercases.push(token.lowercase);
      rows.homeLanguages.push(homeLanguage);
      rows.texts.push(translatesTo);
    }
  }
  if (rows.tokenIds.length === 0) return;
  await tx.execute(sql`
    insert into ${glosses} (content_id, page_number, token_id, lowercase, language, home_language, translates_to)
    select ${page.contentId}, ${page.pageNumber}, t.token_id, t.lowercase, ${page.language}, t.home_language, t.text
    from unnest(${sql.param(rows.tokenIds)}::int[], ${sql.param(rows.lowercases)}::text[],
      ${sql.param(rows.homeLanguages)}::text[], ${sql.param(rows.texts)}::text[]) as t(token_id, lowercase, home_language, text)`);
}

/** Upserts the starter library by its natural keys: running it again, or after an upgrade, adds no duplicates. */
export async function seedContent(
  db: Db,
  files: readonly SeedFile[],
  { filesHash }: { filesHash?: string } = {},
): Promise<{ contents: number; pages: number }> {
  let contentCount = 0;
  let pageCount = 0;
  const rewritten: number[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Starter texts an admin deleted stay deleted.
    const removed = new Set(
      (await tx.select({ slug: seedTombstones.slug }).from(seedTombstones)).map((row) => row.slug),
    );
    for (const file of files) {
      for (const [categoryPosition, category] of file.categories.entries()) {
        const [categoryRow] = await tx
          .insert(categories)
          .values({
            language: file.language,
            slug: slugOf(category.title),
            title: category.title,
            position: categoryPosition,
          })
          .onConflictDoUpdate({
            target: [categories.language, categories.slug],
            set: { title: category.title, position: categoryPosition },
          })
          .returning({ id: categories.id });
        if (!categoryRow) throw new Error('Category upsert returned no row');
        for (const [subPosition, sub] of category.subCategories.entries()) {
          const [subRow] = await tx
            .insert(subCategories)
            .values({
              categoryId: categoryRow.id,
              slug: slugOf(sub.title),
              title: sub.title,
              description: sub.description,
              position: subPosition,
            })
            .onConflictDoUpdate({
              target: [subCategories.categoryId, subCategories.slug],
              set: { title: sub.title, description: sub.description, position: subPosition },
            })
            .returning({ id: subCategories.id });
          if (!subRow) throw new Error('Sub-category upsert returned no row');
          for (const [contentPosition, content] of sub.contents.entries()) {
            if (removed.has(content.slug)) continue;
            const values = {
              subCategoryId: subRow.id,
              language: file.language,
              title: content.title,
              ...levelFromDescription(content.description),
              pageType: content.pageType,
              position: contentPosition,
            };
            const seedHash = createHash('sha256')
              .update(JSON.stringify([content.pages, file.glosses?.contents[content.slug] ?? null]))
              .digest('hex');
            // A text whose details an admin changed keeps them; its pages still follow the starter library.
            const [upserted] = await tx
              .insert(contents)
              .values({ ...values, slug: content.slug })
              .onConflictDoUpdate({ target: contents.slug, set: values, setWhere: eq(contents.adminEdited, false) })
              .returning({ id: contents.id, seedHash: contents.seedHash });
            const [contentRow] = upserted
              ? [upserted]
              : await tx
                  .select({ id: contents.id, seedHash: contents.seedHash })
                  .from(contents)
                  .where(eq(contents.slug, content.slug));
            if (!contentRow) throw new Error('Content upsert returned no row');
            if (contentRow.seedHash === seedHash) {
              contentCount++;
              continue;
            }
            contentCount++;
            for (const [number, page] of content.pages.entries()) {
              const sections = tokenizePage(page.text, file.language);
              const pageValues = { title: page.title, sections, wordCount: countWords(sections) };
              await tx
                .insert(pages)
                .values({ contentId: contentRow.id, number, ...pageValues })
                .onConflictDoUpdate({ target: [pages.contentId, pages.number], set: pageValues });
              await replaceGlosses(tx, {
                contentId: contentRow.id,
                pageNumber: number,
                language: file.language,
                sections,
                glosses: file.glosses?.contents[content.slug]?.[number],
              });
              pageCount++;
            }
            await tx
              .delete(pages)
              .where(and(eq(pages.contentId, contentRow.id), gte(pages.number, content.pages.length)));
            await tx
              .delete(glosses)
              .where(and(eq(glosses.contentId, contentRow.id), gte(glosses.pageNumber, content.pages.length)));
            await tx.update(contents).set({ seedHash }).where(eq(contents.id, contentRow.id));
            rewritten.push(contentRow.id);
          }
        }
      }
    }
    await refreshContentWords(tx, rewritten);
    if (filesHash) {
      const state = { filesHash, seededAt: new Date() };
      await tx
        .insert(seedState)
        .values({ id: 1, ...state })
        .onConflictDoUpdate({ target: seedState.id, set: state });
    }
  });
  return { contents: contentCount, pages: pageCount };
}
