import type { EndpointName } from './endpoints.ts';

/**
 * One line per call for the OpenAPI document (`/api/docs`): kept apart from `endpoints.ts` so the SPA's first load
 * does not carry the API's documentation. Every call has one (a new call does not typecheck until it is described).
 */
export const endpointSummaries = {
  login: 'Log in; answers the user with a new session token',
  signup: 'Create an account; answers the user with a session token',
  refresh: 'The current user, with the daily reward applied once refreshAt has passed',
  logout: 'End this session: its token stops working at once',
  categories: 'Categories with their sub-categories and contents',
  reader: 'One page of a content: its sections of tokens and the list of pages',
  userWords: "The learner's saved words",
  pageWords: "The learner's saved words that occur on one page of a text (beyond the spec: the reader's levels)",
  videoWords: "The learner's saved words that occur in one of their video transcripts (beyond the spec)",
  markPageKnown:
    'Mark the rest of a page as known: its unsaved and level-0 words become level 4, all or none within the word limit',
  saveUserWord: "Save a word level (adds the word, or changes its level); answers it with the learner's new balances",
  saveWordMeaning:
    "Set the learner's own meaning and note for a word (an unsaved word is saved at level 1); answers it with the balances",
  saveWordParent: 'Link a word to its parent (its base form) or unlink it; saves an unsaved word or parent at level 1',
  wordFamily: "A saved word's whole family: up to its root, then every word below it",
  translate: 'Translate one token on demand',
  pageTranslations: "Translations of a page's word tokens",
  processVideo: 'Queue a video for transcript processing',
  myVideos: "The learner's videos grouped by language",
  transcript: "Transcript sections from an index; message 'done' with no sections ends it",
  uploadSubtitles: 'Make a new or failed video\'s transcript from an uploaded subtitle file (multipart field "file")',
  deleteVideo: 'Delete a video (a failed job or a finished video)',
  userPages: 'The pages the learner has read in a language',
  saveUserPage: "Mark a page as read; answers it with the learner's new balances",
  notifications: "The learner's notifications, newest first",
  readNotification: 'Mark a notification as read',
  subscriptionCheckout: 'Start a card checkout for a Pro Gold subscription',
  tokenCheckout: 'Start a card checkout for a diamond pack',
  products: 'Plans and their prices',
  buyItem: 'Spend diamonds or coins on a store item; answers the updated user',
  importText: "Import a pasted text into the learner's own library (pages are made by a background job)",
  importFile: "Import a text file into the learner's own library (multipart: language, title, file)",
  importUrl: 'Import a web article by its address (the server fetches it; public addresses only)',
  myTexts: "The learner's own texts in a language, newest first, with their import state",
  deleteImport: "Delete one of the learner's own texts",
  adminJobs: 'Background jobs (video transcripts, text imports) with counts by state, newest first',
  retryJob: 'Run a failed job again',
  cancelJob: 'Cancel a job waiting to run',
  deleteJob: 'Delete a finished job (completed, failed or cancelled)',
  adminLibrary: "A language's library for its admins: every category, every text (drafts too), the uploads under way",
  createCategory: "Add a category to a language's library (last in order)",
  createSubCategory: 'Add a sub-category to a category (last in order)',
  uploadContent: 'Upload a text in chapters: a background job makes its pages, and it becomes a draft to preview',
  updateContent: "Change a library text's details, or publish or unpublish it",
  deleteContent: 'Delete a library text, its pages and what learners saved of them',
  deleteUpload: 'Delete an upload to the library that could not be imported',
  paymentSettings: 'Whether card payments are configured on this server',
  fulfilCheckout:
    "Grant a finished checkout's purchase (the success page asks; the webhook does the same, granted once); answers the user",
  checkDiscount: 'Check a discount code',
  customerPortal: "Open the card provider's customer portal to manage or cancel the learner's Pro Gold subscription",
  textCoverage:
    'Known-word figures of up to 48 texts for the learner (known %, familiar %, new words, band), live from their words',
  videoCoverage: "Known-word figures of up to 48 of the learner's videos, live from their words",
  textNewWords: "A text's new words for the learner, the most frequent first, with the coverage each one adds",
  vocabulary:
    "A page of the learner's saved words in one language, filtered by level and search, sorted, with the count per level",
  previewWordImport:
    'Read a word file (Folio JSON or CSV, Lute CSV, LWT TSV, Anki package) and stage it: counts, problems, the limit',
  commitWordImport: 'Apply a staged word import with a policy for the words already saved: all its new words or none',
  exportVocabulary:
    "The learner's saved words as a file: a JSON backup, a CSV, or a CSV for Lute (the body is the file)",
  startWordExport: "Start making the learner's words into an Anki package off the request path; answers the job",
  wordExport: "The state of one of the learner's exports (pending, ready or failed) and when its file expires",
  wordExportFile: "A ready export's file, to its owner only, until it expires (the body is the file)",
  changeVocabulary: "Set several of the learner's saved words to one level, or remove them (unsaved again)",
  progress: "The learner's last 30 learning days (words saved, words made known, pages read) and saved words per level",
  flashcardSummary:
    "The learner's flashcards in a language: due now, later today, tomorrow, next week, soon; a 7-day forecast; counts",
  flashcardQueue: 'Cards to review now (most overdue first, then new cards within the daily cap), or any to practise',
  addFlashcard: 'A flashcard for one saved word (made unless it has one)',
  addFlashcards: 'Add 20 Cards: cards for saved words at levels 1–3 without one, most frequent first, then most recent',
  reviewFlashcard: "Grade a card (again, hard, good, easy): its next schedule, the word's level by the level rules",
  undoFlashcardReview: "Undo a card's latest review: the card and the word's level as they were",
  flashcardSettings: "Set the learner's daily cap on new flashcards",
} as const satisfies Record<EndpointName, string>;
