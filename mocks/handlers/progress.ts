import { endpoints, TIME_ZONE_HEADER } from '@/contract/endpoints';
import { progressDays } from '@/contract/endpoints/progress';
import type { LearningLanguage } from '@/contract/languages';
import { type MockProgress, type MockUser, mockDb, wordsOf } from '../db';
import { ok, parseParams, requireUser, route } from './respond';

/** The calendar day (YYYY-MM-DD) of a moment in the request's time zone (`X-Time-Zone`, else UTC), as the server's. */
export function learningDayOf(request: Request, now = new Date()): string {
  const asked = request.headers.get(TIME_ZONE_HEADER);
  let timeZone = 'UTC';
  try {
    if (asked) timeZone = new Intl.DateTimeFormat('en', { timeZone: asked }).resolvedOptions().timeZone;
  } catch {
    // An unknown zone counts as UTC, as on the server.
  }
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const progressKey = (user: MockUser, language: LearningLanguage, day: string) =>
  `${user.username}\u0000${language}\u0000${day}`;

/**
 * Adds a save's counts to the learner's day, as the server's saves do in their statements: words newly saved, words
 * that reached level 4 from below or from unsaved, pages finished the first time. Nothing is written for zeros.
 */
export function countProgress(
  user: MockUser,
  language: LearningLanguage,
  day: string,
  { wordsSaved = 0, wordsKnown = 0, pagesRead = 0 }: Partial<MockProgress>,
): void {
  if (wordsSaved + wordsKnown + pagesRead === 0) return;
  const counters = mockDb().progress;
  const key = progressKey(user, language, day);
  const before = counters[key] ?? { wordsSaved: 0, wordsKnown: 0, pagesRead: 0 };
  counters[key] = {
    wordsSaved: before.wordsSaved + wordsSaved,
    wordsKnown: before.wordsKnown + wordsKnown,
    pagesRead: before.pagesRead + pagesRead,
  };
}

/** The ISO day `days` before an ISO day. */
function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

export const progressHandlers = [
  route(endpoints.progress, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.progress.params);
    if (parsed instanceof Response) return parsed;
    const today = learningDayOf(request);
    const counters = mockDb().progress;
    const days = Array.from({ length: progressDays }, (_, index) => {
      const day = dayBefore(today, progressDays - 1 - index);
      const counted = counters[progressKey(user, parsed.targetLang, day)];
      return { day, wordsSaved: 0, wordsKnown: 0, pagesRead: 0, ...counted };
    });
    const levels: [number, number, number, number, number] = [0, 0, 0, 0, 0];
    for (const word of wordsOf(user)) {
      if (word.language === parsed.targetLang) levels[word.level] = (levels[word.level] ?? 0) + 1;
    }
    return ok({ days, levels });
  }),
];
