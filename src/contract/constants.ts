import type { AdminJob } from './endpoints/admin.ts';

/** Layout breakpoints of spec §9, in CSS pixels. */
export const breakpoints = {
  mobileMaxWidth: 768,
  shortMaxHeight: 599,
  balancesMinWidth: 419,
  medium: 968,
  large: 1268,
  extraLarge: 1550,
} as const;

export const timings = {
  toastMs: 4000,
  scrollDebounceMs: 300,
  scrollLoadRatio: 0.9,
  wordCounterPollMs: 250,
  videoCountdownMs: 1000,
  playerPositionMs: 100,
  reloadAfterAuthMs: 200,
  /**
   * A learner's record kept this long ago is refreshed when the app starts, and a tab hidden this long refreshes it
   * when it is shown again: another device may have saved meanwhile (beyond the spec).
   */
  refreshAfterAwayMs: 60_000,
  firstTranscriptShiftSeconds: 0.3,
  laterTranscriptShiftSeconds: 0.5,
} as const;

export const rewards = {
  wordsPerStreakDay: 1,
  proWordsPerStreakDay: 5,
  freeMaxWordsPerStreakDay: 10,
  proInstantWords: 500,
  freeVideos: 2,
  /** Videos a Pro Gold learner may add per cycle beyond the free ones ("2 extra per week"). */
  proExtraVideos: 2,
  videoCycleDays: 7,
} as const;

/**
 * Coins earned by learning (beyond the spec, which sells items for coins but never says how they are earned):
 * one per level a word reaches for the first time, ten per page finished the first time, five per streak day;
 * twice as many with Pro Gold. Words and pages earn at most `dailyCap` coins a day (×2 with Pro); the streak day's
 * coins come on top. Earned once per word and level, page and day, so pressing keys back and forth earns nothing.
 */
export const coinRewards = {
  perNewLevel: 1,
  perFirstFinishedPage: 10,
  perStreakDay: 5,
  proMultiplier: 2,
  dailyCap: 300,
} as const;

export const maxDiscountCodes = 2;

/** The applied codes' total, as a checkout takes it off: one discount of their sum, at most 100 %. */
export function combinedDiscountPercent(percents: readonly number[]): number {
  const total = percents.reduce((sum, percent) => sum + percent, 0);
  return Math.min(100, total);
}

/** A price in cents with a percentage off, as the card provider charges it (the discount rounded to the cent). */
export function discountedCents(cents: number, percent: number): number {
  return cents - Math.round((cents * percent) / 100);
}

/** The largest subtitle file (SRT or WebVTT) a learner may upload for a video. */
export const maxSubtitleBytes = 2 * 1024 * 1024;
/** Texts a learner may import (their own library, private): free, and with Pro Gold. */
export const importLimits = { free: 20, pro: 200 } as const;
/** The largest text file a learner may import (.txt, .epub, .srt, .vtt). */
export const maxImportBytes = 5 * 1024 * 1024;
/** The longest pasted text, in characters: a paste is JSON under the 256 KB body limit even in a 3-byte script. */
export const maxPastedCharacters = 80_000;
/** An admin's upload: at most this many chapters, together at most `maxPastedCharacters` of text. */
export const maxChapters = 50;
export const flashcardBatchSize = 20;

const wordLimitItems = [
  [50, 25, 625],
  [100, 50, 1250],
  [200, 100, 2500],
  [500, 250, 5000],
  [1200, 500, 12500],
  [2500, 1000, 25000],
  [5000, 2000, 50000],
  [10000, 4000, 100000],
] as const;
const videoLimitItems = [
  [1, 100, 2500],
  [2, 200, 5000],
  [5, 500, 12500],
  [12, 1000, 25000],
  [25, 2000, 50000],
  [50, 4000, 100000],
] as const;

/**
 * An item the store sells, in the shape `storeItemSchema` (endpoints/payments.ts) checks a request against; written out
 * here because that file reads this one's limits.
 */
type StoreItem = { name: 'Word Limit' | 'Video Limit'; amount: number; diamondAmount: number; creditAmount: number };

export const storeItems: readonly StoreItem[] = [
  ...wordLimitItems.map(([amount, diamondAmount, creditAmount]) => ({
    name: 'Word Limit' as const,
    amount,
    diamondAmount,
    creditAmount,
  })),
  ...videoLimitItems.map(([amount, diamondAmount, creditAmount]) => ({
    name: 'Video Limit' as const,
    amount,
    diamondAmount,
    creditAmount,
  })),
];

/** The store's own item with exactly these fields, if it sells one: a request never sets a price. */
export function findStoreItem(wanted: StoreItem): StoreItem | undefined {
  return storeItems.find(
    (item) =>
      item.name === wanted.name &&
      item.amount === wanted.amount &&
      item.diamondAmount === wanted.diamondAmount &&
      item.creditAmount === wanted.creditAmount,
  );
}

/** Diamond packs: price in cents → diamonds. Savings are measured against 2.49 per 100 diamonds. */
export const diamondPacks = [
  { priceCents: 249, diamonds: 100 },
  { priceCents: 999, diamonds: 500 },
  { priceCents: 1799, diamonds: 1000 },
  { priceCents: 3499, diamonds: 2500 },
  { priceCents: 5499, diamonds: 5000 },
] as const;
export const diamondBaseCentsPer100 = 249;

export function diamondPackSavingsPercent(pack: { priceCents: number; diamonds: number }): number {
  const basePrice = (pack.diamonds / 100) * diamondBaseCentsPer100;
  return Math.round((1 - pack.priceCents / basePrice) * 100);
}

/**
 * What an admin may do to a job in each state: run a failed one again, cancel one waiting, delete one finished.
 * The server refuses anything else (409), the mocks too, and the queue screen offers only these.
 */
export const jobActionStates = {
  retry: ['failed'],
  cancel: ['created', 'retry'],
  delete: ['completed', 'failed', 'cancelled'],
} as const satisfies Record<string, readonly AdminJob['state'][]>;
export type JobAction = keyof typeof jobActionStates;

export const jobActionAllowed = (action: JobAction, state: AdminJob['state']): boolean =>
  (jobActionStates[action] as readonly string[]).includes(state);

/** Texts (or videos) whose known-word figures one call may ask for: two screens of 24 cards. */
export const maxCoverageIds = 48;
/** New words a text's "Learn these words" list holds at most, the most frequent first. */
export const maxNewWordsListed = 200;

/** Words a page of the vocabulary list holds by default, and at most. */
export const vocabularyPageSize = 50;
export const maxVocabularyPageSize = 200;
/** Words one bulk change on the vocabulary screen may name: a long selection is sent in several calls. */
export const maxBulkWords = 500;
