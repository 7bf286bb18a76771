import { z } from 'zod/mini';
import { int32, multilineText, plainText, positiveInt32 } from './fields.ts';
import { learningLanguageSchema } from './languages.ts';
import { isPhrase, phraseMaxLength, phraseProblem } from './phrases.ts';

export const isoDateTimeSchema = z.iso.datetime({ offset: true });
export const isoDateSchema = z.iso.date();

export const wordLevels = [0, 1, 2, 3, 4] as const;
export const wordLevelSchema = z.int().check(z.minimum(0), z.maximum(4));
export type WordLevel = z.infer<typeof wordLevelSchema>;

export const contentIdSchema = positiveInt32();
/** Pages are numbered from 0 within a content; the reader route and user pages use that number. */
export const pageIdSchema = int32();
/** A YouTube video id. */
export const videoIdSchema = z.string().check(z.regex(/^[\w-]{11}$/));

export const userSchema = z.object({
  username: z.string(),
  email: z.string(),
  token: z.string(),
  isAdmin: z.boolean(),
  wordLimit: z.int().check(z.minimum(0)),
  /** How many words the learner has saved, in every language: the header shows it against wordLimit. */
  wordCount: z.int().check(z.minimum(0)),
  videoLimit: z.int().check(z.minimum(0)),
  videoLimitLastUpdatedAt: isoDateTimeSchema,
  refreshAt: isoDateTimeSchema,
  /** The learning days of the current run, oldest first; its length is the streak. */
  streak: z.array(isoDateSchema),
  creditAmount: z.int().check(z.minimum(0)),
  diamondAmount: z.int().check(z.minimum(0)),
  /**
   * Pro Gold is active while endDate is in the future. `managed`: a subscription the card provider's portal can manage
   * pays for it (an operator's grant has none); optional, so a user stored before the server sent it still parses.
   */
  pro: z.object({ endDate: z.nullable(isoDateTimeSchema), managed: z.optional(z.boolean()) }),
});
export type User = z.infer<typeof userSchema>;

/**
 * What a save (a word's level, a finished page) changed in the learner's record, so the header shows it at once:
 * the word count and coins after it, and the streak when the save counted a new learning day (else unchanged).
 */
export const learnerBalancesSchema = z.object({
  wordCount: z.int().check(z.minimum(0)),
  creditAmount: z.int().check(z.minimum(0)),
  streak: z.optional(z.array(isoDateSchema)),
});
export type LearnerBalances = z.infer<typeof learnerBalancesSchema>;

/** The longest single word a learner may save. */
export const wordMaxLength = 100;

/**
 * A saved word's lowercase form, or a phrase's (2–7 words joined by one space within one sentence, at most 200
 * characters: contract/phrases.ts).
 */
export const savedFormSchema = plainText().check(
  z.minLength(1),
  z.maxLength(phraseMaxLength),
  z.refine(
    (form) => (isPhrase(form) ? phraseProblem(form) === undefined : form.length <= wordMaxLength),
    'Not a word, nor a phrase of 2–7 words within one sentence',
  ),
);

export const userWordSchema = z.object({
  lowercase: savedFormSchema,
  level: wordLevelSchema,
  language: learningLanguageSchema,
});
export type UserWord = z.infer<typeof userWordSchema>;

/** The longest meaning and note a learner may write for a word (UTF-16 units, as the SPA counts them). */
export const ownMeaningMaxLength = 200;
export const wordNoteMaxLength = 500;

/** A learner's own meaning for a word: one line, 1–200 characters once trimmed. */
export const ownMeaningSchema = plainText().check(z.trim(), z.minLength(1), z.maxLength(ownMeaningMaxLength));
/** A learner's note on a word: plain text that may span lines, 1–500 characters once trimmed. */
export const wordNoteSchema = multilineText().check(z.trim(), z.minLength(1), z.maxLength(wordNoteMaxLength));

/**
 * A saved word as a text's scoped levels carry it (a page's, a video's, a "Learn these words" list's): with the
 * learner's own meaning and note, present only when they wrote one. They come with the learner's levels, never with
 * the shared translations (docs/decisions/0028).
 */
export const scopedWordSchema = z.extend(userWordSchema, {
  meaning: z.optional(z.string()),
  note: z.optional(z.string()),
  /** The word's parent (its base form, docs/decisions/0041), when the learner linked one. */
  parent: z.optional(z.string()),
  /** The parent's own meaning, when the word has none of its own: the reader shows it instead. */
  parentMeaning: z.optional(z.string()),
});
export type ScopedWord = z.infer<typeof scopedWordSchema>;

export const tokenSchema = z.object({
  id: z.int().check(z.minimum(0)),
  display: z.string(),
  lowercase: z.string(),
  isWord: z.boolean(),
});
export type Token = z.infer<typeof tokenSchema>;

export const sectionSchema = z.object({
  tokens: z.array(tokenSchema),
  /** Seconds from the start of the video; transcripts only. */
  offset: z.optional(z.number().check(z.minimum(0))),
});
export type Section = z.infer<typeof sectionSchema>;

export const pageTypes = ['chapter', 'part', 'page', 'article', 'episode'] as const;
export const pageTypeSchema = z.enum(pageTypes);
export type PageType = z.infer<typeof pageTypeSchema>;

export const readerSchema = z.object({
  selectedPage: z.object({ id: pageIdSchema, pageType: pageTypeSchema }),
  sections: z.array(sectionSchema),
  pages: z.array(z.object({ id: pageIdSchema, title: z.string() })),
});
export type Reader = z.infer<typeof readerSchema>;

export const translationSchema = z.object({
  tokenId: z.int().check(z.minimum(0)),
  translatesTo: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;

/** The CEFR levels an admin may give a text of the library. */
export const cefrLevels = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export const cefrLevelSchema = z.enum(cefrLevels);
export type CefrLevel = z.infer<typeof cefrLevelSchema>;

/**
 * The starter library writes a text's level at the head of its description ("A1 · A short story …"): the level
 * for the text's `level`, and the rest as its description. Without such a head, no level and the description as is.
 */
export function levelFromDescription(description: string): { level: CefrLevel | null; description: string } {
  const match = new RegExp(`^(${cefrLevels.join('|')}) · (.+)$`, 's').exec(description);
  return match?.[1] && match[2]
    ? { level: match[1] as CefrLevel, description: match[2] }
    : { level: null, description };
}

export const contentSummarySchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  /** Beyond the spec: the text's CEFR level, when its admin gave one. */
  level: z.optional(z.nullable(cefrLevelSchema)),
});
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const subCategorySchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  description: z.string(),
  contents: z.array(contentSummarySchema),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const categorySchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  subCategories: z.array(subCategorySchema),
});
export type Category = z.infer<typeof categorySchema>;

export const importStatuses = ['processing', 'ready', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];
export const importSchema = z.object({
  id: z.int().check(z.positive()),
  title: z.string(),
  language: learningLanguageSchema,
  status: z.enum(importStatuses),
  /** The private content to read once ready. */
  contentId: z.nullable(z.int().check(z.positive())),
  pages: z.int().check(z.minimum(0)),
  words: z.int().check(z.minimum(0)),
  /** Why it failed, as a code the SPA words. */
  error: z.nullable(z.string()),
  createdAt: isoDateTimeSchema,
});
export type TextImport = z.infer<typeof importSchema>;

export const userPageSchema = z.object({
  contentId: contentIdSchema,
  pageId: pageIdSchema,
  language: learningLanguageSchema,
});
export type UserPage = z.infer<typeof userPageSchema>;

/** Why a video's transcript could not be made, in a `video_failed` notification's `reason`. */
export const transcriptFailures = ['no_captions_in_language', 'no_captions', 'empty_captions', 'unreachable'] as const;
export type TranscriptFailure = (typeof transcriptFailures)[number];

export const jobStatuses = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export const jobStatusSchema = z.enum(jobStatuses);

/**
 * What a notification says, as a code the SPA words in the learner's interface language (beyond the spec, whose
 * notifications carry English text only; `message` keeps that text for other clients and older rows).
 */
export const notificationCodes = [
  'welcome',
  'word_limit_grew',
  'video_ready',
  'video_failed',
  'diamonds_added',
  'pro_gold_active',
  'import_ready',
] as const;
export type NotificationCode = (typeof notificationCodes)[number];

export const notificationSchema = z.object({
  id: positiveInt32(),
  message: multilineText(),
  createdAt: isoDateTimeSchema,
  isRead: z.boolean(),
  /** A code this client may not know yet (a newer server): it then shows `message`. */
  code: z.optional(plainText().check(z.maxLength(64))),
  params: z.optional(
    z.record(plainText().check(z.maxLength(64)), z.union([multilineText().check(z.maxLength(500)), int32()])),
  ),
});
export type Notification = z.infer<typeof notificationSchema>;

/** How the vocabulary screen orders a learner's words: last changed first, A–Z (accents folded), most frequent first. */
export const vocabularySorts = ['recent', 'az', 'frequency'] as const;
export type VocabularySort = (typeof vocabularySorts)[number];
