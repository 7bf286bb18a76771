import type { Library, LibraryContent } from '@/contract/endpoints/library';
import { type Category, levelFromDescription, type TextImport } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { type MockUser, mockDb } from './db';
import { categoriesFor, contentSize } from './fixtures/content';
import { finishImport } from './imports';

/** Uploads still processing are made ready at the next look (the mocks have no job queue): drafts of the library. */
function finishUploads(language: LearningLanguage) {
  const { imports, library } = mockDb();
  for (const item of imports) {
    if (!item.upload || item.record.language !== language || item.record.status !== 'processing') continue;
    const id = 800_000 + item.record.id;
    finishImport(item, id);
    library.texts.push({
      id,
      language,
      subCategoryId: item.upload.subCategoryId,
      title: item.record.title,
      description: item.upload.description,
      level: item.upload.level,
      published: false,
      words: item.record.words,
      pageTexts: item.pages,
    });
  }
}

/** The admins' view of a language's library. */
export function adminLibraryOf(language: LearningLanguage): Library {
  finishUploads(language);
  const { library, imports } = mockDb();
  const starter = categoriesFor(language);
  const categories = [
    ...starter.map((category) => ({
      id: category.id,
      title: category.title,
      subCategories: category.subCategories.map(({ id, title, description }) => ({ id, title, description })),
    })),
    ...library.categories
      .filter((category) => category.language === language)
      .map(({ id, title }) => ({ id, title, subCategories: [] as Library['categories'][number]['subCategories'] })),
  ];
  for (const { categoryId, ...sub } of library.subCategories) {
    categories.find((category) => category.id === categoryId)?.subCategories.push(sub);
  }
  const contents: LibraryContent[] = starter.flatMap((category) =>
    category.subCategories.flatMap((sub) =>
      sub.contents.flatMap((content) => {
        const edit = library.edits[content.id];
        if (edit === null) return [];
        return [
          {
            id: content.id,
            subCategoryId: sub.id,
            title: content.title,
            ...levelFromDescription(content.description),
            published: true,
            ...contentSize(language, content.id),
            ...edit,
          },
        ];
      }),
    ),
  );
  for (const text of library.texts.filter((candidate) => candidate.language === language)) {
    const { language: _language, pageTexts, ...content } = text;
    contents.push({ ...content, pages: pageTexts.length });
  }
  const uploads: TextImport[] = imports
    .filter((item) => item.upload && item.record.language === language && item.record.status !== 'ready')
    .map((item) => ({ ...item.record }))
    .reverse();
  return { categories, contents, uploads };
}

/** The learners' library: the published texts, in the categories and sub-categories that hold one. */
export function learnerLibraryOf(language: LearningLanguage): Category[] {
  const { categories, contents } = adminLibraryOf(language);
  return categories
    .map((category) => ({
      ...category,
      subCategories: category.subCategories
        .map((sub) => ({
          ...sub,
          contents: contents
            .filter((content) => content.subCategoryId === sub.id && content.published)
            .map(({ id, title, description, level }) => ({ id, title, description, level })),
        }))
        .filter((sub) => sub.contents.length > 0),
    }))
    .filter((category) => category.subCategories.length > 0);
}

/** Whether a viewer may read a library text: published, or a draft for an admin; undefined for no such text. */
export function libraryAccess(contentId: number, viewer: MockUser | undefined): 'readable' | 'hidden' | undefined {
  const { library } = mockDb();
  const text = library.texts.find((candidate) => candidate.id === contentId);
  const edit = library.edits[contentId];
  if (!text && edit === undefined) return undefined;
  if (edit === null) return 'hidden';
  const published = text ? text.published : (edit?.published ?? true);
  return published || viewer?.isAdmin ? 'readable' : 'hidden';
}
