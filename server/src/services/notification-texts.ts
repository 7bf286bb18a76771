import type { TranscriptFailure } from '#contract/entities.ts';
import type { NotificationText } from '../db/queries/notifications.ts';

/** English wording of each failure, as `message` carries it; the SPA words the code in the learner's language. */
const failureText: Record<TranscriptFailure, (available: string) => string> = {
  no_captions_in_language: (available) => `it has no captions in this language (it has: ${available || 'none'})`,
  no_captions: () => 'it has no captions that can be read',
  empty_captions: () => 'its captions are empty',
  unreachable: () => 'YouTube could not be reached',
};

/** Every notification the server sends: a code with its parameters, and the English text. */
export const notificationTexts = {
  welcome: (username: string): NotificationText => ({
    code: 'welcome',
    params: { username },
    message: `Welcome to Folio, ${username}! Tap any word to see its translation and give it a level.`,
  }),
  wordLimitGrew: (reward: number): NotificationText => ({
    code: 'word_limit_grew',
    params: { reward },
    message: `Your word limit grew by ${reward} words. Keep your streak going!`,
  }),
  videoReady: (title: string): NotificationText => ({
    code: 'video_ready',
    params: { title },
    message: `Your video "${title}" is ready to read.`,
  }),
  videoFailed: (title: string, reason: TranscriptFailure, available = ''): NotificationText => ({
    code: 'video_failed',
    params: { title, reason, available },
    message: `We could not make a transcript of "${title}": ${failureText[reason](available)}. You can upload its subtitles instead.`,
  }),
  diamondsAdded: (diamonds: number): NotificationText => ({
    code: 'diamonds_added',
    params: { diamonds },
    message: `Thank you! ${diamonds} diamonds were added to your balance.`,
  }),
  proGoldActive: (until: Date, words: number): NotificationText => ({
    code: 'pro_gold_active',
    params: { until: until.toISOString(), words },
    message: `Pro Gold is active until ${until.toISOString().slice(0, 10)}. Your word limit grew by ${words} words.`,
  }),
  importReady: (title: string, pages: number): NotificationText => ({
    code: 'import_ready',
    params: { title, pages },
    message: `Your text "${title}" is ready to read (${pages} pages).`,
  }),
};
