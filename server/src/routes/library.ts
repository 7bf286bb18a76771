import type { FastifyInstance } from 'fastify';
import type { Chapter } from '#contract/endpoints/library.ts';
import { endpoints } from '#contract/endpoints.ts';
import { recordAdminAction } from '../db/queries/admin.ts';
import { findImportById } from '../db/queries/imports.ts';
import {
  addCategory,
  addSubCategory,
  addUpload,
  deleteFailedUpload,
  deleteLibraryContent,
  findLibraryContent,
  libraryOf,
  subCategoryLanguage,
  updateLibraryContent,
} from '../db/queries/library.ts';
import { apiError } from '../http/errors.ts';
import type { Authenticated } from '../services/accounts.ts';
import { BadTextError, importText } from '../services/imports/read-text.ts';
import { registerEndpoint } from './endpoint.ts';

/**
 * An upload's chapters as one text for the import pipeline: each chapter a `# title` heading (the paginator starts
 * a page there and names it), its text cleaned as a pasted one is (markup, scripts and control characters gone).
 */
export function chaptersAsText(chapters: readonly Chapter[]): string {
  return chapters.map((chapter) => `# ${chapter.title}\n\n${importText('paste', chapter.text)}`).join('\n\n');
}

/** The uploader's calls: admins manage the library of every language; each change is written to the audit table. */
export async function libraryRoutes(app: FastifyInstance) {
  const { db, imports } = app.deps;

  /** Who did what to which, written to the audit table. */
  const audit = (auth: Authenticated, action: string, target: Record<string, number>, now: Date) =>
    recordAdminAction(db, { adminId: auth.user.id, action, target, now });

  /** The sub-category's language, or 400: a text goes where its admin can see it. */
  async function languageOf(subCategoryId: number) {
    const language = await subCategoryLanguage(db, subCategoryId);
    if (!language) throw apiError(400, 'invalid_input', 'This sub-category does not exist', 'subCategoryId');
    return language;
  }

  registerEndpoint(app, endpoints.adminLibrary, ({ params }) => libraryOf(db, params.targetLang));

  registerEndpoint(app, endpoints.createCategory, async ({ auth, body, now }) => {
    const category = await addCategory(db, body.language, body.title);
    await audit(auth, 'category.create', { categoryId: category.id }, now);
    return category;
  });

  registerEndpoint(app, endpoints.createSubCategory, async ({ auth, body, now }) => {
    const sub = await addSubCategory(db, body);
    if (!sub) throw apiError(400, 'invalid_input', 'This category does not exist', 'categoryId');
    await audit(auth, 'sub-category.create', { subCategoryId: sub.id }, now);
    return sub;
  });

  registerEndpoint(app, endpoints.uploadContent, async ({ auth, body, now }) => {
    const language = await languageOf(body.subCategoryId);
    let source: string;
    try {
      source = chaptersAsText(body.chapters);
    } catch (error) {
      if (error instanceof BadTextError) throw apiError(400, 'bad_file', error.message, 'chapters');
      throw error;
    }
    const { chapters: _chapters, ...details } = body;
    const id = await addUpload(db, { ...details, userId: auth.user.id, language, source }, now);
    await audit(auth, 'content.upload', { importId: id }, now);
    await imports.jobs.send(id);
    const created = await findImportById(db, id);
    if (!created) throw new Error('The upload vanished');
    return created;
  });

  registerEndpoint(app, endpoints.updateContent, async ({ auth, params, body, now }) => {
    const before = await findLibraryContent(db, params.contentId);
    if (!before) throw apiError(404, 'not_found', 'This text does not exist');
    if ((await languageOf(body.subCategoryId)) !== (await languageOf(before.subCategoryId))) {
      throw apiError(400, 'invalid_input', 'A text stays in its language', 'subCategoryId');
    }
    await updateLibraryContent(db, params.contentId, body);
    const action =
      before.published === body.published ? 'content.edit' : body.published ? 'content.publish' : 'content.unpublish';
    await audit(auth, action, { contentId: params.contentId }, now);
    const after = await findLibraryContent(db, params.contentId);
    if (!after) throw apiError(404, 'not_found', 'This text does not exist');
    return after;
  });

  registerEndpoint(app, endpoints.deleteContent, async ({ auth, params, now }) => {
    if (!(await deleteLibraryContent(db, params.contentId, now)))
      throw apiError(404, 'not_found', 'This text does not exist');
    await audit(auth, 'content.delete', { contentId: params.contentId }, now);
    return null;
  });

  registerEndpoint(app, endpoints.deleteUpload, async ({ auth, params, now }) => {
    const outcome = await deleteFailedUpload(db, params.importId);
    if (outcome === 'missing') throw apiError(404, 'not_found', 'This upload does not exist');
    if (outcome === 'not_failed') {
      throw apiError(409, 'conflict', 'Only an upload that could not be imported can be deleted');
    }
    await audit(auth, 'upload.delete', { importId: params.importId }, now);
    return null;
  });
}
