import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinRewards } from '#contract/constants.ts';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { type ExportedWord, wordBackupSchema } from '#contract/word-export.ts';
import { maxWordImportBytes } from '#contract/word-import.ts';
import { commitWordImport, stageWordImport } from '../src/db/queries/word-imports.ts';
import { runHousekeeping } from '../src/services/housekeeping.ts';
import { readAnkiPackage } from '../src/services/imports/read-anki-package.ts';
import {
  basic,
  cloze,
  collectionOf,
  type FixtureNote,
  metaOf,
  newCard,
  packageOf,
  placeholderOf,
  reviewCard,
  suspended,
  withStatedSize,
} from './anki-fixtures.ts';
import { buildTestApp, type TestApp, testAccountSettings } from './build-test-app.ts';
import {
  addReviewedCard,
  authed,
  firstContentId,
  multipartBody,
  saveWord,
  seedFixtures,
  signupLearner,
} from './helpers.ts';

let app: TestApp;
let sqlite: SqlJsStatic;
beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 100 } });
  await seedFixtures(app);
  sqlite = await initSqlJs();
});
afterAll(() => app.close());

const previewSchema = envelopeSchema(endpoints.previewWordImport.details);
const resultSchema = envelopeSchema(endpoints.commitWordImport.details);

function preview(
  token: string | null,
  content: Buffer | string,
  fields: Record<string, string> = {},
  on: TestApp = app,
) {
  const { payload, contentType } = multipartBody({ name: 'words.csv', content }, { language: 'en', ...fields });
  return on.inject({
    method: 'POST',
    url: '/api/v1/vocabulary/imports',
    headers: { ...(token ? authed(token) : {}), 'content-type': contentType },
    payload,
  });
}

async function previewed(token: string, content: Buffer | string, fields: Record<string, string> = {}) {
  const response = await preview(token, content, fields);
  expect(response.statusCode, response.body).toBe(200);
  return previewSchema.parse(response.json()).details;
}

function commit(token: string, importId: string, policy = 'keep_higher') {
  return app.inject({
    method: 'POST',
    url: `/api/v1/vocabulary/imports/${importId}/commit`,
    headers: authed(token),
    payload: { policy },
  });
}

async function committed(token: string, importId: string, policy = 'keep_higher') {
  const response = await commit(token, importId, policy);
  expect(response.statusCode, response.body).toBe(200);
  return resultSchema.parse(response.json()).details;
}

async function refusal(response: { statusCode: number; json: () => unknown }, status: number) {
  expect(response.statusCode).toBe(status);
  return errorEnvelopeSchema.parse(response.json()).details[0]?.code;
}

const save = (token: string, lowercase: string, level: number, language = 'en', context?: object) =>
  saveWord(app, token, lowercase, level, language, context);

async function exportText(token: string, format: 'json' | 'csv' | 'lute', language = 'all') {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/vocabulary/export?format=${format}&language=${language}`,
    headers: authed(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

async function backupWords(token: string): Promise<ExportedWord[]> {
  return wordBackupSchema.parse(JSON.parse(await exportText(token, 'json'))).words;
}

async function account(token: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
  return envelopeSchema(endpoints.refresh.details).parse(response.json()).details;
}

const withoutTimes = (words: ExportedWord[]) => words.map(({ updatedAt: _, ...word }) => word);

/** A learner with words at every level, a meaning, a note, a sentence with its source, and a card reviewed once. */
async function learnerWithWords() {
  const token = await signupLearner(app);
  const contentId = await firstContentId(app, 'en');
  await save(token, 'mara', 2, 'en', { sentence: 'Mara keeps the light.', source: { contentId, pageId: 0 } });
  await save(token, 'light', 0);
  await save(token, 'night', 3);
  await save(token, 'storm', 4);
  await save(token, 'hund', 1, 'de');
  await app.inject({
    method: 'PUT',
    url: '/api/v1/userword/en/meaning',
    headers: authed(token),
    payload: { lowercase: 'light', meaning: '=HYPERLINK("x")', note: 'a note, "quoted"\nover two lines' },
  });
  await addReviewedCard(app, token, 'mara', randomUUID());
  return token;
}

describe('round trips', () => {
  it('a JSON backup imported into an empty account gives the same words, cards and reviews', async () => {
    const from = await learnerWithWords();
    const backup = await exportText(from, 'json');
    const to = await signupLearner(app);
    const staged = await previewed(to, backup);
    expect(staged).toMatchObject({ format: 'json', counts: { new: 5, skipped: 0 }, problemCount: 0 });
    const result = await committed(to, staged.importId);
    expect(result).toMatchObject({ added: 5, updated: 0, cards: 1, wordCount: 5 });
    expect(withoutTimes(await backupWords(to))).toEqual(withoutTimes(await backupWords(from)));
  });

  it("Folio's CSV keeps words, levels, meanings, notes and sentences", async () => {
    const from = await learnerWithWords();
    const to = await signupLearner(app);
    const staged = await previewed(to, await exportText(from, 'csv'));
    expect(staged.format).toBe('csv');
    await committed(to, staged.importId);
    const kept = (words: ExportedWord[]) =>
      words.map(({ language, word, level, meaning, note, sentence }) => ({
        language,
        word,
        level,
        meaning,
        note,
        sentence,
      }));
    expect(kept(await backupWords(to))).toEqual(kept(await backupWords(from)));
  });

  it("Lute's CSV comes back with the same levels and meanings", async () => {
    const from = await learnerWithWords();
    const to = await signupLearner(app);
    const staged = await previewed(to, await exportText(from, 'lute', 'en'));
    expect(staged.format).toBe('lute');
    await committed(to, staged.importId);
    const kept = (words: ExportedWord[]) =>
      words.filter((w) => w.language === 'en').map(({ word, level, meaning }) => ({ word, level, meaning }));
    expect(kept(await backupWords(to))).toEqual(kept(await backupWords(from)));
  });
});

describe('a file with bad rows', () => {
  it('previews the good rows and lists each bad one with its line and reason', async () => {
    const token = await signupLearner(app);
    const file =
      '\uFEFFterm;language;status;translation\r\nHund;German;5;dog\r\nKatze;German;x;cat\r\nMaus;German;W;"a\r\nmouse"\r\nHaus;German;I;house\r\nBaum;German;2;tree\r\nbaum;German;3;tree\r\n"=cmd|\' /C calc\'!A0";German;1;x\r\n';
    const staged = await previewed(token, file);
    expect(staged.counts).toMatchObject({ new: 3, skipped: 4 });
    expect(staged.problems.map((problem) => [problem.line, problem.reason])).toEqual([
      [3, 'bad_level'],
      [6, 'ignored_term'],
      [8, 'duplicate_word'],
      [9, 'not_a_word'],
    ]);
    const result = await committed(token, staged.importId);
    expect(result.added).toBe(3);
    expect((await backupWords(token)).map((w) => [w.word, w.level, w.meaning])).toEqual([
      ['baum', 1, 'tree'],
      ['hund', 4, 'dog'],
      ['maus', 4, 'a mouse'],
    ]);
  });

  it('reads tab-delimited LF files and an LWT export', async () => {
    const token = await signupLearner(app);
    const staged = await previewed(token, 'Hund\tdog\tDer {Hund} schläft.\t\t3\tGerman\t1\t\n', { format: 'lwt' });
    expect(staged).toMatchObject({ format: 'lwt', counts: { new: 1 } });
  });

  it.each([
    ['an empty file', '', 'empty_word_file'],
    ['a header alone', 'language,word,level\r\n', 'empty_word_file'],
    ['Latin-1 bytes', Buffer.from('language,word,level\nfr,caf\xe9,1\n', 'latin1'), 'not_utf8'],
    ['an unknown header', 'a,b,c\n1,2,3\n', 'unknown_word_format'],
    ['another JSON', '{"hello":1}', 'unknown_word_format'],
  ])('refuses %s with a 400 and its reason', async (_, content, code) => {
    const token = await signupLearner(app);
    expect(await refusal(await preview(token, content), 400)).toBe(code);
  });

  it('refuses a file over 10 MB with a 413', async () => {
    const token = await signupLearner(app);
    const content = Buffer.alloc(maxWordImportBytes + 1, 'a');
    expect(await refusal(await preview(token, content), 413)).toBe('payload_too_large');
  });

  it('refuses a request without the language or with an unknown format', async () => {
    const token = await signupLearner(app);
    expect(await refusal(await preview(token, 'x', { language: 'xx' }), 400)).toBe('invalid_input');
    expect(await refusal(await preview(token, 'x', { format: 'xlsx' }), 400)).toBe('invalid_input');
  });
});

describe('committing', () => {
  it('applies an import once: a second commit is a 409', async () => {
    const token = await signupLearner(app);
    const staged = await previewed(token, 'language,word,level\nen,apple,1\n');
    const [first, second] = await Promise.all([commit(token, staged.importId), commit(token, staged.importId)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await account(token)).wordCount).toBe(1);
  });

  it("answers 404 for another learner's import, an expired one and one that never was", async () => {
    const owner = await signupLearner(app);
    const other = await signupLearner(app);
    const staged = await previewed(owner, 'language,word,level\nen,apple,1\n');
    expect(await refusal(await commit(other, staged.importId), 404)).toBe('not_found');
    expect(await refusal(await commit(owner, randomUUID()), 404)).toBe('not_found');
    await app.database.db.execute(
      sql`update word_imports set expires_at = '2000-01-01T00:00:00Z' where id = ${staged.importId}`,
    );
    expect(await refusal(await commit(owner, staged.importId), 404)).toBe('not_found');
  });

  it('stages an import for an hour; housekeeping deletes it after', async () => {
    const token = await signupLearner(app);
    const staged = await previewed(token, 'language,word,level\nen,apple,1\n');
    const lifetime = Date.parse(staged.expiresAt) - app.deps.clock().getTime();
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60 * 1000);
    const deleted = await runHousekeeping(app.database.db, testAccountSettings, new Date(Date.parse(staged.expiresAt)));
    expect(deleted.wordImports).toBeGreaterThanOrEqual(1);
    expect(await refusal(await commit(token, staged.importId), 404)).toBe('not_found');
  });

  it('refuses visitors', async () => {
    expect((await preview(null, 'language,word,level\nen,apple,1\n')).statusCode).toBe(401);
    expect((await commit('nope', randomUUID())).statusCode).toBe(401);
  });

  it('applies nothing when the new words do not fit under the word limit', async () => {
    const token = await signupLearner(app);
    await save(token, 'apple', 1);
    const words = Array.from(
      { length: 100 },
      (_, i) => `en,w${'abcdefghij'[Math.floor(i / 10)]}${'abcdefghij'[i % 10]},2`,
    );
    const staged = await previewed(token, `language,word,level\nen,apple,3\n${words.join('\n')}\n`);
    expect(staged.limit).toEqual({ fits: false, room: 99 });
    const response = await commit(token, staged.importId);
    expect(await refusal(response, 403)).toBe('word_limit');
    expect((await account(token)).wordCount).toBe(1);
    expect((await backupWords(token)).map((w) => [w.word, w.level])).toEqual([['apple', 1]]);
  });

  it('keeps the higher level by default, overwrites, or adds new words only', async () => {
    const file = 'language,word,level,meaning\nen,apple,1,a fruit\nen,pear,3,\nen,plum,2,\n';
    const outcomes: Record<string, unknown> = {};
    for (const policy of ['keep_higher', 'overwrite', 'add_new']) {
      const token = await signupLearner(app);
      await save(token, 'apple', 3);
      await save(token, 'pear', 1);
      const staged = await previewed(token, file);
      expect(staged.counts).toMatchObject({
        new: 1,
        updated: { keep_higher: 2, overwrite: 2, add_new: 0 },
        unchanged: { keep_higher: 0, overwrite: 0, add_new: 2 },
      });
      await committed(token, staged.importId, policy);
      outcomes[policy] = (await backupWords(token)).map((w) => [w.word, w.level, w.meaning]);
    }
    expect(outcomes).toEqual({
      keep_higher: [
        ['apple', 3, 'a fruit'],
        ['pear', 3, null],
        ['plum', 2, null],
      ],
      overwrite: [
        ['apple', 1, 'a fruit'],
        ['pear', 3, null],
        ['plum', 2, null],
      ],
      add_new: [
        ['apple', 3, null],
        ['pear', 1, null],
        ['plum', 2, null],
      ],
    });
  });

  it('earns no coins and counts toward no daily goal, then or when the word rises later', async () => {
    const token = await signupLearner(app);
    const before = (await account(token)).creditAmount;
    const staged = await previewed(token, 'language,word,level\nen,apple,3\n');
    await committed(token, staged.importId);
    expect((await account(token)).creditAmount).toBe(before);
    const progress = await app.database.db.execute(
      sql`select * from daily_progress where user_id = (select max(id) from users)`,
    );
    expect(progress.rows).toEqual([]);
    await save(token, 'apple', 4);
    // Only level 4 is new (and the day a learning day): the levels the file brought pay nothing later either.
    expect((await account(token)).creditAmount - before).toBe(coinRewards.perNewLevel + coinRewards.perStreakDay);
  });
});

describe('a commit in steps', () => {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  /** Distinct words, three chunks of the commit for 600. */
  const wordsOf = (count: number) =>
    Array.from(
      { length: count },
      (_, i) => `w${letters[Math.floor(i / 676) % 26]}${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`,
    );
  const fileOf = (words: string[]) => `language,word,level\n${words.map((word) => `en,${word},1`).join('\n')}\n`;

  /** A learner with room for 1,000 words and a staged file of `count` words. */
  async function stagedMany(count: number) {
    const token = await signupLearner(app);
    const staged = await previewed(token, fileOf(wordsOf(count)));
    const owner = await app.database.db.execute<{ user_id: number }>(
      sql`select user_id from word_imports where id = ${staged.importId}`,
    );
    const userId = owner.rows[0]?.user_id ?? 0;
    await app.database.db.execute(sql`update users set word_limit = 1000 where id = ${userId}`);
    return { token, userId, importId: staged.importId };
  }

  /** A pause that runs `between` at its `at`-th call (the first three follow the counts of three chunks). */
  function pauseAt(at: number, between: () => Promise<void>) {
    let calls = 0;
    return async () => {
      calls += 1;
      if (calls === at) await between();
    };
  }

  /** The commit run directly, with `between` run at its `at`-th pause. */
  const commitPausing = (key: { userId: number; importId: string }, at: number, between: () => Promise<void>) =>
    commitWordImport(app.database.db, key.userId, key.importId, 'keep_higher', app.deps.clock(), pauseAt(at, between));

  /** A staged file of 600 words whose commit stopped after its first chunk (its fourth pause). */
  async function stoppedHalfWay() {
    const staged = await stagedMany(600);
    await expect(
      commitPausing(staged, 4, async () => {
        throw new Error('the server stopped');
      }),
    ).rejects.toThrow('the server stopped');
    return staged;
  }

  const savedWords = async (userId: number) =>
    (
      await app.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from user_words where user_id = ${userId}`,
      )
    ).rows[0]?.n;

  it('finishes a commit stopped half-way at the next commit, with the totals of both', async () => {
    const { token, userId, importId } = await stoppedHalfWay();
    expect(await savedWords(userId)).toBe(250);
    // The room of the whole file stays reserved meanwhile.
    expect((await account(token)).wordCount).toBe(600);
    expect(await committed(token, importId)).toEqual({
      added: 600,
      updated: 0,
      unchanged: 0,
      cards: 0,
      wordCount: 600,
    });
    expect(await savedWords(userId)).toBe(600);
    expect(await refusal(await commit(token, importId), 409)).toBe('already_imported');
  });

  it('refuses a second commit while the first holds the import; housekeeping finishes one left without a runner', async () => {
    const { token, userId, importId } = await stoppedHalfWay();
    await app.database.db.execute(
      sql`update word_imports set lease_until = clock_timestamp() + interval '1 minute' where id = ${importId}`,
    );
    expect(await refusal(await commit(token, importId), 409)).toBe('import_in_progress');
    await app.database.db.execute(
      sql`update word_imports set lease_until = clock_timestamp() - interval '1 second' where id = ${importId}`,
    );
    const done = await runHousekeeping(app.database.db, testAccountSettings, app.deps.clock());
    expect(done.wordImportsFinished).toBe(1);
    expect(await savedWords(userId)).toBe(600);
    expect((await account(token)).wordCount).toBe(600);
  });

  it('counts a word of the file the learner saves during the commit once', async () => {
    const staged = await stagedMany(600);
    const last = wordsOf(600).at(-1) ?? '';
    const result = await commitPausing(staged, 4, async () => {
      await save(staged.token, last, 3);
    });
    expect(result).toMatchObject({ added: 599, updated: 0, unchanged: 1, wordCount: 600 });
    expect((await account(staged.token)).wordCount).toBe(600);
    expect(await savedWords(staged.userId)).toBe(600);
  });

  it('never commits an import staged half-way, and housekeeping deletes it', async () => {
    const token = await signupLearner(app);
    const owner = await app.database.db.execute<{ id: number }>(sql`select max(id)::int as id from users`);
    const userId = owner.rows[0]?.id ?? 0;
    const rows = wordsOf(600).map((word, index) => ({
      line: index + 2,
      language: 'en' as const,
      word,
      level: 1 as const,
      meaning: null,
      note: null,
      sentence: null,
    }));
    const stopped = pauseAt(1, async () => {
      throw new Error('the server stopped');
    });
    await expect(
      stageWordImport(app.database.db, userId, { format: 'csv', rows }, app.deps.clock(), stopped),
    ).rejects.toThrow('the server stopped');
    const staged = await app.database.db.execute<{ id: string }>(
      sql`select id from word_imports where user_id = ${userId}`,
    );
    const importId = staged.rows[0]?.id ?? '';
    expect(await refusal(await commit(token, importId), 404)).toBe('not_found');
    await runHousekeeping(app.database.db, testAccountSettings, app.deps.clock());
    expect((await app.database.db.execute(sql`select 1 from word_imports where id = ${importId}`)).rows).toEqual([]);
  });

  it('gives up a commit that cannot finish within a day: its words stay and the room kept for the rest goes back', async () => {
    const { token, userId, importId } = await stoppedHalfWay();
    await app.database.db.execute(
      sql`update word_imports set created_at = created_at - interval '25 hours' where id = ${importId}`,
    );
    const done = await runHousekeeping(app.database.db, testAccountSettings, app.deps.clock());
    expect(done.wordImportsAbandoned).toBe(1);
    expect(await savedWords(userId)).toBe(250);
    expect((await account(token)).wordCount).toBe(250);
    expect(await refusal(await commit(token, importId), 404)).toBe('not_found');
  });
});

describe('an Anki package', () => {
  /** A German deck: cards new, in review at 5, 10 and 30 days, one suspended, and a cloze note. */
  const deck: FixtureNote[] = [
    { id: 1, noteTypeId: basic.id, fields: ['<b>Hund</b>', 'dog'], cards: [reviewCard(30)] },
    { id: 2, noteTypeId: basic.id, fields: ['Katze', 'cat'], cards: [newCard] },
    { id: 3, noteTypeId: basic.id, fields: ['Vogel', 'bird'], cards: [reviewCard(5)] },
    { id: 4, noteTypeId: basic.id, fields: ['Pferd', 'horse'], cards: [reviewCard(10)] },
    { id: 5, noteTypeId: basic.id, fields: ['Fisch', 'fish'], cards: [suspended(reviewCard(10))] },
    { id: 6, noteTypeId: cloze.id, fields: ['{{c1::Kuh}}', 'cow'], cards: [reviewCard(7)] },
  ];
  const deckPackage = () => packageOf({ 'collection.anki21': collectionOf(sqlite, { notes: deck }) });
  const previewDeck = (token: string, fields: Record<string, string> = {}) =>
    previewed(token, deckPackage(), { language: 'de', ...fields });

  it('previews its note types with their fields, first field the word and second the meaning', async () => {
    const staged = await previewDeck(await signupLearner(app));
    expect(staged.format).toBe('anki');
    expect(staged.noteTypes?.[0]).toEqual({
      id: basic.id,
      name: 'Basic',
      notes: 5,
      fields: [
        { name: 'Front', samples: ['Hund', 'Katze', 'Vogel'] },
        { name: 'Back', samples: ['dog', 'cat', 'bird'] },
      ],
      choice: { word: 0, meaning: 1, sentence: null, note: null },
    });
    expect(staged.counts).toMatchObject({ new: 5, skipped: 1 });
  });

  it('skips a suspended note with its note number', async () => {
    const staged = await previewDeck(await signupLearner(app));
    expect(staged.problems).toEqual([{ line: 5, reason: 'suspended_note', word: 'Fisch' }]);
  });

  it("imports each note at the level of its cards' interval, with its meaning", async () => {
    const token = await signupLearner(app);
    const result = await committed(token, (await previewDeck(token)).importId);
    expect(result).toMatchObject({ added: 5, wordCount: 5 });
    const words = (await backupWords(token)).map(({ word, level, meaning }) => ({ word, level, meaning }));
    expect(words).toEqual(
      expect.arrayContaining([
        { word: 'hund', level: 4, meaning: 'dog' },
        { word: 'katze', level: 1, meaning: 'cat' },
        { word: 'vogel', level: 2, meaning: 'bird' },
        { word: 'pferd', level: 3, meaning: 'horse' },
        { word: 'kuh', level: 3, meaning: 'cow' },
      ]),
    );
  });

  it('reads the fields the learner maps, and leaves out a note type whose word is none', async () => {
    const mapping = [
      { noteTypeId: basic.id, word: 1, meaning: null, sentence: null, note: 0 },
      { noteTypeId: cloze.id, word: null, meaning: null, sentence: null, note: null },
    ];
    const token = await signupLearner(app);
    const staged = await previewDeck(token, { mapping: JSON.stringify(mapping) });
    expect(staged.noteTypes?.map((type) => type.choice.word)).toEqual([1, null]);
    expect(staged.counts).toMatchObject({ new: 4, skipped: 2 });
    await committed(token, staged.importId);
    const words = await backupWords(token);
    expect(words.find((word) => word.word === 'dog')).toMatchObject({ level: 4, meaning: null, note: 'Hund' });
  });

  it('refuses a mapping that is not a list of note types and fields', async () => {
    const response = await preview(await signupLearner(app), deckPackage(), { mapping: '{"word":0}' });
    expect(await refusal(response, 400)).toBe('invalid_input');
  });

  it('applies once: a second commit is a 409', async () => {
    const token = await signupLearner(app);
    const staged = await previewDeck(token);
    await committed(token, staged.importId);
    expect(await refusal(await commit(token, staged.importId), 409)).toBe('already_imported');
  });

  it("answers 404 for another learner's import", async () => {
    const staged = await previewDeck(await signupLearner(app));
    expect(await refusal(await commit(await signupLearner(app), staged.importId), 404)).toBe('not_found');
  });

  it('reads one package at a time: with three waiting, one more is refused as busy for now', async () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    // The first package's reading is held until the fifth has been answered.
    const held = await buildTestApp({
      readAnkiPackage: async (bytes) => {
        await opened;
        return readAnkiPackage(bytes);
      },
    });
    try {
      const token = await signupLearner(held);
      const answers = Array.from({ length: 5 }, () => preview(token, deckPackage(), { language: 'de' }, held));
      const busy = await Promise.race(answers);
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('30');
      expect(errorEnvelopeSchema.parse(busy.json()).details[0]?.code).toBe('anki_busy');
      open();
      const statuses = (await Promise.all(answers)).map((answer) => answer.statusCode);
      expect(statuses.toSorted()).toEqual([200, 200, 200, 200, 503]);
    } finally {
      open();
      await held.close();
    }
  });

  const unreadable: Array<[string, () => Buffer | string, string, number]> = [
    ['a file that is not a zip', () => 'front,back', 'anki_not_zip', 400],
    ['a zip without a collection', () => packageOf({ media: '{}' }), 'anki_no_collection', 400],
    [
      'a package in the new format only',
      () =>
        packageOf({
          meta: metaOf(3),
          'collection.anki21b': new Uint8Array([0x28, 0xb5, 0x2f, 0xfd]),
          'collection.anki2': placeholderOf(sqlite),
        }),
      'anki_new_format_only',
      400,
    ],
    [
      'a collection that is not SQLite',
      () => packageOf({ 'collection.anki2': new TextEncoder().encode('SQLite format 3\0 and noise') }),
      'anki_corrupt',
      400,
    ],
    [
      'a collection without notes',
      () => packageOf({ 'collection.anki2': collectionOf(sqlite, { notes: [] }) }),
      'anki_empty',
      400,
    ],
    [
      'a collection declared larger than the cap',
      () => withStatedSize(deckPackage(), 'collection.anki21', 1024 * 1024 * 1024, 'both'),
      'anki_too_large',
      413,
    ],
  ];

  it.each(unreadable)('refuses %s with its reason', async (_, content, code, status) => {
    const response = await preview(await signupLearner(app), content(), { language: 'de', format: 'anki' });
    expect(await refusal(response, status)).toBe(code);
  });
});
