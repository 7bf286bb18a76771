import { vocabularyOf } from '@/contract/coverage';
import { endpoints } from '@/contract/endpoints';
import { maxFamilyDepth } from '@/contract/endpoints/word-parents';
import type { WordContext } from '@/contract/endpoints/words';
import type { ScopedWord, Section, UserWord } from '@/contract/entities';
import { isPhrase, phraseWords } from '@/contract/phrases';
import { type MockUser, mockDb, payWordCoins, scopedWordOf, videosOf, wordsOf, wordTimeKey } from '../db';
import { lemmaOf } from '../fixtures/lemmas';
import { transcriptOf } from '../fixtures/transcript';
import { readableSections } from '../readable';
import { countProgress, learningDayOf } from './progress';
import { fail, ok, parseBody, parseParams, queryOf, requireUser, route, wordLimitFor } from './respond';

/** The distinct words of some sections, by lowercase form. */
const wordsIn = (sections: readonly Section[]) => new Set(vocabularyOf(sections.flatMap((s) => s.tokens)).keys());

/** The saved words and phrases of one language in some sections, as the server's scoped calls answer them. */
function savedAmong(user: MockUser, language: string, sections: readonly Section[]): ScopedWord[] {
  const present = wordsIn(sections);
  // As the server: a phrase's first two words stand in a row in a section, and the text holds all its words.
  const pairs = new Set(
    sections.flatMap(({ tokens }) => {
      const words = tokens.filter((token) => token.isWord).map((token) => token.lowercase);
      return words.slice(1).map((word, at) => `${words[at]} ${word}`);
    }),
  );
  const among = (lowercase: string) => {
    if (!isPhrase(lowercase)) return present.has(lowercase);
    const words = phraseWords(lowercase);
    return pairs.has(words.slice(0, 2).join(' ')) && words.every((word) => present.has(word));
  };
  return wordsOf(user)
    .filter((word) => word.language === language && among(word.lowercase))
    .map((word) => scopedWordOf(user, word));
}

/**
 * A save changes the word now (the vocabulary's "recent" order, "Add 20 Cards"'s tie-break), and the first sentence
 * it is saved in stays with it, as on the server (a card made later copies it).
 */
function noteSave(user: MockUser, word: UserWord, context: WordContext | undefined) {
  const { contexts, wordTimes, addedTimes } = mockDb();
  const key = wordTimeKey(user, word);
  wordTimes[key] = new Date().toISOString();
  addedTimes[key] ??= wordTimes[key];
  if (context && !contexts[key]) contexts[key] = context;
}

export const wordHandlers = [
  route(endpoints.userWords, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    return ok(wordsOf(user));
  }),

  route(endpoints.pageWords, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.pageWords.params);
    if (parsed instanceof Response) return parsed;
    const sections = readableSections(parsed.targetLang, parsed.contentId, parsed.pageId, user);
    if (!sections) return fail(404, 'not_found', 'This page does not exist');
    return ok(savedAmong(user, parsed.targetLang, sections));
  }),

  route(endpoints.videoWords, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.videoWords.params);
    if (parsed instanceof Response) return parsed;
    const library = videosOf(user);
    const isVideo = (video: { videoId: string; language: string }) =>
      video.videoId === parsed.videoId && video.language === parsed.targetLang;
    const finished = library.videos.some(isVideo);
    if (!finished && !library.processing.some(isVideo)) return fail(404, 'not_found', 'This video does not exist');
    // A video still processing has no transcript yet, so none of its words are saved.
    return ok(savedAmong(user, parsed.targetLang, finished ? transcriptOf(parsed.videoId) : []));
  }),

  route(endpoints.markPageKnown, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.markPageKnown.params);
    if (parsed instanceof Response) return parsed;
    const sections = readableSections(parsed.targetLang, parsed.contentId, parsed.pageId, user);
    if (!sections) return fail(404, 'not_found', 'This page does not exist');
    const words = wordsOf(user);
    const onPage = wordsIn(sections);
    const saved = new Map(words.filter((word) => word.language === parsed.targetLang).map((w) => [w.lowercase, w]));
    const unsaved = [...onPage].filter((lowercase) => !saved.has(lowercase));
    const room = Math.max(user.wordLimit - words.length, 0);
    if (unsaved.length > room) return wordLimitFor(room);
    const changed: UserWord[] = [];
    for (const lowercase of [...onPage].sort()) {
      const word = saved.get(lowercase);
      if (word && word.level !== 0) continue;
      if (word) word.level = 4;
      else words.push({ lowercase, level: 4, language: parsed.targetLang });
      changed.push({ lowercase, level: 4, language: parsed.targetLang });
    }
    const day = learningDayOf(request);
    countProgress(user, parsed.targetLang, day, { wordsSaved: unsaved.length, wordsKnown: changed.length });
    return ok({ words: changed, balances: payWordCoins(user, changed) });
  }),

  route(endpoints.saveUserWord, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.saveUserWord.body);
    if (body instanceof Response) return body;
    const { context, ...word } = body;
    const words = wordsOf(user);
    const saved = words.find((item) => item.lowercase === word.lowercase && item.language === word.language);
    if (saved) {
      const madeKnown = saved.level < 4 && word.level === 4 ? 1 : 0;
      saved.level = word.level;
      noteSave(user, saved, context);
      countProgress(user, word.language, learningDayOf(request), { wordsKnown: madeKnown });
      return ok({ ...saved, balances: payWordCoins(user, [word]) });
    }
    if (words.length >= user.wordLimit) return fail(403, 'word_limit', "You've Reached Your Word Limit");
    words.push(word);
    noteSave(user, word, context);
    countProgress(user, word.language, learningDayOf(request), { wordsSaved: 1, wordsKnown: word.level === 4 ? 1 : 0 });
    return ok({ ...word, balances: payWordCoins(user, [word]) });
  }),

  route(endpoints.saveWordMeaning, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.saveWordMeaning.params);
    if (parsed instanceof Response) return parsed;
    const body = await parseBody(request, endpoints.saveWordMeaning.body);
    if (body instanceof Response) return body;
    const language = parsed.targetLang;
    const words = wordsOf(user);
    let word = words.find((item) => item.lowercase === body.lowercase && item.language === language);
    // As on the server, only a word saved just now is a save (level 1, its coin); a saved word keeps its level.
    let added: UserWord[] = [];
    if (!word) {
      if (words.length >= user.wordLimit) return fail(403, 'word_limit', "You've Reached Your Word Limit");
      word = { lowercase: body.lowercase, level: 1, language };
      words.push(word);
      added = [word];
      countProgress(user, language, learningDayOf(request), { wordsSaved: 1 });
    }
    const { meanings, wordTimes } = mockDb();
    const key = wordTimeKey(user, word);
    if (body.meaning === null && body.note === null) delete meanings[key];
    else meanings[key] = { meaning: body.meaning, note: body.note };
    wordTimes[key] = new Date().toISOString();
    const balances =
      added.length > 0 ? payWordCoins(user, added) : { wordCount: words.length, creditAmount: user.creditAmount };
    return ok({ ...word, meaning: body.meaning, note: body.note, balances });
  }),

  route(endpoints.saveWordParent, async ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.saveWordParent.params);
    if (parsed instanceof Response) return parsed;
    const body = await parseBody(request, endpoints.saveWordParent.body);
    if (body instanceof Response) return body;
    const language = parsed.targetLang;
    if (body.parent && body.parent.language !== language) {
      return fail(400, 'parent_language', "A word's parent must be a word of the same language");
    }
    if (body.parent?.lowercase === body.lowercase) return fail(400, 'parent_self', 'A word cannot be its own parent');
    const words = wordsOf(user);
    const find = (lowercase: string) => words.find((w) => w.lowercase === lowercase && w.language === language);
    const { parents } = mockDb();
    const key = wordTimeKey(user, { language, lowercase: body.lowercase });
    if (!body.parent) {
      const word = find(body.lowercase);
      if (!word) return fail(404, 'not_found', 'This word is not saved');
      delete parents[key];
      return ok({ ...word, parent: null, balances: { wordCount: words.length, creditAmount: user.creditAmount } });
    }
    const parent = body.parent.lowercase;
    for (let above: string | undefined = parent; above !== undefined; ) {
      if (above === body.lowercase) {
        return fail(
          400,
          'parent_cycle',
          'This would make a cycle of parents: the parent is already below the word in its family',
        );
      }
      above = parents[wordTimeKey(user, { language, lowercase: above })];
    }
    // As on the server: the parent, then the word, saved at level 1 when new, both or neither within the limit.
    const missing = [parent, body.lowercase].filter((lowercase) => !find(lowercase));
    if (words.length + missing.length > user.wordLimit)
      return fail(403, 'word_limit', "You've Reached Your Word Limit");
    const added = missing.map((lowercase): UserWord => ({ lowercase, level: 1, language }));
    for (const word of added) {
      words.push(word);
      noteSave(user, word, undefined);
    }
    if (added.length > 0) countProgress(user, language, learningDayOf(request), { wordsSaved: added.length });
    parents[key] = parent;
    const balances =
      added.length > 0 ? payWordCoins(user, added) : { wordCount: words.length, creditAmount: user.creditAmount };
    const stored = (lowercase: string) => find(lowercase) ?? { lowercase, level: 1 as const, language };
    return ok({ ...stored(body.lowercase), parent: stored(parent), balances });
  }),

  route(endpoints.wordLemma, ({ request, params }) => {
    const parsed = parseParams(params, endpoints.wordLemma.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), endpoints.wordLemma.query);
    if (query instanceof Response) return query;
    return ok({ lemma: lemmaOf(parsed.targetLang, query.lowercase) });
  }),

  route(endpoints.wordFamily, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.wordFamily.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), endpoints.wordFamily.query);
    if (query instanceof Response) return query;
    const language = parsed.targetLang;
    const { parents } = mockDb();
    const parentOf = (lowercase: string) => parents[wordTimeKey(user, { language, lowercase })];
    const saved = wordsOf(user).filter((word) => word.language === language);
    if (!saved.some((word) => word.lowercase === query.lowercase))
      return fail(404, 'not_found', 'This word is not saved');
    // As on the server: up to the root, then every word below it, each walk at most `maxFamilyDepth` long.
    let root = query.lowercase;
    for (let depth = 0, above = parentOf(root); above !== undefined && depth < maxFamilyDepth; depth += 1) {
      root = above;
      above = parentOf(root);
    }
    const family = new Map<string, string | null>([[root, null]]);
    for (let depth = 0, level = [root]; level.length > 0 && depth < maxFamilyDepth; depth += 1) {
      const below = saved.filter(
        (word) => !family.has(word.lowercase) && level.includes(parentOf(word.lowercase) ?? ''),
      );
      for (const word of below) family.set(word.lowercase, parentOf(word.lowercase) ?? null);
      level = below.map((word) => word.lowercase);
    }
    return ok(
      saved
        .filter((word) => family.has(word.lowercase))
        .map((word) => ({ ...word, parent: family.get(word.lowercase) ?? null }))
        .sort((a, b) => (a.lowercase < b.lowercase ? -1 : a.lowercase > b.lowercase ? 1 : 0)),
    );
  }),
];
