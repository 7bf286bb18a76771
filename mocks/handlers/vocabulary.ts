import { HttpResponse, type PathParams } from 'msw';
import { ankiContentType, ankiFileName, ankiPackage, ankiWordOf } from '@/contract/anki-package';
import { vocabularyPageSize } from '@/contract/constants';
import { vocabularyOf } from '@/contract/coverage';
import { endpoints } from '@/contract/endpoints';
import type { VocabularyWord } from '@/contract/endpoints/vocabulary';
import { wordExportLifetimeMs } from '@/contract/endpoints/vocabulary';
import { maxFamilyDepth } from '@/contract/endpoints/word-parents';
import type { WordContext } from '@/contract/endpoints/words';
import type { UserWord, VocabularySort } from '@/contract/entities';
import { type LearningLanguage, learningLanguages } from '@/contract/languages';
import { isPhrase } from '@/contract/phrases';
import {
  type ExportedCard,
  type ExportedWord,
  exportContentTypes,
  exportFile,
  exportFileName,
  type WordSource,
} from '@/contract/word-export';
import { ankiTools } from '../anki-package';
import { forgetWord, type MockCard, type MockUser, mockDb, payWordCoins, wordsOf, wordTimeKey } from '../db';
import { glossFor } from '../fixtures/translations';
import { isSuspended, learningDayIn, removeCardsOf, timeZoneOf } from '../flashcards';
import { learnerLibraryOf } from '../library';
import { readableText } from '../readable';
import { countProgress, learningDayOf } from './progress';
import { fail, ok, parseBody, parseParams, queryOf, requireUser, route } from './respond';

/** A word without its accents, as the server's `fold_word` makes it: "café" is "cafe". */
const fold = (word: string) => word.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** Code point order, as the server compares words (byte-wise, collate "C"). */
export function byCodePoint(a: string, b: string): number {
  for (let i = 0; i < a.length && i < b.length; ) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

type Listed = VocabularyWord & { folded: string };

/** Each sort's cursor key of a word, and its order (the server's: see server/src/db/queries/vocabulary.ts). */
const sorts: Record<VocabularySort, { key: (word: Listed) => string; compare: (a: Listed, b: Listed) => number }> = {
  recent: {
    key: (word) => word.updatedAt,
    compare: (a, b) => byCodePoint(b.updatedAt, a.updatedAt) || byCodePoint(b.lowercase, a.lowercase),
  },
  az: {
    key: () => '',
    compare: (a, b) => byCodePoint(a.folded, b.folded) || byCodePoint(a.lowercase, b.lowercase),
  },
  frequency: {
    key: (word) => String(word.occurrences),
    compare: (a, b) => b.occurrences - a.occurrences || byCodePoint(a.lowercase, b.lowercase),
  },
};

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** The word a page ended on, from its cursor; undefined when the cursor is not one of this sort's. */
function cursorOf(after: string, sort: VocabularySort): Listed | undefined {
  try {
    const bytes = Uint8Array.from(atob(after.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) return undefined;
    const [, key, lowercase] = parsed as unknown[];
    if (typeof key !== 'string' || typeof lowercase !== 'string') return undefined;
    if (sort === 'recent' && Number.isNaN(Date.parse(key))) return undefined;
    if (sort === 'frequency' && !/^\d{1,10}$/.test(key)) return undefined;
    if (sort === 'az' && key !== '') return undefined;
    const at = { lowercase, level: 0, meaning: null, meaningIsOwn: false, note: null, sentence: null };
    return { ...at, updatedAt: key, folded: fold(lowercase), occurrences: Number(key) || 0 };
  } catch {
    return undefined;
  }
}

/** How often each word occurs in the language's published library and the learner's own texts. */
export function occurrencesIn(user: MockUser, language: LearningLanguage): Map<string, number> {
  const libraryIds = learnerLibraryOf(language).flatMap((category) =>
    category.subCategories.flatMap((sub) => sub.contents.map((content) => content.id)),
  );
  const ownIds = mockDb()
    .imports.filter((item) => !item.upload && item.username === user.username && item.record.language === language)
    .flatMap((item) => (item.record.contentId ? [item.record.contentId] : []));
  const counts = new Map<string, number>();
  for (const id of [...libraryIds, ...ownIds]) {
    const sections = readableText(language, id, ownIds.includes(id) ? user : undefined) ?? [];
    for (const [word, times] of vocabularyOf(sections.flatMap((section) => section.tokens))) {
      counts.set(word, (counts.get(word) ?? 0) + times);
    }
  }
  return counts;
}

/** When a saved word last changed; one saved by another call (the reader's save) counts as changed now. */
function changedAt(user: MockUser, word: UserWord, now: string): string {
  const times = mockDb().wordTimes;
  const key = wordTimeKey(user, word);
  times[key] ??= now;
  return times[key];
}

/** The meaning a row shows (the learner's own once written, else the dictionary's) and the learner's note. */
function listedMeaning(user: MockUser, word: UserWord, homeLang: LearningLanguage) {
  const own = mockDb().meanings[wordTimeKey(user, word)];
  const meaning = own?.meaning ?? null;
  return {
    meaning: meaning ?? glossFor(word.lowercase, word.language, homeLang) ?? null,
    meaningIsOwn: meaning !== null,
    note: own?.note ?? null,
  };
}

function sourceOf(context: WordContext | null | undefined): WordSource | null {
  if (!context) return null;
  return 'videoId' in context.source
    ? { contentId: null, pageId: null, videoId: context.source.videoId }
    : { contentId: context.source.contentId, pageId: context.source.pageId, videoId: null };
}

function exportedCard(user: MockUser, card: MockCard): ExportedCard {
  const { schedule } = card;
  return {
    ...schedule,
    suspended: isSuspended(user, card),
    createdAt: card.createdAt,
    levelRaisedOn: card.levelRaisedOn,
    sentence: card.context?.sentence ?? null,
    source: sourceOf(card.context),
    reviews: mockDb()
      .flashcards.reviews.filter((review) => review.username === user.username && review.cardId === card.id)
      .map((review) => ({
        reviewId: review.reviewId,
        rating: review.rating,
        cardBefore: review.before,
        cardAfter: review.after,
        levelBefore: review.levelBefore,
        levelAfter: review.levelAfter,
        reviewedAt: review.reviewedAt,
        durationMs: review.durationMs,
        undoneAt: review.undoneAt,
      })),
  };
}

/** Every word below one (its children, theirs, …), A–Z, as the server's `familyOf`. */
function familyBelow(
  words: readonly UserWord[],
  parentOf: (word: UserWord) => string | undefined,
  lowercase: string,
): { lowercase: string; level: UserWord['level'] }[] {
  const below: UserWord[] = [];
  for (let level = [lowercase]; level.length > 0; ) {
    const children = words.filter((word) => level.includes(parentOf(word) ?? ''));
    below.push(...children);
    level = children.map((word) => word.lowercase);
  }
  return below
    .map((word) => ({ lowercase: word.lowercase, level: word.level }))
    .sort((a, b) => byCodePoint(a.lowercase, b.lowercase));
}

/** A learner's words of one language as the export writes them, in the server's A–Z order. */
function exportedWords(user: MockUser, language: LearningLanguage, levels: Set<number> | undefined): ExportedWord[] {
  const now = new Date().toISOString();
  return wordsOf(user)
    .filter((word) => word.language === language && (!levels || levels.has(word.level)))
    .sort((a, b) => byCodePoint(fold(a.lowercase), fold(b.lowercase)) || byCodePoint(a.lowercase, b.lowercase))
    .map((word) => {
      const key = wordTimeKey(user, word);
      const context = mockDb().contexts[key];
      const card = mockDb().flashcards.cards.find(
        (item) => item.username === user.username && item.language === language && item.lowercase === word.lowercase,
      );
      return {
        language,
        word: word.lowercase,
        level: word.level,
        meaning: mockDb().meanings[key]?.meaning ?? null,
        note: mockDb().meanings[key]?.note ?? null,
        sentence: context?.sentence ?? null,
        source: sourceOf(context),
        updatedAt: changedAt(user, word, now),
        addedAt: mockDb().addedTimes[key] ?? changedAt(user, word, now),
        card: card ? exportedCard(user, card) : null,
        parent: mockDb().parents[key] ?? null,
      };
    });
}

/** The learner's own export, unexpired; the 401 or 404 envelope otherwise (another learner's is a 404). */
function ownWordExport(request: Request, params: PathParams) {
  const user = requireUser(request);
  if (user instanceof Response) return user;
  const parsed = parseParams(params, endpoints.wordExport.params);
  if (parsed instanceof Response) return parsed;
  const found = mockDb().wordExports[parsed.exportId];
  if (!found || found.username !== user.username || Date.parse(found.job.expiresAt) <= Date.now()) {
    return fail(404, 'not_found', 'This export does not exist or has expired');
  }
  return { ...found, user };
}

export const vocabularyHandlers = [
  // Before the list's `/vocabulary/:targetLang`, which would take `export` for a language.
  route(endpoints.exportVocabulary, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const query = parseParams(queryOf(request), endpoints.exportVocabulary.query);
    if (query instanceof Response) return query;
    const levels = query.levels === undefined ? undefined : new Set(query.levels.split(',').map(Number));
    const languages = query.language === 'all' ? learningLanguages : [query.language];
    async function* pages() {
      for (const language of languages) yield exportedWords(user as MockUser, language, levels);
    }
    const now = new Date();
    let text = '';
    for await (const chunk of exportFile(query.format, now.toISOString(), pages())) text += chunk;
    const day = learningDayIn(timeZoneOf(request), now);
    return new HttpResponse(text, {
      headers: {
        'Content-Type': exportContentTypes[query.format],
        'Content-Disposition': `attachment; filename="${exportFileName(query.format, query.language, day)}"`,
        'Cache-Control': 'no-store',
      },
    });
  }),

  route(endpoints.startWordExport, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.startWordExport.body);
    if (body instanceof Response) return body;
    const now = new Date();
    const job = {
      id: crypto.randomUUID(),
      status: 'pending' as const,
      fileName: ankiFileName(body.language, learningDayIn(timeZoneOf(request), now)),
      expiresAt: new Date(now.getTime() + wordExportLifetimeMs).toISOString(),
    };
    mockDb().wordExports[job.id] = { username: user.username, job, request: body };
    return ok(job);
  }),

  route(endpoints.wordExport, ({ request, params }) => {
    const found = ownWordExport(request, params);
    if (found instanceof Response) return found;
    found.job.status = 'ready';
    return ok(found.job);
  }),

  route(endpoints.wordExportFile, async ({ request, params }) => {
    const found = ownWordExport(request, params);
    if (found instanceof Response) return found;
    if (found.job.status !== 'ready') {
      return fail(404, 'not_found', 'This export has no file: it is not ready, has expired or does not exist');
    }
    const { user } = found;
    const { language, levels } = found.request;
    const chosen = levels === undefined ? undefined : new Set<number>(levels);
    const words = (language === 'all' ? learningLanguages : [language]).flatMap((each) =>
      exportedWords(user, each, chosen).map(ankiWordOf),
    );
    const file = ankiPackage(await ankiTools(), user.username, words, new Date());
    return new HttpResponse(file, {
      headers: {
        'Content-Type': ankiContentType,
        'Content-Disposition': `attachment; filename="${found.job.fileName}"`,
        'Cache-Control': 'no-store',
      },
    });
  }),

  route(endpoints.vocabulary, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.vocabulary.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), endpoints.vocabulary.query);
    if (query instanceof Response) return query;
    const language = parsed.targetLang;
    const sort = sorts[query.sort ?? 'recent'];
    const after = query.after === undefined ? undefined : cursorOf(query.after, query.sort ?? 'recent');
    if (query.after !== undefined && !after) {
      return fail(400, 'invalid_input', 'This cursor does not belong to this list', 'after');
    }
    const saved = wordsOf(user).filter((word) => word.language === language);
    const wanted = query.levels === undefined ? undefined : new Set(query.levels.split(',').map(Number));
    const prefix = fold(query.q?.trim().toLocaleLowerCase(language) ?? '');
    const occurrences = occurrencesIn(user, language);
    const now = new Date().toISOString();
    const { parents } = mockDb();
    const parentOf = (word: UserWord) => parents[wordTimeKey(user, word)];
    const family = query.family === '1';
    const found = (word: UserWord) => fold(word.lowercase).startsWith(prefix);
    // Grouped by family, as on the server: the families any of whose words the search finds, by their roots.
    const foundRoots = new Set<string>();
    if (family) {
      for (const word of saved.filter(found)) {
        let root = word.lowercase;
        for (let depth = 0; depth < maxFamilyDepth; depth += 1) {
          const above = parentOf({ ...word, lowercase: root });
          if (above === undefined) break;
          root = above;
        }
        foundRoots.add(root);
      }
    }
    const listed: Listed[] = saved
      .filter((word) => (!wanted || wanted.has(word.level)) && (family ? foundRoots.has(word.lowercase) : found(word)))
      .filter((word) => !family || parentOf(word) === undefined)
      .filter((word) => query.phrases !== '1' || isPhrase(word.lowercase))
      .map((word) => ({
        lowercase: word.lowercase,
        level: word.level,
        ...listedMeaning(user, word, query.homeLang),
        sentence: mockDb().contexts[wordTimeKey(user, word)]?.sentence ?? null,
        updatedAt: changedAt(user, word, now),
        occurrences: occurrences.get(word.lowercase) ?? 0,
        folded: fold(word.lowercase),
        ...(family ? { children: familyBelow(saved, parentOf, word.lowercase) } : {}),
      }))
      .sort(sort.compare);
    const rest = after ? listed.filter((word) => sort.compare(after, word) < 0) : listed;
    const page = rest.slice(0, query.limit ?? vocabularyPageSize);
    const last = page.at(-1);
    return ok({
      words: page.map(({ folded: _folded, ...word }) => word),
      next:
        last && rest.length > page.length
          ? toBase64Url(JSON.stringify([query.sort ?? 'recent', sort.key(last), last.lowercase]))
          : null,
      total: listed.length,
    });
  }),

  route(endpoints.changeVocabulary, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.changeVocabulary.params);
    if (parsed instanceof Response) return parsed;
    const body = await parseBody(request, endpoints.changeVocabulary.body);
    if (body instanceof Response) return body;
    const named = new Set(body.words);
    const words = wordsOf(user);
    const touched = words
      .filter((word) => word.language === parsed.targetLang && named.has(word.lowercase))
      .sort((a, b) => byCodePoint(a.lowercase, b.lowercase));
    const times = mockDb().wordTimes;
    if ('remove' in body) {
      for (const word of touched) {
        words.splice(words.indexOf(word), 1);
        forgetWord(user, word);
      }
      removeCardsOf(user, touched);
    } else {
      const now = new Date().toISOString();
      const madeKnown = body.level === 4 ? touched.filter((word) => word.level < 4).length : 0;
      countProgress(user, parsed.targetLang, learningDayOf(request), { wordsKnown: madeKnown });
      for (const word of touched) {
        word.level = body.level;
        times[wordTimeKey(user, word)] = now;
      }
    }
    const changed = 'remove' in body ? [] : touched.map((word) => ({ ...word }));
    // As on the server, a change that touched no word is no learning: no coins, no streak day.
    const balances =
      changed.length > 0 ? payWordCoins(user, changed) : { wordCount: words.length, creditAmount: user.creditAmount };
    return ok({ words: changed, balances });
  }),
];
