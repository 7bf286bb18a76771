import { z } from 'zod/mini';
import { maxChapters, maxPastedCharacters } from '../constants.ts';
import { cefrLevelSchema, importSchema } from '../entities.ts';
import { multilineText, plainText, positiveInt32 } from '../fields.ts';
import { learningLanguageSchema } from '../languages.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { contentIdParam, targetLangParams } from './params.ts';

// The admin's library: its entities live with its calls, so no other screen's first load carries them.

/** A text of the library as its admins see it: drafts too, with what the learners do not see. */
export const libraryContentSchema = z.object({
  id: z.int().check(z.positive()),
  subCategoryId: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  level: z.nullable(cefrLevelSchema),
  /** Drafts are read by admins alone (the preview); published texts are in every learner's library. */
  published: z.boolean(),
  pages: z.int().check(z.minimum(0)),
  words: z.int().check(z.minimum(0)),
});
export type LibraryContent = z.infer<typeof libraryContentSchema>;

export const librarySubCategorySchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
});
export const libraryCategorySchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  subCategories: z.array(librarySubCategorySchema),
});
export type LibraryCategory = z.infer<typeof libraryCategorySchema>;

/** The admin's view of one language's library: every category (empty ones too), every text, the uploads under way. */
export const librarySchema = z.object({
  categories: z.array(libraryCategorySchema),
  contents: z.array(libraryContentSchema),
  /** Uploads whose pages are being made, or that failed; a finished one is a text in `contents`. */
  uploads: z.array(importSchema),
});
export type Library = z.infer<typeof librarySchema>;

/** A title an admin gives a category, a sub-category, a text or a chapter. */
const titleField = () => plainText().check(z.trim(), z.minLength(1), z.maxLength(120));
const descriptionField = () => multilineText().check(z.trim(), z.maxLength(500));

export const newCategoryRequestSchema = z.object({ language: learningLanguageSchema, title: titleField() });
export type NewCategoryRequest = z.infer<typeof newCategoryRequestSchema>;

export const newSubCategoryRequestSchema = z.object({
  categoryId: positiveInt32(),
  title: titleField(),
  description: descriptionField(),
});
export type NewSubCategoryRequest = z.infer<typeof newSubCategoryRequestSchema>;

export const chapterSchema = z.object({
  title: titleField(),
  text: multilineText().check(z.minLength(1), z.maxLength(maxPastedCharacters)),
});
export type Chapter = z.infer<typeof chapterSchema>;

/** The text's details an admin sets on upload and may edit later. */
const contentDetails = {
  subCategoryId: positiveInt32(),
  title: titleField(),
  description: descriptionField(),
  level: z.nullable(cefrLevelSchema),
};

export const uploadContentRequestSchema = z.object({
  ...contentDetails,
  chapters: z.array(chapterSchema).check(
    z.minLength(1),
    z.maxLength(maxChapters),
    z.refine(
      (chapters) => chapters.reduce((sum, chapter) => sum + chapter.text.length, 0) <= maxPastedCharacters,
      `The chapters may hold ${maxPastedCharacters} characters together`,
    ),
  ),
});
export type UploadContentRequest = z.infer<typeof uploadContentRequestSchema>;

export const updateContentRequestSchema = z.object({ ...contentDetails, published: z.boolean() });
export type UpdateContentRequest = z.infer<typeof updateContentRequestSchema>;

export const libraryEndpoints = {
  adminLibrary: endpoint({
    method: 'GET',
    path: '/admin/library/:targetLang',
    auth: 'admin',
    params: targetLangParams,
    details: librarySchema,
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/admin/categories',
    auth: 'admin',
    body: newCategoryRequestSchema,
    details: libraryCategorySchema,
  }),
  createSubCategory: endpoint({
    method: 'POST',
    path: '/admin/sub-categories',
    auth: 'admin',
    body: newSubCategoryRequestSchema,
    details: librarySubCategorySchema,
  }),
  uploadContent: endpoint({
    method: 'POST',
    path: '/admin/contents',
    auth: 'admin',
    body: uploadContentRequestSchema,
    details: importSchema,
  }),
  updateContent: endpoint({
    method: 'POST',
    path: '/admin/contents/:contentId',
    auth: 'admin',
    params: z.object({ contentId: contentIdParam }),
    body: updateContentRequestSchema,
    details: libraryContentSchema,
  }),
  deleteContent: endpoint({
    method: 'DELETE',
    path: '/admin/contents/:contentId',
    auth: 'admin',
    params: z.object({ contentId: contentIdParam }),
    details: z.null(),
  }),
  deleteUpload: endpoint({
    method: 'DELETE',
    path: '/admin/uploads/:importId',
    auth: 'admin',
    params: z.object({ importId: contentIdParam }),
    details: z.null(),
  }),
} as const satisfies Record<string, Endpoint>;
