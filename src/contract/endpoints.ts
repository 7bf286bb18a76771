import { z } from 'zod/mini';
import { maxChapters, maxDiscountCodes, maxPastedCharacters } from './constants.ts';
import {
  adminJobSchema,
  categorySchema,
  cefrLevelSchema,
  contentIdSchema,
  discountSchema,
  importSchema,
  jobKinds,
  jobQueueSchema,
  jobStatusSchema,
  learnerBalancesSchema,
  libraryCategorySchema,
  libraryContentSchema,
  librarySchema,
  librarySubCategorySchema,
  notificationSchema,
  pageIdSchema,
  paymentSettingsSchema,
  portalSessionSchema,
  productSchema,
  readerSchema,
  sectionSchema,
  sessionSchema,
  storeItemSchema,
  translationSchema,
  userPageSchema,
  userSchema,
  userWordSchema,
  videoGroupSchema,
  videoIdSchema,
} from './entities.ts';
import { INT32_MAX, int32, multilineText, plainText, positiveInt32 } from './fields.ts';
import { learningLanguageSchema } from './languages.ts';
import { loginRequestSchema, signupRequestSchema } from './validation.ts';

export const API_BASE = '/api/v1';
/** The learner's IANA time zone, sent with every call so learning days follow their clock; UTC when absent. */
export const TIME_ZONE_HEADER = 'x-time-zone';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One call of the API. `path` uses `:name` segments, the syntax the server's router reads too.
 * `auth: 'required'` calls need `Authorization: Bearer <token>`; `admin` ones also an admin's (403 otherwise);
 * `optional` ones send whatever token is stored.
 */
export type Endpoint = {
  method: HttpMethod;
  path: string;
  auth: 'required' | 'admin' | 'optional';
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  details: z.ZodMiniType;
};

function endpoint<const E extends Endpoint>(definition: E): E {
  return definition;
}

export const priceRequestSchema = z.object({
  priceId: plainText().check(z.minLength(1), z.maxLength(200)),
  /** Discount codes the learner applied in the store; the server checks them again (at most two). */
  discountCodes: z.optional(
    z.array(plainText().check(z.trim(), z.minLength(1), z.maxLength(64))).check(z.maxLength(maxDiscountCodes)),
  ),
});
export type PriceRequest = z.infer<typeof priceRequestSchema>;

export const translationRequestSchema = z.object({
  tokenId: int32(),
  lowerCase: plainText().check(z.minLength(1), z.maxLength(100)),
  targetLanguage: learningLanguageSchema,
  homeLanguage: learningLanguageSchema,
  /** Where the token stands, when it stands in a content page: its glossary and sentence then help. */
  contentId: z.optional(contentIdSchema),
  pageId: z.optional(pageIdSchema),
});
export type TranslationRequest = z.infer<typeof translationRequestSchema>;

export const videoProcessRequestSchema = z.object({
  videoURL: plainText().check(z.minLength(1), z.maxLength(500)),
  title: plainText().check(z.minLength(1), z.maxLength(300)),
  language: learningLanguageSchema,
});
export type VideoProcessRequest = z.infer<typeof videoProcessRequestSchema>;

export const processingVideoSchema = z.object({
  id: z.int().check(z.positive()),
  videoId: videoIdSchema,
  title: z.string(),
  jobStatus: jobStatusSchema,
});

export const payWithValues = ['diamonds', 'credits'] as const;
export const buyItemRequestSchema = z.extend(storeItemSchema, { payWith: z.enum(payWithValues) });
export type BuyItemRequest = z.infer<typeof buyItemRequestSchema>;

export const importTextRequestSchema = z.object({
  language: learningLanguageSchema,
  title: plainText().check(z.trim(), z.minLength(1), z.maxLength(120)),
  text: multilineText().check(z.minLength(1), z.maxLength(maxPastedCharacters)),
});
export type ImportTextRequest = z.infer<typeof importTextRequestSchema>;

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

export const fulfilRequestSchema = z.object({ sessionId: plainText().check(z.minLength(1), z.maxLength(200)) });

export const discountCheckRequestSchema = z.object({
  discountCode: plainText().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

const targetLangParams = z.object({ targetLang: learningLanguageSchema });
const jobParams = z.object({ kind: z.enum(jobKinds), jobId: z.uuid() });
const contentIdParam = z.coerce.number().check(z.int(), z.positive(), z.maximum(INT32_MAX));
const pageIdParam = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000));

export const endpoints = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    auth: 'optional',
    body: loginRequestSchema,
    details: userSchema,
  }),
  signup: endpoint({
    method: 'POST',
    path: '/signup',
    auth: 'optional',
    body: signupRequestSchema,
    details: userSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/refresh',
    auth: 'required',
    details: userSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/logout',
    auth: 'required',
    details: z.null(),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/content/:targetLang',
    auth: 'optional',
    params: targetLangParams,
    details: z.array(categorySchema),
  }),
  reader: endpoint({
    method: 'GET',
    path: '/content/:targetLang/:contentId/:pageId',
    auth: 'optional',
    params: z.object({ targetLang: learningLanguageSchema, contentId: contentIdParam, pageId: pageIdParam }),
    details: readerSchema,
  }),
  userWords: endpoint({
    method: 'GET',
    path: '/userword',
    auth: 'required',
    query: z.object({ language: z.optional(learningLanguageSchema) }),
    details: z.array(userWordSchema),
  }),
  pageWords: endpoint({
    method: 'GET',
    path: '/userword/page/:targetLang/:contentId/:pageId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, contentId: contentIdParam, pageId: pageIdParam }),
    details: z.array(userWordSchema),
  }),
  videoWords: endpoint({
    method: 'GET',
    path: '/userword/video/:targetLang/:videoId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    details: z.array(userWordSchema),
  }),
  saveUserWord: endpoint({
    method: 'POST',
    path: '/userword',
    auth: 'required',
    body: userWordSchema,
    details: z.extend(userWordSchema, { balances: learnerBalancesSchema }),
  }),
  translate: endpoint({
    method: 'POST',
    path: '/translation',
    auth: 'optional',
    body: translationRequestSchema,
    details: translationSchema,
  }),
  pageTranslations: endpoint({
    method: 'GET',
    path: '/translations/:contentId/:pageId/:homeLang/:targetLang',
    auth: 'optional',
    params: z.object({
      contentId: contentIdParam,
      pageId: pageIdParam,
      homeLang: learningLanguageSchema,
      targetLang: learningLanguageSchema,
    }),
    details: z.array(translationSchema),
  }),
  processVideo: endpoint({
    method: 'POST',
    path: '/youtube/process',
    auth: 'required',
    body: videoProcessRequestSchema,
    details: processingVideoSchema,
  }),
  myVideos: endpoint({
    method: 'GET',
    path: '/my-videos/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: z.array(videoGroupSchema),
  }),
  transcript: endpoint({
    method: 'GET',
    path: '/youtube/:targetLang/:videoId/:index',
    auth: 'required',
    params: z.object({
      targetLang: learningLanguageSchema,
      videoId: videoIdSchema,
      index: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000)),
    }),
    details: z.array(sectionSchema),
  }),
  uploadSubtitles: endpoint({
    method: 'POST',
    path: '/youtube/:targetLang/:videoId/subtitles',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    // The body is multipart/form-data with one field, `file`: an SRT or WebVTT file of at most 2 MB.
    details: processingVideoSchema,
  }),
  deleteVideo: endpoint({
    method: 'DELETE',
    path: '/youtube/:targetLang/:videoId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, videoId: videoIdSchema }),
    details: z.null(),
  }),
  userPages: endpoint({
    method: 'GET',
    path: '/user-page/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: z.array(userPageSchema),
  }),
  saveUserPage: endpoint({
    method: 'POST',
    path: '/user-page',
    auth: 'required',
    body: userPageSchema,
    details: z.extend(userPageSchema, { balances: learnerBalancesSchema }),
  }),
  notifications: endpoint({
    method: 'GET',
    path: '/notifications',
    auth: 'required',
    details: z.array(notificationSchema),
  }),
  readNotification: endpoint({
    method: 'POST',
    path: '/notification/read',
    auth: 'required',
    body: notificationSchema,
    details: notificationSchema,
  }),
  subscriptionCheckout: endpoint({
    method: 'POST',
    path: '/payment/subscription',
    auth: 'required',
    body: priceRequestSchema,
    details: sessionSchema,
  }),
  tokenCheckout: endpoint({
    method: 'POST',
    path: '/payment/token',
    auth: 'required',
    body: priceRequestSchema,
    details: sessionSchema,
  }),
  products: endpoint({
    method: 'GET',
    path: '/payment/products',
    auth: 'required',
    details: z.array(productSchema),
  }),
  buyItem: endpoint({
    method: 'POST',
    path: '/payment/buy-item',
    auth: 'required',
    body: buyItemRequestSchema,
    details: userSchema,
  }),
  importText: endpoint({
    method: 'POST',
    path: '/imports',
    auth: 'required',
    body: importTextRequestSchema,
    details: importSchema,
  }),
  importFile: endpoint({
    method: 'POST',
    path: '/imports/file',
    auth: 'required',
    // The body is multipart/form-data: fields `language` and `title` (optional: the file's name), then `file`
    // (.txt in any common encoding, .epub, .srt or .vtt; at most 5 MB).
    details: importSchema,
  }),
  myTexts: endpoint({
    method: 'GET',
    path: '/imports/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: z.array(importSchema),
  }),
  deleteImport: endpoint({
    method: 'DELETE',
    path: '/imports/:targetLang/:importId',
    auth: 'required',
    params: z.object({ targetLang: learningLanguageSchema, importId: contentIdParam }),
    details: z.null(),
  }),
  adminJobs: endpoint({
    method: 'GET',
    path: '/admin/jobs',
    auth: 'admin',
    query: z.object({ state: z.optional(jobStatusSchema), kind: z.optional(z.enum(jobKinds)) }),
    details: jobQueueSchema,
  }),
  retryJob: endpoint({
    method: 'POST',
    path: '/admin/jobs/:kind/:jobId/retry',
    auth: 'admin',
    params: jobParams,
    details: adminJobSchema,
  }),
  cancelJob: endpoint({
    method: 'POST',
    path: '/admin/jobs/:kind/:jobId/cancel',
    auth: 'admin',
    params: jobParams,
    details: adminJobSchema,
  }),
  deleteJob: endpoint({
    method: 'DELETE',
    path: '/admin/jobs/:kind/:jobId',
    auth: 'admin',
    params: jobParams,
    details: z.null(),
  }),
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
  paymentSettings: endpoint({
    method: 'GET',
    path: '/payment/settings',
    auth: 'optional',
    details: paymentSettingsSchema,
  }),
  fulfilCheckout: endpoint({
    method: 'POST',
    path: '/payment/fulfil',
    auth: 'required',
    body: fulfilRequestSchema,
    details: userSchema,
  }),
  checkDiscount: endpoint({
    method: 'POST',
    path: '/discounts/check',
    auth: 'required',
    body: discountCheckRequestSchema,
    details: discountSchema,
  }),
  customerPortal: endpoint({
    method: 'POST',
    path: '/payment/portal',
    auth: 'required',
    details: portalSessionSchema,
  }),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
export type DetailsOf<N extends EndpointName> = z.infer<(typeof endpoints)[N]['details']>;
export type BodyOf<N extends EndpointName> = (typeof endpoints)[N] extends { body: infer B extends z.ZodMiniType }
  ? z.input<B>
  : never;
export type ParamsOf<N extends EndpointName> = (typeof endpoints)[N] extends { params: infer P extends z.ZodMiniType }
  ? z.input<P>
  : never;

/** Fills `:name` segments, e.g. pathOf('/content/:targetLang', { targetLang: 'de' }) → '/content/de'. */
export function pathOf(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
