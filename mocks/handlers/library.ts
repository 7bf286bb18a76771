import { endpoints } from '@/contract/endpoints';
import { type LearningLanguage, learningLanguages } from '@/contract/languages';
import { mockDb, nextId } from '../db';
import { pagesOf, queueImport } from '../imports';
import { adminLibraryOf } from '../library';
import { requireAdmin } from './admin';
import { fail, ok, parseBody, parseParams, route } from './respond';

/** The language of a sub-category, the starter library's or an admin's. */
function languageOfSubCategory(subCategoryId: number): LearningLanguage | undefined {
  return learningLanguages.find((language) =>
    adminLibraryOf(language).categories.some((category) =>
      category.subCategories.some((sub) => sub.id === subCategoryId),
    ),
  );
}

/** A library text by id in any language, as the admins see it. */
function findContent(contentId: number) {
  for (const language of learningLanguages) {
    const content = adminLibraryOf(language).contents.find((candidate) => candidate.id === contentId);
    if (content) return content;
  }
  return undefined;
}

export const libraryHandlers = [
  route(endpoints.adminLibrary, ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const parsed = parseParams(params, endpoints.adminLibrary.params);
    if (parsed instanceof Response) return parsed;
    return ok(adminLibraryOf(parsed.targetLang));
  }),

  route(endpoints.createCategory, async ({ request }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const body = await parseBody(request, endpoints.createCategory.body);
    if (body instanceof Response) return body;
    const category = { id: nextId(), language: body.language, title: body.title };
    mockDb().library.categories.push(category);
    return ok({ id: category.id, title: category.title, subCategories: [] });
  }),

  route(endpoints.createSubCategory, async ({ request }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const body = await parseBody(request, endpoints.createSubCategory.body);
    if (body instanceof Response) return body;
    const exists = learningLanguages.some((language) =>
      adminLibraryOf(language).categories.some((category) => category.id === body.categoryId),
    );
    if (!exists) return fail(400, 'invalid_input', 'This category does not exist', 'categoryId');
    const sub = { id: nextId(), ...body };
    mockDb().library.subCategories.push(sub);
    const { categoryId: _categoryId, ...answer } = sub;
    return ok(answer);
  }),

  route(endpoints.uploadContent, async ({ request }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const body = await parseBody(request, endpoints.uploadContent.body);
    if (body instanceof Response) return body;
    const language = languageOfSubCategory(body.subCategoryId);
    if (!language) return fail(400, 'invalid_input', 'This sub-category does not exist', 'subCategoryId');
    if (body.chapters.some((chapter) => !/[\p{L}\p{N}]/u.test(chapter.text))) {
      return fail(400, 'bad_file', 'The text has no words', 'chapters');
    }
    const pages = body.chapters.flatMap((chapter) =>
      pagesOf(chapter.text).map((page, index) => (index === 0 ? { ...page, title: chapter.title } : page)),
    );
    const { subCategoryId, description, level, title } = body;
    return ok(queueImport(admin.username, { title, language, pages, upload: { subCategoryId, description, level } }));
  }),

  route(endpoints.updateContent, async ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const parsed = parseParams(params, endpoints.updateContent.params);
    if (parsed instanceof Response) return parsed;
    const body = await parseBody(request, endpoints.updateContent.body);
    if (body instanceof Response) return body;
    const before = findContent(parsed.contentId);
    if (!before) return fail(404, 'not_found', 'This text does not exist');
    if (languageOfSubCategory(body.subCategoryId) !== languageOfSubCategory(before.subCategoryId)) {
      return fail(400, 'invalid_input', 'A text stays in its language', 'subCategoryId');
    }
    const { library } = mockDb();
    const uploaded = library.texts.find((text) => text.id === parsed.contentId);
    if (uploaded) Object.assign(uploaded, body);
    else library.edits[parsed.contentId] = { ...library.edits[parsed.contentId], ...body };
    return ok(findContent(parsed.contentId));
  }),

  route(endpoints.deleteContent, ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const parsed = parseParams(params, endpoints.deleteContent.params);
    if (parsed instanceof Response) return parsed;
    if (!findContent(parsed.contentId)) return fail(404, 'not_found', 'This text does not exist');
    const db = mockDb();
    const uploaded = db.library.texts.findIndex((text) => text.id === parsed.contentId);
    if (uploaded === -1) db.library.edits[parsed.contentId] = null;
    else db.library.texts.splice(uploaded, 1);
    db.imports = db.imports.filter((item) => item.record.contentId !== parsed.contentId || !item.upload);
    return ok(null);
  }),

  route(endpoints.deleteUpload, ({ request, params }) => {
    const admin = requireAdmin(request);
    if (admin instanceof Response) return admin;
    const parsed = parseParams(params, endpoints.deleteUpload.params);
    if (parsed instanceof Response) return parsed;
    const db = mockDb();
    const upload = db.imports.find((item) => item.upload && item.record.id === parsed.importId);
    if (!upload) return fail(404, 'not_found', 'This upload does not exist');
    if (upload.record.status !== 'failed') {
      return fail(409, 'conflict', 'Only an upload that could not be imported can be deleted');
    }
    db.imports = db.imports.filter((item) => item !== upload);
    return ok(null);
  }),
];
