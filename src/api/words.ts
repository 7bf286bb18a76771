import {
  type InfiniteData,
  type QueryClient,
  type QueryKey,
  MutationObserver as QueryMutationObserver,
  queryOptions,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { VocabularyPage, VocabularyWord } from '@/contract/endpoints/vocabulary';
import { type WordContext, wordEndpoints } from '@/contract/endpoints/words';
import type { LearnerBalances, ScopedWord, Section, UserWord } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { isPhrase } from '@/contract/phrases';
import { afterPaintOrLeaving } from '@/lib/after-paint';
import { countWordsAhead, storeBalances } from './account';
import { forgetCoverage, type LevelMove, moveLevelCounts, refreshProgress } from './cache-resets';
import { ApiRequestError, fetchDetails } from './client';
import { contentQueries } from './content';
import { createSaveQueue } from './word-save-queue';

/**
 * Where a text's words come from: a page of the library, one of the learner's video transcripts, a text's
 * "Learn these words" list, or the vocabulary screen's list. Its levels are fetched for that text alone (the
 * learner's saved words among its words), never the learner's whole list; the vocabulary list's are the words its
 * cached pages hold (they come with the pages: `withListedWords`).
 */
export type WordScope =
  | { language: LearningLanguage; contentId: number; pageId: number }
  | { language: LearningLanguage; videoId: string }
  | { language: LearningLanguage; newWordsOf: number }
  | { language: LearningLanguage; vocabulary: true };

/** The vocabulary screen's cached list (vocabulary.ts): pages of a learner's saved words. */
export type VocabularyPages = InfiniteData<VocabularyPage, string | null>;

/**
 * A vocabulary row as a saved word of the text engine, with the learner's own meaning and note when it has them (the
 * keys are always there, so a meaning cleared elsewhere is cleared here too: see `withWordLevels`).
 */
export function listedWord(word: VocabularyWord, language: LearningLanguage): ScopedWord {
  return {
    lowercase: word.lowercase,
    level: word.level,
    language,
    meaning: word.meaningIsOwn && word.meaning !== null ? word.meaning : undefined,
    note: word.note ?? undefined,
  };
}

/** The words a language's cached vocabulary pages list, as saved words (the pages ask no more). */
function listedWords(queryClient: QueryClient, language: LearningLanguage): ScopedWord[] {
  const listed = new Map<string, ScopedWord>();
  for (const [, data] of queryClient.getQueriesData<VocabularyPages>({ queryKey: wordQueries.vocabulary(language) })) {
    for (const page of data?.pages ?? []) {
      for (const word of page.words) listed.set(word.lowercase, listedWord(word, language));
    }
  }
  return [...listed.values()];
}

function scopeQuery(scope: WordScope) {
  if ('vocabulary' in scope) {
    return {
      queryKey: [...wordQueries.language(scope.language), 'vocabulary'],
      queryFn: ({ client }: { client: QueryClient }) => listedWords(client, scope.language),
      // Each page's words are written over the list by `withWordLevels`, which keeps the words unchanged and carries
      // the lookup forward; sharing structure would compare every word and hand the engine a copy to index anew.
      structuralSharing: false,
    };
  }
  if ('videoId' in scope) {
    return {
      queryKey: [...wordQueries.language(scope.language), 'video', scope.videoId],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchDetails(wordEndpoints.videoWords, {
          params: { targetLang: scope.language, videoId: scope.videoId },
          signal,
        }),
    };
  }
  if ('newWordsOf' in scope) {
    const { language, newWordsOf } = scope;
    return {
      queryKey: [...wordQueries.language(language), 'newWords', newWordsOf],
      // Only the "Learn these words" screen shows this scope, and its chunk has loaded coverage.ts already: the
      // import keeps the coverage calls out of the first load.
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await import('./coverage')).fetchNewWordLevels(language, newWordsOf, signal),
    };
  }
  return {
    queryKey: [...wordQueries.language(scope.language), 'page', scope.contentId, scope.pageId],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchDetails(wordEndpoints.pageWords, {
        params: { targetLang: scope.language, contentId: scope.contentId, pageId: scope.pageId },
        signal,
      }),
  };
}

export const wordQueries = {
  all: () => ['words'] as const,
  /** Every cached text's levels in one language: what a level change updates. */
  language: (language: LearningLanguage) => [...wordQueries.all(), 'scope', language] as const,
  /** The vocabulary screen's lists of one language, whatever their filters (vocabulary.ts). */
  vocabulary: (language: LearningLanguage) => [...wordQueries.all(), 'vocabulary', language] as const,
  scope: (scope: WordScope) =>
    queryOptions({
      ...scopeQuery(scope),
      // Shown at once when cached, and fetched again each time a text opens: levels set on another device show
      // on the next page.
      staleTime: 0,
    }),
};

const keyOf = (word: Pick<UserWord, 'lowercase' | 'language'>) => `${word.language}\u0000${word.lowercase}`;

/**
 * Where each word stands in a cached list, built once per list and carried forward by `withWordLevel` to the list
 * it makes: a learner with 100,000 saved words pays one array copy per level key, not a search of the list and a
 * rebuilt lookup. The map only ever gains positions past a list's end, so an older list reads it safely too.
 */
type Positions = { list: readonly ScopedWord[]; at: Map<string, number> };
const positionsByList = new WeakMap<readonly ScopedWord[], Positions>();

function positionsOf(list: readonly ScopedWord[]): Positions {
  const known = positionsByList.get(list);
  if (known?.list === list) return known;
  const at = new Map<string, number>();
  for (const [index, word] of list.entries()) at.set(keyOf(word), index);
  const positions = { list, at };
  positionsByList.set(list, positions);
  return positions;
}

function wordAt(list: readonly ScopedWord[], at: Map<string, number>, key: Pick<UserWord, 'lowercase' | 'language'>) {
  const index = at.get(keyOf(key));
  const word = index === undefined ? undefined : list[index];
  return word && word.lowercase === key.lowercase && word.language === key.language ? word : undefined;
}

/**
 * What made a list from an earlier one (`withWordLevels`): the words written over it. The earlier list is held
 * weakly, so a long run of level keys does not keep every list before it alive.
 */
type Step = { from: WeakRef<readonly ScopedWord[]>; changed: readonly ScopedWord[] };
const stepsByList = new WeakMap<readonly ScopedWord[], Step>();
/** The list a `levelsOf` answer reads, and in which language. */
const listOfLevels = new WeakMap<object, { list: readonly ScopedWord[]; language: LearningLanguage }>();

/** The words of one language written over `earlier` to make `list`, if it was made from it in a few steps. */
function changedSince(list: readonly ScopedWord[], earlier: readonly ScopedWord[], language: LearningLanguage) {
  const words: string[] = [];
  let at = list;
  for (let steps = 0; at !== earlier; steps++) {
    const step = stepsByList.get(at);
    const from = step?.from.deref();
    if (!step || !from || steps === 16) return undefined;
    for (const word of step.changed) if (word.language === language) words.push(word.lowercase);
    at = from;
  }
  return words;
}

/** The saved word with this spelling and language, if any. */
export function findWord(words: readonly ScopedWord[] | undefined, key: Pick<UserWord, 'lowercase' | 'language'>) {
  const list = words ?? [];
  return wordAt(list, positionsOf(list).at, key);
}

/**
 * A word's level written over the saved word: levels, meanings and parents are saved apart, so a level (a word
 * without the `meaning` and `note` keys) keeps the learner's own meaning, note and parent; a word with keys replaces those.
 */
function levelOver(before: ScopedWord | undefined, word: ScopedWord): ScopedWord {
  return before ? { ...before, ...word } : word;
}

/**
 * The word list with these words' levels set: each added when new, changed in place when saved before (keeping its
 * own meaning and note, unless the word given has them: `levelOver`).
 */
export function withWordLevels(words: readonly ScopedWord[] | undefined, changed: readonly ScopedWord[]): ScopedWord[] {
  const list = words ?? [];
  const positions = positionsOf(list);
  const next = list.slice();
  for (const word of changed) {
    const key = keyOf(word);
    const index = positions.at.get(key);
    if (index === undefined) {
      positions.at.set(key, next.length);
      next.push(word);
    } else {
      next[index] = levelOver(next[index], word);
    }
  }
  positions.list = next;
  positionsByList.set(next, positions);
  stepsByList.set(next, { from: new WeakRef(list), changed });
  return next;
}

/** The word list with one word's level set: added when new, changed in place when saved before. */
export const withWordLevel = (words: readonly ScopedWord[] | undefined, word: ScopedWord): ScopedWord[] =>
  withWordLevels(words, [word]);

/** The word list without these words (rolling back words that were never saved). */
export function withoutWords(
  words: readonly ScopedWord[] | undefined,
  removed: readonly Pick<UserWord, 'lowercase' | 'language'>[],
): ScopedWord[] {
  const keys = new Set(removed.map(keyOf));
  return (words ?? []).filter((saved) => !keys.has(keyOf(saved)));
}

/** The word list without one word (rolling back a word that was never saved). */
export const withoutWord = (words: readonly ScopedWord[] | undefined, word: Pick<UserWord, 'lowercase' | 'language'>) =>
  withoutWords(words, [word]);

/** A learner's own meaning and note for a word (null: none written; the dictionary's meaning shows). */
export type OwnMeaning = { meaning: string | null; note: string | null };

/** The own meaning and note a saved word carries. */
export const ownMeaningOf = (word: ScopedWord | undefined): OwnMeaning => ({
  meaning: word?.meaning ?? null,
  note: word?.note ?? null,
});

/**
 * The word list with a word's own meaning and note set: a saved word keeps its level, an unsaved one is added at
 * `word.level` (the level the server saves it at).
 */
export function withOwnMeaning(
  words: readonly ScopedWord[] | undefined,
  word: UserWord,
  own: OwnMeaning,
): ScopedWord[] {
  const level = findWord(words, word)?.level ?? word.level;
  const meaning = own.meaning ?? undefined;
  const note = own.note ?? undefined;
  return withWordLevel(words, { lowercase: word.lowercase, level, language: word.language, meaning, note });
}

/** The levels of one language's saved words, by lowercase form. */
export type WordLevels = { get: (lowercase: string) => number | undefined };

/** A text's saved words by lowercase form: their levels, and their own meanings and notes. */
export type SavedWords = WordLevels & {
  own: (lowercase: string) => OwnMeaning;
  /** The saved word itself (its parent, the parent's meaning). */
  word: (lowercase: string) => ScopedWord | undefined;
  /** The saved phrases among the words, with their levels. */
  phrases: () => ReadonlyMap<string, number>;
  /** The words whose level may differ from `earlier`'s, when these levels were made from them (else undefined). */
  changedSince: (earlier: WordLevels) => readonly string[] | undefined;
};

/**
 * Levels (and own meanings) by lowercase form for one language, looked up in the list as it is now (no copy of it
 * is made).
 */
export function levelsOf(words: readonly ScopedWord[] | undefined, language: LearningLanguage): SavedWords {
  const list = words ?? [];
  const { at } = positionsOf(list);
  const levels: SavedWords = {
    get: (lowercase) => wordAt(list, at, { lowercase, language })?.level,
    own: (lowercase) => ownMeaningOf(wordAt(list, at, { lowercase, language })),
    word: (lowercase) => wordAt(list, at, { lowercase, language }),
    phrases: () =>
      new Map(
        list.flatMap((word) =>
          word.language === language && isPhrase(word.lowercase) ? [[word.lowercase, word.level] as const] : [],
        ),
      ),
    changedSince: (earlier) => {
      const from = listOfLevels.get(earlier);
      return from?.language === language ? changedSince(list, from.list, language) : undefined;
    },
  };
  listOfLevels.set(levels, { list, language });
  return levels;
}

type SavedWord = UserWord & { balances: LearnerBalances };

/** A level to save, with the sentence the word was met in when it comes from a text (saveUserWord's body). */
type WordSave = UserWord & { context?: WordContext };

/** Where a word saved from a text was met, worked out once its request is sent (after the key's frame). */
export type ContextOfSave = () => Promise<WordContext | undefined>;

type WordLevelSaverOptions = {
  /** The request (POST /userword): the saved word and the learner's balances after it. */
  send: (word: WordSave) => Promise<SavedWord>;
  /** The key of the text being read, whose levels hold every saved word it contains. */
  scopeKey: () => QueryKey;
  onRefused: (error: unknown, word: UserWord) => void;
  schedule?: (work: () => void) => void;
};

/**
 * The vocabulary list's pages with the levels their words have now: a word whose level changed shows it and was last
 * changed `now`; a word the lookup lacks is left as it is. The pages are returned as they were when nothing changed.
 */
export function withListedLevels(data: VocabularyPages, levels: WordLevels, now: string): VocabularyPages {
  let changed = false;
  const pages = data.pages.map((page) => {
    let moved = false;
    const words = page.words.map((word) => {
      const level = levels.get(word.lowercase);
      if (level === undefined || level === word.level) return word;
      moved = true;
      return { ...word, level, updatedAt: now };
    });
    if (!moved) return page;
    changed = true;
    return { ...page, words };
  });
  return changed ? { ...data, pages } : data;
}

/** The listed words whose level the lookup changes, each once however many cached lists show it. */
export function listedLevelMoves(lists: readonly VocabularyPages[], levels: WordLevels): LevelMove[] {
  const seen = new Set<string>();
  const moves: LevelMove[] = [];
  for (const data of lists) {
    for (const page of data.pages) {
      for (const word of page.words) {
        if (seen.has(word.lowercase)) continue;
        seen.add(word.lowercase);
        const level = levels.get(word.lowercase);
        if (level !== undefined && level !== word.level) moves.push([word.level, level]);
      }
    }
  }
  return moves;
}

/**
 * Sets words' levels in every cached text of their language, this one and any other holding them, and in the
 * vocabulary screen's cached pages, which follow the levels of the words they list.
 */
export function setEverywhere(
  queryClient: QueryClient,
  language: LearningLanguage,
  update: (words: readonly ScopedWord[]) => ScopedWord[],
): void {
  queryClient.setQueriesData<ScopedWord[]>({ queryKey: wordQueries.language(language) }, (words) =>
    words ? update(words) : words,
  );
  syncListedLevels(queryClient, language);
}

/**
 * The vocabulary screen's cached pages of a language show the levels of its levels scope, and its counts per level
 * move with them.
 */
export function syncListedLevels(queryClient: QueryClient, language: LearningLanguage): void {
  const listed = queryClient.getQueryData<UserWord[]>(wordQueries.scope({ language, vocabulary: true }).queryKey);
  if (!listed) return;
  const levels = levelsOf(listed, language);
  const now = new Date().toISOString();
  const lists = queryClient.getQueriesData<VocabularyPages>({ queryKey: wordQueries.vocabulary(language) });
  // The filter bar's counts per level (the progress call's) follow at once.
  moveLevelCounts(
    queryClient,
    language,
    listedLevelMoves(
      lists.flatMap(([, data]) => (data ? [data] : [])),
      levels,
    ),
  );
  queryClient.setQueriesData<VocabularyPages>({ queryKey: wordQueries.vocabulary(language) }, (data) =>
    data ? withListedLevels(data, levels, now) : data,
  );
}

/**
 * A refetch in flight would overwrite optimistic levels with an older answer (a first fetch is left to finish: the
 * levels are set again once the server confirms them).
 */
export function cancelRefetches(queryClient: QueryClient, language: LearningLanguage): void {
  void queryClient.cancelQueries({
    queryKey: wordQueries.language(language),
    predicate: (query) => query.state.data !== undefined,
  });
}

/**
 * Saving a level is optimistic and queued per word (word-save-queue.ts): the cached lists (and so every occurrence
 * on the page) change at once; at most one request per word is in flight, and when it returns the last level
 * pressed meanwhile is sent, so the stored level is always the last key pressed. A refusal puts the word back to the
 * level the server last confirmed, in every cached text of the language, and reports the error.
 */
export function createWordLevelSaver(
  queryClient: QueryClient,
  { send, scopeKey, onRefused, schedule = afterPaintOrLeaving }: WordLevelSaverOptions,
): (word: UserWord, context?: ContextOfSave) => void {
  const queue = createSaveQueue<UserWord & { context?: ContextOfSave }, UserWord>({
    send: async ({ context, ...word }) => {
      // A sentence that cannot be worked out (its code failed to load) leaves the level to be saved without it.
      const met = context && (await context().catch(() => undefined));
      const { balances, ...saved } = await send(met ? { ...word, context: met } : word);
      // The header shows the word count, coins and streak the save left (kept for the next visit too).
      storeBalances(queryClient, balances);
      // The cards' known-word figures of this language are out of date: the next listing asks again.
      void forgetCoverage(queryClient, word.language);
      void refreshProgress(queryClient, word.language);
      return saved;
    },
    // This text's levels hold every saved word it contains, so a word not among them is new.
    known: (word) => findWord(queryClient.getQueryData<UserWord[]>(scopeKey()), word) ?? null,
    refused: (error, word, confirmed) => {
      setEverywhere(queryClient, word.language, (words) =>
        confirmed ? withWordLevel(words, confirmed) : withoutWord(words, word),
      );
      onRefused(error, word);
    },
    // Texts whose levels arrived while the word was saving show the level the server now holds.
    confirmed: (_key, word) => setEverywhere(queryClient, word.language, (words) => withWordLevel(words, word)),
    schedule,
  });

  return (word, context) => {
    // Read what the server holds before this level is written into the cache.
    queue.push(keyOf(word), context ? { ...word, context } : word);
    cancelRefetches(queryClient, word.language);
    setEverywhere(queryClient, word.language, (words) => withWordLevel(words, word));
  };
}

/** `createWordLevelSaver` for a text on screen, through a mutation observer the reader does not render from. */
export function useWordLevelSaver(scope: WordScope, onRefused: (error: unknown, word: UserWord) => void) {
  const queryClient = useQueryClient();
  const scopeKey = wordQueries.scope(scope).queryKey;
  const latestScopeKey = useRef<QueryKey>(scopeKey);
  latestScopeKey.current = scopeKey;
  const latestOnRefused = useRef(onRefused);
  latestOnRefused.current = onRefused;
  const [save] = useState(() => {
    // With useMutation every save would re-render the whole reader twice (pending, then settled) for a state
    // nothing on screen shows.
    const saver = new QueryMutationObserver(queryClient, {
      mutationKey: ['words', 'save'],
      meta: { silent: true },
      mutationFn: (word: WordSave) => fetchDetails(wordEndpoints.saveUserWord, { body: word, keepalive: true }),
    });
    return createWordLevelSaver(queryClient, {
      send: (word) => saver.mutate(word),
      scopeKey: () => latestScopeKey.current,
      onRefused: (error, word) => latestOnRefused.current(error, word),
    });
  });
  return save;
}

/** A learner's own meaning and note for a word, as the edit dialog saves them. */
export type MeaningEdit = OwnMeaning & {
  language: LearningLanguage;
  lowercase: string;
  /** The dictionary's meaning the box showed: the vocabulary list shows it again when the own one is cleared. */
  dictionary: string | undefined;
};

/** The fields of a vocabulary row a meaning changes. */
type ListedMeaning = Pick<VocabularyWord, 'meaning' | 'meaningIsOwn' | 'note' | 'updatedAt'>;

/** The vocabulary list's pages with one word's row changed; the pages are returned as they were without that row. */
export function withListedMeaning(data: VocabularyPages, lowercase: string, change: ListedMeaning): VocabularyPages {
  let found = false;
  const pages = data.pages.map((page) => {
    if (!page.words.some((word) => word.lowercase === lowercase)) return page;
    found = true;
    return { ...page, words: page.words.map((word) => (word.lowercase === lowercase ? { ...word, ...change } : word)) };
  });
  return found ? { ...data, pages } : data;
}

/**
 * What a row shows once the learner's meaning is written: theirs, or (cleared) the dictionary's, which the row had
 * unless it showed an earlier own meaning (then the one the translation box had, if any).
 */
export function listedMeaningAfter(row: VocabularyWord, edit: MeaningEdit, now: string): ListedMeaning {
  const dictionary = row.meaningIsOwn ? (edit.dictionary ?? null) : row.meaning;
  return {
    meaning: edit.meaning ?? dictionary,
    meaningIsOwn: edit.meaning !== null,
    note: edit.note,
    updatedAt: now,
  };
}

/** A language's vocabulary row of a word, if a cached page lists it. */
function listedRow(queryClient: QueryClient, language: LearningLanguage, lowercase: string) {
  for (const [, data] of queryClient.getQueriesData<VocabularyPages>({ queryKey: wordQueries.vocabulary(language) })) {
    for (const page of data?.pages ?? []) {
      const row = page.words.find((word) => word.lowercase === lowercase);
      if (row) return row;
    }
  }
  return undefined;
}

/** The word as the language's cached texts hold it: saved (with its own meaning), or undefined when none holds it. */
function cachedWord(queryClient: QueryClient, word: Pick<UserWord, 'lowercase' | 'language'>) {
  for (const [, words] of queryClient.getQueriesData<ScopedWord[]>({ queryKey: wordQueries.language(word.language) })) {
    const found = findWord(words, word);
    if (found) return found;
  }
  return undefined;
}

/** What a meaning's edit changed at once, to put back when it is refused. */
type MeaningContext = { before: ScopedWord | undefined; row: VocabularyWord | undefined };

/**
 * The word list with a refused edit put back: the earlier own meaning and note of a saved word, or the word unsaved
 * again when the edit added it (unless its level was changed meanwhile: that level's own save decides).
 */
export function withMeaningUndone(
  words: readonly ScopedWord[] | undefined,
  edit: Pick<MeaningEdit, 'lowercase' | 'language'>,
  before: ScopedWord | undefined,
): ScopedWord[] {
  if (before) return withOwnMeaning(words, before, ownMeaningOf(before));
  const now = findWord(words, edit);
  if (now && now.level !== 1) return withOwnMeaning(words, now, { meaning: null, note: null });
  return withoutWord(words, edit);
}

const saveMeaningKey = [...wordQueries.all(), 'meaning'] as const;

/** The dialog's edit shown at once: in every cached text of the language (a new word at level 1) and the list. */
function meaningAtOnce(queryClient: QueryClient, edit: MeaningEdit): MeaningContext {
  const { language, lowercase } = edit;
  const before = cachedWord(queryClient, edit);
  const row = listedRow(queryClient, language, lowercase);
  cancelRefetches(queryClient, language);
  setEverywhere(queryClient, language, (words) => withOwnMeaning(words, { lowercase, language, level: 1 }, edit));
  if (row) {
    const change = listedMeaningAfter(row, edit, new Date().toISOString());
    queryClient.setQueriesData<VocabularyPages>({ queryKey: wordQueries.vocabulary(language) }, (data) =>
      data ? withListedMeaning(data, lowercase, change) : data,
    );
  }
  return { before, row };
}

/**
 * The learner's own meaning and note for a word (the translation box's Edit): optimistic in every cached text of
 * the language (an unsaved word shows at level 1, as the server saves it) and in the vocabulary list's rows; a
 * refusal puts them back and is told to `onRefused` (the limit dialog, or a toast). The answer's balances are kept;
 * a word saved by it makes the language's known-word figures and progress due again.
 */
export function useSaveMeaning(onRefused: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: saveMeaningKey,
    meta: { silent: true },
    mutationFn: ({ language, lowercase, meaning, note }: MeaningEdit) =>
      fetchDetails(wordEndpoints.saveWordMeaning, {
        params: { targetLang: language },
        body: { lowercase, meaning, note },
      }),
    onMutate: (edit) => meaningAtOnce(queryClient, edit),
    onError: (error, edit, context) => {
      if (context) {
        setEverywhere(queryClient, edit.language, (words) => withMeaningUndone(words, edit, context.before));
        const { row } = context;
        if (row) {
          queryClient.setQueriesData<VocabularyPages>({ queryKey: wordQueries.vocabulary(edit.language) }, (data) =>
            data ? withListedMeaning(data, edit.lowercase, row) : data,
          );
        }
      }
      onRefused(error);
    },
    onSuccess: ({ balances, ...saved }, edit, context) => {
      setEverywhere(queryClient, edit.language, (words) => withOwnMeaning(words, saved, saved));
      wordEditSaved(queryClient, edit.language, balances, !context.before);
    },
    onSettled: (_answer, _error, edit) => wordEditSettled(queryClient, edit.language),
  });
}

/** A word's edit (its meaning, its parent) answered: the balances kept, the figures due again when it saved words. */
export function wordEditSaved(
  queryClient: QueryClient,
  language: LearningLanguage,
  balances: LearnerBalances,
  savedWords: boolean,
): void {
  storeBalances(queryClient, balances);
  if (savedWords) {
    void forgetCoverage(queryClient, language);
    void refreshProgress(queryClient, language);
  }
}

/** The last of a language's word edits settled: its texts' levels asked again now, its list on the next visit. */
export function wordEditSettled(queryClient: QueryClient, language: LearningLanguage): void {
  if (queryClient.isMutating({ mutationKey: wordQueries.all() }) === 1) {
    // The list is asked again on the next visit (its rows already show the change); the texts' levels now.
    void queryClient.invalidateQueries({ queryKey: wordQueries.vocabulary(language), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: wordQueries.language(language) });
  }
}

/** A word "Mark the rest as known" makes level 4, and what it was before: saved at level 0, or not saved. */
export type RestWord = { word: UserWord; before: UserWord | undefined };

/** The words of a page that are unsaved or at level 0, each once, by the page's levels (its saved words). */
export function restOfPage(
  sections: readonly Section[],
  saved: readonly UserWord[] | undefined,
  language: LearningLanguage,
): RestWord[] {
  const seen = new Set<string>();
  const rest: RestWord[] = [];
  for (const { tokens } of sections) {
    for (const { isWord, lowercase } of tokens) {
      if (!isWord || seen.has(lowercase)) continue;
      seen.add(lowercase);
      const before = findWord(saved, { lowercase, language });
      if (!before || before.level === 0) rest.push({ word: { lowercase, level: 4, language }, before });
    }
  }
  return rest;
}

/**
 * The word list with the rest of a page put back as it was (level 0, or unsaved), except the words whose level was
 * changed again meanwhile (they no longer show the 4 the page gave them).
 */
export function withRestUnmarked(words: readonly UserWord[] | undefined, rest: readonly RestWord[]): UserWord[] {
  const list = words ?? [];
  const unchanged = rest.filter(({ word }) => findWord(list, word)?.level === 4);
  const levelZero = unchanged.flatMap(({ before }) => (before ? [before] : []));
  const unsaved = unchanged.filter(({ before }) => !before).map(({ word }) => word);
  return withoutWords(withWordLevels(list, levelZero), unsaved);
}

/** A page of a library text. */
export type PageOfText = { language: LearningLanguage; contentId: number; pageId: number };

type MarkedAtOnce = {
  rest: RestWord[];
  /** How many of them were unsaved: the room the word limit needs (unknown without the page's levels). */
  newWords: number | undefined;
  /** The header stops counting the new words ahead of the server. */
  settle: (saved: boolean) => void;
};

const isMarkedAtOnce = (context: unknown): context is MarkedAtOnce =>
  typeof context === 'object' && context !== null && 'rest' in context && 'newWords' in context;

/** How many more words the limit has room for, when the error is the word limit's refusal; undefined otherwise. */
export function wordLimitRoom(error: unknown): number | undefined {
  const detail = error instanceof ApiRequestError ? error.details[0] : undefined;
  return detail?.code === 'word_limit' ? (detail.room ?? 0) : undefined;
}

const markPageKnownKey = [...wordQueries.all(), 'markKnown'] as const;

/** Every cached text of the language shows the page's rest at level 4, and the header counts its new words. */
function markAtOnce(queryClient: QueryClient, page: PageOfText): MarkedAtOnce {
  const reader = queryClient.getQueryData(contentQueries.reader(page.language, page.contentId, page.pageId).queryKey);
  const saved = queryClient.getQueryData(wordQueries.scope(page).queryKey);
  // Without the page's levels the rest is unknown: the answer's words are set when it comes.
  if (!reader || !saved) return { rest: [], newWords: undefined, settle: () => {} };
  const rest = restOfPage(reader.sections, saved, page.language);
  const newWords = rest.filter(({ before }) => !before).length;
  cancelRefetches(queryClient, page.language);
  const known = rest.map(({ word }) => word);
  setEverywhere(queryClient, page.language, (words) => withWordLevels(words, known));
  return { rest, newWords, settle: countWordsAhead(queryClient, newWords) };
}

/**
 * "Mark the rest as known" for a page (its unsaved and level-0 words become level 4, all or none): every cached
 * text of the language and the header's word count change at once, the answer's words and balances are kept, and a
 * refusal puts both back and is told to `onRefused` (a word-limit refusal also stays for `useMarkPageRefusal`).
 */
export function useMarkPageKnown(onRefused: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: markPageKnownKey,
    meta: { silent: true },
    mutationFn: ({ language, contentId, pageId }: PageOfText) =>
      fetchDetails(wordEndpoints.markPageKnown, { params: { targetLang: language, contentId, pageId } }),
    onMutate: (page) => markAtOnce(queryClient, page),
    onError: (error, page, marked) => {
      if (marked) {
        setEverywhere(queryClient, page.language, (words) => withRestUnmarked(words, marked.rest));
        marked.settle(false);
      }
      onRefused(error);
    },
    onSuccess: ({ words, balances }, page, marked) => {
      setEverywhere(queryClient, page.language, (list) => withWordLevels(list, words));
      marked.settle(true);
      storeBalances(queryClient, balances);
      void forgetCoverage(queryClient, page.language);
      void refreshProgress(queryClient, page.language);
    },
    onSettled: (_answer, _error, page) => {
      if (queryClient.isMutating({ mutationKey: wordQueries.all() }) === 1) {
        void queryClient.invalidateQueries({ queryKey: wordQueries.language(page.language) });
      }
    },
  });
}

/**
 * The last "Mark the rest as known" the word limit refused, until `dismiss`: it lives in the mutation cache, so a
 * refusal for the page just left shows on the page turned to.
 */
export function useMarkPageRefusal(): { room: number; newWords: number | undefined; dismiss: () => void } | null {
  const queryClient = useQueryClient();
  const refused = useMutationState({
    filters: {
      mutationKey: markPageKnownKey,
      status: 'error',
      predicate: (mutation) => wordLimitRoom(mutation.state.error) !== undefined,
    },
    select: (mutation) => mutation,
  });
  const last = refused.at(-1);
  if (!last) return null;
  const { error, context } = last.state;
  return {
    room: wordLimitRoom(error) ?? 0,
    newWords: isMarkedAtOnce(context) ? context.newWords : undefined,
    dismiss: () => {
      for (const mutation of refused) queryClient.getMutationCache().remove(mutation);
    },
  };
}
