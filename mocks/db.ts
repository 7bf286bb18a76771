/**
 * The mock API's state: one module, over 300 lines on purpose, because every handler and the conformance suite read
 * the same records (types, the seeded learners, reset, serialisation for the browser, the coin rules' mock side), and
 * splitting it would make state modules import each other.
 */
import { coinRewards } from '@/contract/constants';
import type { AdminJob } from '@/contract/endpoints/admin';
import type { ReviewResult } from '@/contract/endpoints/flashcards';
import type { LibraryContent } from '@/contract/endpoints/library';
import type { Discount, Product } from '@/contract/endpoints/payments';
import type { StartWordExport, WordExportJob } from '@/contract/endpoints/vocabulary';
import type { WordContext } from '@/contract/endpoints/words';
import type {
  CefrLevel,
  jobStatuses,
  LearnerBalances,
  Notification,
  ScopedWord,
  TextImport,
  User,
  UserPage,
  UserWord,
  WordLevel,
} from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import type { ImportedWordRow } from '@/contract/word-import';
import { daysBefore, hoursBefore, isoDate, nextUtcMidnight, streakEndingOn } from './fixtures/dates';
import { buildJobs } from './fixtures/jobs';
import { buildNotification, welcomeNotification } from './fixtures/notifications';
import { buildDiscounts, buildProducts } from './fixtures/products';
import { transcriptVideoId, transcriptVideoTitle } from './fixtures/transcript';
import { buildUser } from './fixtures/users';

export type MockUser = User & { password: string };
export type MockVideo = { videoId: string; title: string; language: LearningLanguage };
export type MockProcessingVideo = MockVideo & {
  id: number;
  jobStatus: (typeof jobStatuses)[number];
  /** A subtitle file was uploaded: the job reads it instead of captions. */
  subtitles?: true;
};
export type VideoLibrary = { videos: MockVideo[]; processing: MockProcessingVideo[] };

/** Everything the mock API remembers; the per-learner collections are keyed by username. */
export type MockDb = {
  users: MockUser[];
  words: Map<string, UserWord[]>;
  pages: Map<string, UserPage[]>;
  notifications: Map<string, Notification[]>;
  videos: Map<string, VideoLibrary>;
  products: Product[];
  discounts: Discount[];
  /**
   * Card checkouts by session id. The mocks have no card page: a checkout counts as paid once created, and the
   * success page's fulfil call grants it, once.
   */
  checkouts: Record<string, MockCheckout>;
  /** Texts learners imported: private content, readable by their learner alone. */
  imports: MockImport[];
  /** What admins changed in the library (the starter texts stay fixtures). */
  library: MockLibrary;
  /** The background jobs the admin's queue screen shows (the mocks run none: these are its fixtures). */
  jobs: AdminJob[];
  /** Coins earned by learning, per username: the day's total against the cap, days paid, levels paid per word. */
  coins: Record<string, MockCoins>;
  /** When each saved word last changed, by `wordTimeKey` (the vocabulary screen's order); a word saved elsewhere has none yet. */
  wordTimes: Record<string, string>;
  /** When each saved word was first saved, by `wordTimeKey`; one saved before this was kept counts as added when it last changed. */
  addedTimes: Record<string, string>;
  /** Each learner's daily counters, by learner, language and learning day (handlers/progress.ts counts them). */
  progress: Record<string, MockProgress>;
  /** The learner's own meaning and note of a saved word, by `wordTimeKey`; absent until they write one. */
  meanings: Record<string, OwnMeaning>;
  /** A saved word's parent (its base form, same learner and language), by the child's `wordTimeKey`. */
  parents: Record<string, string>;
  /** The sentence a saved word was first saved in and where, by `wordTimeKey` (a flashcard's front). */
  contexts: Record<string, WordContext>;
  /** Flashcards, their review log and the learners' daily caps on new cards (mocks/flashcards.ts keeps them). */
  flashcards: MockFlashcards;
  /** Word files learners previewed and may commit (handlers/word-imports.ts). */
  wordImports: MockWordImport[];
  /**
   * Exports made by a job (the Anki package), by id. The mocks have no queue: an export is ready at its first look,
   * and its file is written from the learner's words when it is downloaded.
   */
  wordExports: Record<string, MockWordExport>;
  nextId: number;
};

/** A word file read and staged, as the server's `word_imports` keeps it. */
export type MockWordImport = {
  id: string;
  username: string;
  rows: ImportedWordRow[];
  expiresAt: string;
  committed: boolean;
};

export type MockWordExport = { username: string; job: WordExportJob; request: StartWordExport };

/** A learner's import, or an admin's upload to the library (`upload` set: it becomes a draft text there). */
export type MockImport = {
  username: string;
  record: TextImport;
  pages: { title: string; text: string }[];
  upload?: UploadDetails;
};

/**
 * The library as the mocks' admins change it: categories, sub-categories and texts they added, and their changes to
 * the starter texts (which stay fixtures). The learners' library is derived from the admins' view, as the server's
 * listing is: published texts only, and only categories and sub-categories that hold one.
 */
export type MockLibrary = {
  categories: { id: number; language: LearningLanguage; title: string }[];
  subCategories: { id: number; categoryId: number; title: string; description: string }[];
  texts: MockLibraryText[];
  /** A starter text's changed details, or null once deleted. */
  edits: Record<number, Partial<LibraryContent> | null>;
};

/** A text an admin uploaded, with its pages' texts. */
export type MockLibraryText = Omit<LibraryContent, 'pages'> & {
  language: LearningLanguage;
  pageTexts: { title: string; text: string }[];
};

export type UploadDetails = { subCategoryId: number; description: string; level: CefrLevel | null };

export type MockCheckout = { username: string; diamonds: number; pro: boolean; granted: boolean };

export type MockCoins = { day: string; today: number; days: string[]; levels: Record<string, number> };

export type MockProgress = { wordsSaved: number; wordsKnown: number; pagesRead: number };

export type OwnMeaning = { meaning: string | null; note: string | null };

/** A card's scheduler state (ts-fsrs's card) as JSON: ISO times; `state` 0 new, 1 learning, 2 review, 3 relearning. */
export type MockCardState = {
  due: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: string | null;
};

/** A learner's card on one saved word, with the sentence and source the word had when the card was made. */
export type MockCard = {
  id: number;
  username: string;
  language: LearningLanguage;
  lowercase: string;
  schedule: MockCardState;
  context: WordContext | null;
  /** The learning day a review last raised the word's level: at most one raise a day. */
  levelRaisedOn: string | null;
  createdAt: string;
};

/** One review as the server logs it: kept after an undo, marked `undone`; `result` is what the call answered. */
export type MockReview = {
  username: string;
  reviewId: string;
  cardId: number;
  rating: number;
  before: MockCardState;
  after: MockCardState;
  levelBefore: WordLevel;
  levelAfter: WordLevel;
  /** The learning day it was made on, in the learner's zone, and whether it introduced a new card. */
  day: string;
  introduced: boolean;
  levelRaisedOnBefore: string | null;
  result: ReviewResult;
  reviewedAt: string;
  durationMs: number;
  undone: boolean;
  undoneAt: string | null;
};

export type MockFlashcards = { cards: MockCard[]; reviews: MockReview[]; newPerDay: Record<string, number> };

export const readerAccount = {
  username: 'reader1',
  email: 'reader@example.com',
  password: 'reading42',
  token: 'mock-token-reader',
} as const;

export const adminAccount = {
  username: 'admin1',
  email: 'admin@example.com',
  password: 'admin4242',
  token: 'mock-token-admin',
} as const;

function createInitialDb(): MockDb {
  const now = new Date();
  const reader: MockUser = {
    ...buildUser({
      username: readerAccount.username,
      email: readerAccount.email,
      token: readerAccount.token,
      wordLimit: 100,
      videoLimit: 2,
      videoLimitLastUpdatedAt: daysBefore(now, 2).toISOString(),
      refreshAt: nextUtcMidnight(now).toISOString(),
      streak: streakEndingOn(now, 3),
      creditAmount: 1250,
      diamondAmount: 120,
      pro: { endDate: null },
    }),
    password: readerAccount.password,
  };
  const admin: MockUser = {
    ...buildUser({
      username: adminAccount.username,
      email: adminAccount.email,
      token: adminAccount.token,
      isAdmin: true,
      wordLimit: 1000,
      videoLimit: 10,
      streak: streakEndingOn(now, 1),
      creditAmount: 5000,
      diamondAmount: 500,
    }),
    password: adminAccount.password,
  };
  const readerWords: UserWord[] = [
    { lowercase: 'katze', level: 2, language: 'de' },
    { lowercase: 'regen', level: 1, language: 'de' },
    { lowercase: 'fenster', level: 3, language: 'de' },
    { lowercase: 'brot', level: 4, language: 'de' },
    { lowercase: 'und', level: 4, language: 'de' },
    { lowercase: 'rain', level: 3, language: 'en' },
    { lowercase: 'window', level: 1, language: 'en' },
  ];
  return {
    users: [reader, admin],
    words: new Map([
      [reader.username, readerWords],
      [admin.username, []],
    ]),
    pages: new Map([
      [
        reader.username,
        [
          { contentId: 9, pageId: 0, language: 'de' },
          { contentId: 1, pageId: 0, language: 'en' },
          { contentId: 1, pageId: 1, language: 'en' },
        ],
      ],
      [admin.username, []],
    ]),
    notifications: new Map([
      [
        reader.username,
        [
          buildNotification({
            id: 1,
            message: 'Welcome to Folio! Tap any word to see its translation.',
            createdAt: daysBefore(now, 3).toISOString(),
            isRead: true,
          }),
          buildNotification({
            id: 2,
            message: 'You are on a 3-day streak. Keep reading to raise your word limit.',
            createdAt: hoursBefore(now, 1).toISOString(),
            isRead: false,
          }),
        ],
      ],
      [admin.username, []],
    ]),
    videos: new Map([
      [
        reader.username,
        { videos: [{ videoId: transcriptVideoId, title: transcriptVideoTitle, language: 'en' }], processing: [] },
      ],
      [admin.username, { videos: [], processing: [] }],
    ]),
    products: buildProducts(),
    discounts: buildDiscounts(),
    checkouts: {},
    imports: [],
    wordImports: [],
    library: { categories: [], subCategories: [], texts: [], edits: {} },
    jobs: buildJobs(now),
    coins: {},
    wordTimes: Object.fromEntries(
      readerWords.map((word, index) => [wordTimeKey(reader, word), hoursBefore(now, index + 1).toISOString()]),
    ),
    addedTimes: {},
    progress: {},
    meanings: {},
    parents: {},
    contexts: {},
    flashcards: { cards: [], reviews: [], newPerDay: {} },
    wordExports: {},
    nextId: 100,
  };
}

let db = createInitialDb();

/** The current state; read it afresh on every request so a reset is seen at once. */
export function mockDb(): MockDb {
  return db;
}

type StoredDb = Omit<MockDb, 'words' | 'pages' | 'notifications' | 'videos'> & {
  words: [string, UserWord[]][];
  pages: [string, UserPage[]][];
  notifications: [string, Notification[]][];
  videos: [string, VideoLibrary][];
};

/** The state as JSON, so the browser mocks can keep it across a page reload (login and signup reload). */
export function serializeMockDb(): string {
  const stored: StoredDb = {
    ...db,
    words: [...db.words],
    pages: [...db.pages],
    notifications: [...db.notifications],
    videos: [...db.videos],
  };
  return JSON.stringify(stored);
}

export function restoreMockDb(json: string): void {
  const stored = JSON.parse(json) as StoredDb;
  db = {
    ...stored,
    // A state kept by an older build has no change times: its words count as changed when first listed.
    wordTimes: stored.wordTimes ?? {},
    addedTimes: stored.addedTimes ?? {},
    progress: stored.progress ?? {},
    meanings: stored.meanings ?? {},
    parents: stored.parents ?? {},
    contexts: stored.contexts ?? {},
    flashcards: stored.flashcards ?? { cards: [], reviews: [], newPerDay: {} },
    wordImports: stored.wordImports ?? [],
    wordExports: stored.wordExports ?? {},
    words: new Map(stored.words),
    pages: new Map(stored.pages),
    notifications: new Map(stored.notifications),
    videos: new Map(stored.videos),
  };
}

/** Back to the seeded state: call between tests. */
export function resetMockDb(): void {
  db = createInitialDb();
}

export function nextId(): number {
  db.nextId += 1;
  return db.nextId;
}

function coinsOf(user: MockUser, day: string): MockCoins {
  const coins = db.coins[user.username] ?? { day, today: 0, days: [], levels: {} };
  db.coins[user.username] = coins;
  return coins;
}

/** The streak with `day` learned: the run goes on from yesterday, or starts again. */
function streakWith(streak: readonly string[], day: string): string[] {
  const last = streak.at(-1);
  if (last === day) return [...streak];
  return last === isoDate(daysBefore(new Date(`${day}T00:00:00Z`), 1)) ? [...streak, day] : [day];
}

/**
 * Pays coins as the server does (`coinRewards`): `points` from words and pages up to the day's cap, the streak
 * day's coins on the day's first learning, ×2 with Pro Gold, and counts the day in the streak. Days are UTC days
 * (the server's, without a zone). Answers the balances as the server's save answers them.
 */
function payLearningCoins(user: MockUser, coins: MockCoins, points: number, now: Date): LearnerBalances {
  const day = now.toISOString().slice(0, 10);
  const multiplier =
    user.pro.endDate !== null && Date.parse(user.pro.endDate) > now.getTime() ? coinRewards.proMultiplier : 1;
  const earnedToday = coins.day === day ? coins.today : 0;
  const granted = Math.min(points * multiplier, Math.max(coinRewards.dailyCap * multiplier - earnedToday, 0));
  const firstToday = !coins.days.includes(day);
  if (firstToday) {
    coins.days.push(day);
    user.streak = streakWith(user.streak, day);
  }
  user.creditAmount += granted + (firstToday ? coinRewards.perStreakDay * multiplier : 0);
  coins.day = day;
  coins.today = earnedToday + granted;
  const balances = { wordCount: wordsOf(user).length, creditAmount: user.creditAmount };
  return firstToday ? { ...balances, streak: user.streak } : balances;
}

/** Saved levels' coins: one per level a word reaches for the first time. */
export function payWordCoins(user: MockUser, words: readonly UserWord[], now = new Date()): LearnerBalances {
  const coins = coinsOf(user, now.toISOString().slice(0, 10));
  let levels = 0;
  for (const word of words) {
    const key = `${word.language}\u0000${word.lowercase}`;
    const reached = coins.levels[key] ?? 0;
    coins.levels[key] = Math.max(reached, word.level);
    levels += Math.max(word.level - reached, 0);
  }
  return payLearningCoins(user, coins, levels * coinRewards.perNewLevel, now);
}

/** A finished page's coins: ten the first time (`firstTime`), and the streak day's on the day's first learning. */
export function payPageCoins(user: MockUser, firstTime: boolean, now = new Date()): LearnerBalances {
  const coins = coinsOf(user, now.toISOString().slice(0, 10));
  return payLearningCoins(user, coins, firstTime ? coinRewards.perFirstFinishedPage : 0, now);
}

/** Whether the customer portal has a subscription of the learner's to manage: a Pro Gold checkout of theirs granted. */
export function hasSubscriptionToManage(user: MockUser): boolean {
  return Object.values(db.checkouts).some(
    (checkout) => checkout.username === user.username && checkout.pro && checkout.granted,
  );
}

/**
 * The user as the API sends it: everything but the password, with the count of the words saved and whether the
 * portal has a subscription to manage (Pro Gold set on an account by hand, as an operator grants it, has none).
 */
export function toUser(mockUser: MockUser): User {
  const { password: _password, ...user } = mockUser;
  return {
    ...user,
    wordCount: wordsOf(mockUser).length,
    pro: { ...user.pro, managed: hasSubscriptionToManage(mockUser) },
  };
}

export function findUserByToken(token: string): MockUser | undefined {
  return db.users.find((user) => user.token === token);
}

export function findUserByEmail(email: string): MockUser | undefined {
  const wanted = email.toLowerCase();
  return db.users.find((user) => user.email.toLowerCase() === wanted);
}

export function findUserByUsername(username: string): MockUser | undefined {
  const wanted = username.toLowerCase();
  return db.users.find((user) => user.username.toLowerCase() === wanted);
}

function collectionOf<T>(collections: Map<string, T>, username: string, empty: () => T): T {
  const existing = collections.get(username);
  if (existing !== undefined) return existing;
  const created = empty();
  collections.set(username, created);
  return created;
}

/** The key of a learner's saved word in `wordTimes`. */
export function wordTimeKey(user: MockUser, word: Pick<UserWord, 'language' | 'lowercase'>): string {
  return `${user.username}\u0000${word.language}\u0000${word.lowercase}`;
}

/** A saved word as a text's scoped levels carry it: with its own meaning and note only when the learner wrote one. */
export function scopedWordOf(user: MockUser, word: UserWord): ScopedWord {
  const own = db.meanings[wordTimeKey(user, word)];
  const scoped: ScopedWord = { lowercase: word.lowercase, level: word.level, language: word.language };
  if (own?.meaning) scoped.meaning = own.meaning;
  if (own?.note) scoped.note = own.note;
  const parent = db.parents[wordTimeKey(user, word)];
  if (parent !== undefined) {
    scoped.parent = parent;
    const parentMeaning = db.meanings[wordTimeKey(user, { language: word.language, lowercase: parent })]?.meaning;
    if (!own?.meaning && parentMeaning) scoped.parentMeaning = parentMeaning;
  }
  return scoped;
}

/** A deleted word's own data, and its children's link to it (as the server's foreign key clears them). */
export function forgetWord(user: MockUser, word: Pick<UserWord, 'language' | 'lowercase'>): void {
  const key = wordTimeKey(user, word);
  delete db.wordTimes[key];
  delete db.addedTimes[key];
  delete db.meanings[key];
  delete db.contexts[key];
  delete db.parents[key];
  const family = wordTimeKey(user, { language: word.language, lowercase: '' });
  for (const [child, parent] of Object.entries(db.parents)) {
    if (parent === word.lowercase && child.startsWith(family)) delete db.parents[child];
  }
}

export function wordsOf(user: MockUser): UserWord[] {
  return collectionOf(db.words, user.username, () => []);
}

export function pagesOf(user: MockUser): UserPage[] {
  return collectionOf(db.pages, user.username, () => []);
}

export function notificationsOf(user: MockUser): Notification[] {
  return collectionOf(db.notifications, user.username, () => []);
}

export function videosOf(user: MockUser): VideoLibrary {
  return collectionOf(db.videos, user.username, () => ({ videos: [], processing: [] }));
}

/** A new free learner with a fresh token and a welcome notification. */
export function createUser(account: { username: string; email: string; password: string }): MockUser {
  const id = nextId();
  const user: MockUser = {
    ...buildUser({ username: account.username, email: account.email, token: `mock-token-${id}` }),
    password: account.password,
  };
  db.users.push(user);
  notificationsOf(user).push(welcomeNotification(nextId(), user.username));
  return user;
}
