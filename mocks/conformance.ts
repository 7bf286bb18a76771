import { unzipSync, zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { ankiPackage } from '#contract/anki-package.ts';
import { maxCoverageIds } from '#contract/constants.ts';
import { type DetailsOf, type EndpointName, endpoints } from '#contract/endpoints.ts';
import { type ErrorEnvelope, envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { wordBackupSchema } from '#contract/word-export.ts';
import { lighthouseArticle } from './fixtures/web-pages.ts';

export { dictionaryLemmas } from './fixtures/lemmas.ts';
/** The web pages the server's runs serve from a local server (server/ reads mocks/ only through this suite). */
export { lighthouseArticle, webPageFixtures } from './fixtures/web-pages.ts';

/**
 * What the mocks and the real server must both do, written once and run against each: `mocks/mocks.test.ts` runs it
 * through msw, `server/test/conformance.test.ts` through the server's `inject`, so the mocks cannot drift into being
 * the spec. Every test starts from learners it signs up itself, and reads content ids from the subject's own
 * library, so no test depends on one side's fixtures. One file, over 300 lines on purpose: it is one suite run by two
 * runners, and each resource's cases share its helpers.
 */

/**
 * Calls of the contract the real server does not serve yet: the mocks alone answer them meanwhile. This list may
 * only shrink; server/test/contract-coverage.test.ts holds the server to it.
 */
export const awaitingServer: readonly EndpointName[] = [];

export type CallOptions = {
  params?: Record<string, string | number> | undefined;
  /** The call's query string (its contract `query`). */
  query?: Record<string, string> | undefined;
  body?: unknown;
  token?: string | undefined;
  /** A file sent as multipart form data in the field `file`, after the form's other fields. */
  upload?: Upload | undefined;
};

export type Upload = { fields: Record<string, string>; content: string | Uint8Array; filename?: string };

/** A multipart body as browsers send it, built by hand so the file's bytes go as they are (Latin-1 included). */
export function multipartOf(upload: Upload): { body: Uint8Array; contentType: string } {
  const boundary = 'folio-upload';
  const encoder = new TextEncoder();
  const head = Object.entries(upload.fields)
    .map(([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)
    .join('');
  const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${upload.filename ?? 'words.csv'}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const parts = [
    encoder.encode(head + filePart),
    typeof upload.content === 'string' ? encoder.encode(upload.content) : upload.content,
    encoder.encode(`\r\n--${boundary}--\r\n`),
  ];
  const body = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A call's status, its body parsed as JSON (undefined when it is not JSON: a CSV file), its text and the file name
 * of a download (`Content-Disposition`).
 */
export type Answer = {
  status: number;
  json: unknown;
  text: string;
  /** The body as it came: a binary file's bytes. */
  bytes: Uint8Array;
  fileName?: string | undefined;
};

/** A body's JSON, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The file name a `Content-Disposition` header gives. */
export const fileNameOf = (disposition: string | null | undefined) =>
  disposition ? /filename="([^"]+)"/.exec(disposition)?.[1] : undefined;

/** An Anki package's collection, opened: SQLite's integrity check and each note's fields, in the sort field's order. */
async function ankiNotesOf(bytes: Uint8Array) {
  const collection = unzipSync(bytes)['collection.anki2'];
  if (!collection) throw new Error('The package has no collection.anki2');
  const database = new (await initSqlJs()).Database(collection);
  try {
    const [integrity] = database.exec('pragma integrity_check');
    const [notes] = database.exec('select flds from notes order by sfld');
    return {
      integrity: integrity?.values[0]?.[0],
      fields: (notes?.values ?? []).map(([fields]) => String(fields).split('\u001f')),
    };
  } finally {
    database.close();
  }
}

export type Subject = {
  /** Sends one call of the contract and answers its status and parsed JSON body. */
  call: (name: EndpointName, options?: CallOptions) => Promise<Answer>;
  /** An admin account's credentials, as this subject makes admins. */
  admin: () => Promise<{ email: string; password: string }>;
  /** Sets a learner's word limit, as the store or the daily reward would. */
  setWordLimit: (username: string, limit: number) => Promise<void>;
  /** Gives a learner coins and diamonds, as an operator would. */
  setBalances: (username: string, balances: { creditAmount: number; diamondAmount: number }) => Promise<void>;
  /** The import jobs queued so far have run (the mocks have no queue: theirs are ready at the next look). */
  runImportJobs: () => Promise<void>;
  /** The export jobs queued so far have run (the mocks have no queue: theirs are ready at the next look). */
  runWordExportJobs: () => Promise<void>;
  /** The learner pays on the card page of a checkout (the mocks have none: theirs count as paid). */
  payCheckout: (sessionId: string) => Promise<void>;
  /**
   * The address a fixture web page of `mocks/fixtures/web-pages.ts` is served at, by its path: the mocks know them at
   * https://example.com, the server's run serves them from a local server its settings allow.
   */
  webPageAddress: (path: string) => string;
};

type Learner = { username: string; email: string; password: string; token: string };

export function describeConformance(subject: Subject) {
  let counter = 0;

  async function expectOk<N extends EndpointName>(name: N, options: CallOptions = {}): Promise<DetailsOf<N>> {
    const answer = await subject.call(name, options);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    // Parsed with this endpoint's own schema; TypeScript cannot follow the generic name to it.
    return envelopeSchema(endpoints[name].details).parse(answer.json).details as DetailsOf<N>;
  }

  async function expectError(name: EndpointName, status: number, options: CallOptions = {}): Promise<ErrorEnvelope> {
    const answer = await subject.call(name, options);
    expect(answer.status, JSON.stringify(answer.json)).toBe(status);
    const envelope = errorEnvelopeSchema.parse(answer.json);
    expect(envelope.status).toBe(status);
    return envelope;
  }

  async function signUp(): Promise<Learner> {
    counter++;
    const username = `conform${counter}${Date.now().toString(36)}`;
    const account = { username, email: `${username}@example.com`, password: 'reading42' };
    const user = await expectOk('signup', { body: { ...account, confirmPassword: account.password } });
    return { ...account, token: user.token };
  }

  /** The first content of a language's library and its page list. */
  async function firstContent(targetLang: 'en' | 'de') {
    const categories = await expectOk('categories', { params: { targetLang } });
    const contentId = categories[0]?.subCategories[0]?.contents[0]?.id;
    if (contentId === undefined) throw new Error(`no ${targetLang} content`);
    const reader = await expectOk('reader', { params: { targetLang, contentId, pageId: 0 } });
    return { contentId, reader };
  }

  const ferry = Array.from({ length: 6 }, (_, i) => `The ferry number ${i} leaves the harbour at dawn.`).join('\n\n');

  /**
   * A learner's imported text of 54 word tokens, 13 distinct words ("the" 12 times; "ferry", "harbour", "dawn", in
   * neither library, 6 times each), made into pages.
   */
  async function ferryText(token: string): Promise<number> {
    await expectOk('importText', { token, body: { language: 'en', title: 'Ferry', text: ferry } });
    await subject.runImportJobs();
    const [ready] = await expectOk('myTexts', { token, params: { targetLang: 'en' } });
    if (!ready?.contentId) throw new Error('the import is not ready');
    return ready.contentId;
  }

  const video = (id: string, language = 'de') => ({
    videoURL: `https://www.youtube.com/watch?v=${id}`,
    title: `Video ${id}`,
    language,
  });

  describe('account', () => {
    it('signs a learner up with a token and an unread welcome notification', async () => {
      const learner = await signUp();
      const user = await expectOk('refresh', { token: learner.token });
      expect(user).toMatchObject({ username: learner.username, email: learner.email });
      expect(user).not.toHaveProperty('password');
      const notifications = await expectOk('notifications', { token: learner.token });
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({ isRead: false, message: expect.stringContaining('Welcome') });
    });

    it('logs a learner in with their password, and an admin as an admin', async () => {
      const learner = await signUp();
      const user = await expectOk('login', { body: { email: learner.email, password: learner.password } });
      expect(user).toMatchObject({ username: learner.username, isAdmin: false });
      const admin = await expectOk('login', { body: await subject.admin() });
      expect(admin.isAdmin).toBe(true);
    });

    it('refuses a wrong password with the spec message', async () => {
      const learner = await signUp();
      const envelope = await expectError('login', 401, { body: { email: learner.email, password: 'wrong1234' } });
      expect(envelope.details[0]).toEqual({ error: 'Email or password is incorrect', code: 'invalid_credentials' });
    });

    it('answers 400 with the spec message for an invalid signup', async () => {
      const body = { username: 'someone', email: 'not-an-email', password: 'books2024', confirmPassword: 'books2024' };
      const envelope = await expectError('signup', 400, { body });
      expect(envelope.details).toContainEqual({ error: 'Email is not valid', code: 'email_invalid', field: 'email' });
    });

    it('refuses a taken email, and a taken username in other capitals', async () => {
      const learner = await signUp();
      const other = { username: 'someoneelse', email: 'someone.else@example.com', password: 'books2024' };
      const email = await expectError('signup', 409, {
        body: { ...other, email: learner.email.toUpperCase(), confirmPassword: other.password },
      });
      expect(email.details[0]).toMatchObject({
        code: 'email_taken',
        error: 'An account with this email already exists',
      });
      const username = await expectError('signup', 409, {
        body: { ...other, username: learner.username.toUpperCase(), confirmPassword: other.password },
      });
      expect(username.details[0]).toMatchObject({ code: 'username_taken', error: 'This username is taken' });
    });

    it('logs out: the token is refused afterwards', async () => {
      const learner = await signUp();
      expect(await expectOk('logout', { token: learner.token })).toBeNull();
      await expectError('refresh', 401, { token: learner.token });
    });

    it('answers 401 to every call that needs a login, without a valid token', async () => {
      const samples: Partial<Record<EndpointName, Record<string, string | number>>> = {
        myVideos: { targetLang: 'en' },
        transcript: { targetLang: 'en', videoId: 'abcdefghijk', index: 0 },
        deleteVideo: { targetLang: 'en', videoId: 'abcdefghijk' },
        uploadSubtitles: { targetLang: 'en', videoId: 'abcdefghijk' },
        userPages: { targetLang: 'de' },
        pageWords: { targetLang: 'en', contentId: 1, pageId: 0 },
        markPageKnown: { targetLang: 'en', contentId: 1, pageId: 0 },
        videoWords: { targetLang: 'en', videoId: 'abcdefghijk' },
        myTexts: { targetLang: 'en' },
        deleteImport: { targetLang: 'en', importId: 1 },
        textCoverage: { targetLang: 'en' },
        videoCoverage: { targetLang: 'en' },
        textNewWords: { targetLang: 'en', contentId: 1 },
        vocabulary: { targetLang: 'en' },
        changeVocabulary: { targetLang: 'en' },
        wordExport: { exportId: '00000000-0000-4000-8000-000000000001' },
        wordExportFile: { exportId: '00000000-0000-4000-8000-000000000001' },
        progress: { targetLang: 'en' },
        saveWordMeaning: { targetLang: 'en' },
        saveWordParent: { targetLang: 'en' },
        wordFamily: { targetLang: 'en' },
        flashcardSummary: { targetLang: 'en' },
        flashcardQueue: { targetLang: 'en' },
        addFlashcard: { targetLang: 'en' },
        addFlashcards: { targetLang: 'en' },
        reviewFlashcard: { targetLang: 'en' },
        undoFlashcardReview: { targetLang: 'en' },
        commitWordImport: { importId: '00000000-0000-4000-8000-000000000000' },
      };
      const required = (Object.keys(endpoints) as EndpointName[]).filter(
        (name) => endpoints[name].auth === 'required' && !awaitingServer.includes(name),
      );
      expect(required.length).toBeGreaterThan(10);
      for (const name of required) {
        const envelope = await expectError(name, 401, { params: samples[name], token: 'not-a-token' });
        expect(envelope.details[0], name).toEqual({ error: 'Unauthorized', code: 'unauthorized' });
      }
    });
  });

  describe('admin calls', () => {
    it('answer 403 (forbidden) to a learner', async () => {
      const { token } = await signUp();
      const job = { kind: 'text-import', jobId: '00000000-0000-4000-8000-000000000001' };
      const samples: Partial<Record<EndpointName, Record<string, string>>> = {
        retryJob: job,
        cancelJob: job,
        deleteJob: job,
        adminLibrary: { targetLang: 'en' },
        updateContent: { contentId: '1' },
        deleteContent: { contentId: '1' },
        deleteUpload: { importId: '1' },
      };
      const admin = (Object.keys(endpoints) as EndpointName[]).filter((name) => endpoints[name].auth === 'admin');
      expect(admin.length).toBeGreaterThan(0);
      for (const name of admin) {
        const refused = await expectError(name, 403, { token, params: samples[name] });
        expect(refused.details[0]?.code, name).toBe('forbidden');
      }
    });
  });

  describe('content', () => {
    it('lists the library of a language with unique content ids, and nothing for a language without texts', async () => {
      const categories = await expectOk('categories', { params: { targetLang: 'en' } });
      const ids = categories.flatMap((category) =>
        category.subCategories.flatMap((sub) => sub.contents.map((content) => content.id)),
      );
      expect(ids.length).toBeGreaterThan(0);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await expectOk('categories', { params: { targetLang: 'ko' } })).toEqual([]);
    });

    it('serves a page as sections of tokens whose ids run from 0, with every page listed', async () => {
      const { reader } = await firstContent('en');
      expect(reader.selectedPage.id).toBe(0);
      expect(reader.pages.map((page) => page.id)).toEqual(reader.pages.map((_, index) => index));
      const tokens = reader.sections.flatMap((section) => section.tokens);
      expect(tokens.map((token) => token.id)).toEqual(tokens.map((_, index) => index));
      const words = tokens.filter((token) => token.isWord);
      expect(words.length).toBeGreaterThan(0);
      for (const word of words) expect(word.lowercase).toBe(word.display.toLowerCase());
    });

    it('answers 404 for an unknown content or page, and 400 for an unknown language', async () => {
      const { contentId, reader } = await firstContent('en');
      const unknown = await expectError('reader', 404, { params: { targetLang: 'en', contentId: 999_999, pageId: 0 } });
      expect(unknown.details[0]?.code).toBe('not_found');
      await expectError('reader', 404, { params: { targetLang: 'en', contentId, pageId: reader.pages.length } });
      await expectError('reader', 404, { params: { targetLang: 'de', contentId, pageId: 0 } });
      const language = await expectError('categories', 400, { params: { targetLang: 'xx' } });
      expect(language.details[0]).toMatchObject({ code: 'invalid_input', field: 'targetLang' });
    });
  });

  describe('words', () => {
    it('adds a new word, changes its level and lists it', async () => {
      const { token } = await signUp();
      expect(await expectOk('userWords', { token })).toEqual([]);
      await expectOk('saveUserWord', { token, body: { lowercase: 'hund', level: 1, language: 'de' } });
      const changed = await expectOk('saveUserWord', { token, body: { lowercase: 'hund', level: 4, language: 'de' } });
      expect(changed).toMatchObject({ lowercase: 'hund', level: 4, language: 'de' });
      expect(await expectOk('userWords', { token })).toEqual([{ lowercase: 'hund', level: 4, language: 'de' }]);
      expect((await expectOk('refresh', { token })).wordCount).toBe(1);
    });

    it('refuses a new word at the word limit with the spec message, but still changes saved ones', async () => {
      const learner = await signUp();
      const { token } = learner;
      await expectOk('saveUserWord', { token, body: { lowercase: 'eins', level: 1, language: 'de' } });
      await subject.setWordLimit(learner.username, 1);
      const envelope = await expectError('saveUserWord', 403, {
        token,
        body: { lowercase: 'zwei', level: 1, language: 'de' },
      });
      expect(envelope.details[0]).toEqual({ error: "You've Reached Your Word Limit", code: 'word_limit' });
      await expectOk('saveUserWord', { token, body: { lowercase: 'eins', level: 3, language: 'de' } });
    });

    it("answers a page's saved words: only that language's, only words of that page", async () => {
      const { token } = await signUp();
      const { contentId, reader } = await firstContent('en');
      const word = reader.sections.flatMap((section) => section.tokens).find((token) => token.isWord);
      if (!word) throw new Error('no word');
      await expectOk('saveUserWord', { token, body: { lowercase: word.lowercase, level: 2, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: word.lowercase, level: 4, language: 'de' } });
      await expectOk('saveUserWord', { token, body: { lowercase: 'qqxzyqq', level: 3, language: 'en' } });
      const params = { targetLang: 'en', contentId, pageId: 0 };
      expect(await expectOk('pageWords', { token, params })).toEqual([
        { lowercase: word.lowercase, level: 2, language: 'en' },
      ]);
      await expectError('pageWords', 404, { token, params: { ...params, pageId: reader.pages.length } });
    });

    it("answers a page's saved phrases whose words are all on the page, counted as one word each", async () => {
      const { token } = await signUp();
      const { contentId, reader } = await firstContent('en');
      const [first, second] = reader.sections.flatMap((section) => section.tokens).filter((token) => token.isWord);
      if (!first || !second) throw new Error('no words');
      const phrase = `${first.lowercase} ${second.lowercase}`;
      const saved = await expectOk('saveUserWord', { token, body: { lowercase: phrase, level: 2, language: 'en' } });
      expect(saved.balances.wordCount).toBe(1);
      await expectOk('saveUserWord', { token, body: { lowercase: `${phrase} qqxzyqq`, level: 3, language: 'en' } });
      // Its words on the page, but not in a row.
      await expectOk('saveUserWord', {
        token,
        body: { lowercase: `${first.lowercase} ${first.lowercase}`, level: 3, language: 'en' },
      });
      const params = { targetLang: 'en', contentId, pageId: 0 };
      expect(await expectOk('pageWords', { token, params })).toEqual([{ lowercase: phrase, level: 2, language: 'en' }]);
      await expectError('saveUserWord', 400, { token, body: { lowercase: 'give. up', level: 2, language: 'en' } });
    });

    it('marks the rest of a page known: its unsaved and level-0 words, all or none within the limit', async () => {
      const learner = await signUp();
      const { token } = learner;
      const { contentId, reader } = await firstContent('en');
      const onPage = [
        ...new Set(
          reader.sections.flatMap((section) => section.tokens.filter((t) => t.isWord).map((t) => t.lowercase)),
        ),
      ].sort();
      const [first = '', second = ''] = onPage;
      await expectOk('saveUserWord', { token, body: { lowercase: first, level: 0, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: second, level: 2, language: 'en' } });
      const params = { targetLang: 'en', contentId, pageId: 0 };

      await subject.setWordLimit(learner.username, onPage.length - 1);
      const refused = await expectError('markPageKnown', 403, { token, params });
      expect(refused.details[0]).toEqual({
        error: "You've Reached Your Word Limit",
        code: 'word_limit',
        room: onPage.length - 3,
      });

      await subject.setWordLimit(learner.username, onPage.length);
      const marked = await expectOk('markPageKnown', { token, params });
      expect(marked.words).toEqual(
        onPage.filter((word) => word !== second).map((lowercase) => ({ lowercase, level: 4, language: 'en' })),
      );
      expect(marked.balances.wordCount).toBe(onPage.length);
      expect(await expectOk('pageWords', { token, params })).toContainEqual({
        lowercase: second,
        level: 2,
        language: 'en',
      });
      await expectError('markPageKnown', 404, { token, params: { ...params, pageId: reader.pages.length } });
    });

    it('answers 400 naming the field for a level outside 0–4', async () => {
      const { token } = await signUp();
      const envelope = await expectError('saveUserWord', 400, {
        token,
        body: { lowercase: 'hund', level: 7, language: 'de' },
      });
      expect(envelope.details[0]).toMatchObject({ code: 'invalid_input', field: 'level' });
    });
  });

  describe('translations', () => {
    it("translates a word of a page, and every translation of the page is one of its words'", async () => {
      const { contentId, reader } = await firstContent('en');
      const words = reader.sections.flatMap((section) => section.tokens.filter((token) => token.isWord));
      const first = words[0];
      if (!first) throw new Error('no word');
      const translated = await expectOk('translate', {
        body: { tokenId: first.id, lowerCase: first.lowercase, targetLanguage: 'en', homeLanguage: 'de' },
      });
      expect(translated).toEqual({ tokenId: first.id, translatesTo: expect.stringMatching(/\S/) });
      const params = { contentId, pageId: 0, homeLang: 'de', targetLang: 'en' };
      const page = await expectOk('pageTranslations', { params });
      expect(page.length).toBeGreaterThan(0);
      const wordIds = new Set(words.map((word) => word.id));
      expect(page.every((translation) => wordIds.has(translation.tokenId) && translation.translatesTo !== '')).toBe(
        true,
      );
      await expectError('pageTranslations', 404, { params: { ...params, contentId: 999_999 } });
    });

    it('answers 404 with the spec message for a word without a translation', async () => {
      const envelope = await expectError('translate', 404, {
        body: { tokenId: 0, lowerCase: 'qqxzyqq', targetLanguage: 'en', homeLanguage: 'de' },
      });
      expect(envelope.details[0]).toEqual({ error: 'No translation found for this word', code: 'no_translation' });
    });
  });

  describe('videos', () => {
    it('queues videos until the video limit, listed as processing in their language', async () => {
      const { token } = await signUp();
      const added = await expectOk('processVideo', { token, body: video('abcdefghijk') });
      expect(added).toMatchObject({ videoId: 'abcdefghijk', title: 'Video abcdefghijk', jobStatus: 'created' });
      const groups = await expectOk('myVideos', { token, params: { targetLang: 'de' } });
      expect(groups).toEqual([
        {
          lang: 'de',
          videos: [],
          processingVideos: [expect.objectContaining({ videoId: 'abcdefghijk', title: 'Video abcdefghijk' })],
        },
      ]);
      await expectOk('processVideo', { token, body: video('bcdefghijkl', 'en') });
      const envelope = await expectError('processVideo', 403, { token, body: video('cdefghijklm') });
      expect(envelope.details[0]).toEqual({ error: "You've Reached Your Video Limit", code: 'video_limit' });
    });

    it("answers no saved words for a video still processing, and 404 for a video not in the learner's list", async () => {
      const { token } = await signUp();
      await expectOk('processVideo', { token, body: video('efghijklmno') });
      await expectOk('saveUserWord', { token, body: { lowercase: 'video', level: 2, language: 'de' } });
      expect(await expectOk('videoWords', { token, params: { targetLang: 'de', videoId: 'efghijklmno' } })).toEqual([]);
      await expectError('videoWords', 404, { token, params: { targetLang: 'de', videoId: 'fghijklmnop' } });
    });

    it('answers 400 naming the field for a link that is not a video', async () => {
      const { token } = await signUp();
      const body = { videoURL: 'https://example.com/watch', title: 'Nope', language: 'en' };
      const envelope = await expectError('processVideo', 400, { token, body });
      expect(envelope.details[0]?.field).toBe('videoURL');
    });

    it("deletes a learner's video, then answers 404 for it", async () => {
      const { token } = await signUp();
      await expectOk('processVideo', { token, body: video('defghijklmn') });
      const params = { targetLang: 'de', videoId: 'defghijklmn' };
      expect(await expectOk('deleteVideo', { token, params })).toBeNull();
      expect(await expectOk('myVideos', { token, params: { targetLang: 'de' } })).toEqual([]);
      await expectError('deleteVideo', 404, { token, params });
    });
  });

  describe('read pages', () => {
    it('saves and lists a read page, and answers 404 for a page that does not exist', async () => {
      const { token } = await signUp();
      const { contentId } = await firstContent('de');
      expect(await expectOk('userPages', { token, params: { targetLang: 'de' } })).toEqual([]);
      const page = { contentId, pageId: 0, language: 'de' } as const;
      expect(await expectOk('saveUserPage', { token, body: page })).toMatchObject(page);
      expect(await expectOk('userPages', { token, params: { targetLang: 'de' } })).toEqual([page]);
      await expectError('saveUserPage', 404, { token, body: { ...page, pageId: 999 } });
    });
  });

  describe('notifications', () => {
    it('marks a notification read', async () => {
      const { token } = await signUp();
      const [welcome] = await expectOk('notifications', { token });
      if (!welcome) throw new Error('no welcome');
      expect(await expectOk('readNotification', { token, body: welcome })).toEqual({ ...welcome, isRead: true });
      expect(await expectOk('notifications', { token })).toEqual([{ ...welcome, isRead: true }]);
    });
  });

  describe('store', () => {
    it('lists Pro Gold with a monthly price and the five diamond packs by price', async () => {
      const { token } = await signUp();
      const products = await expectOk('products', { token });
      const pro = products.find((product) => product.name === 'Pro');
      expect(pro?.prices).toContainEqual(expect.objectContaining({ recurring: true, currency: 'usd' }));
      const diamonds = products.find((product) => product.name === 'Diamonds');
      expect(diamonds?.prices.map((price) => price.amount)).toEqual([249, 999, 1799, 3499, 5499]);
    });

    it('sells an item for coins or diamonds at the store price and raises the limit', async () => {
      const learner = await signUp();
      await subject.setBalances(learner.username, { creditAmount: 1300, diamondAmount: 60 });
      const words = { name: 'Word Limit', amount: 100, diamondAmount: 50, creditAmount: 1250 } as const;
      const before = await expectOk('refresh', { token: learner.token });
      const paidWithCoins = await expectOk('buyItem', { token: learner.token, body: { ...words, payWith: 'credits' } });
      expect(paidWithCoins).toMatchObject({ creditAmount: 50, diamondAmount: 60, wordLimit: before.wordLimit + 100 });
      const paidWithDiamonds = await expectOk('buyItem', {
        token: learner.token,
        body: { ...words, payWith: 'diamonds' },
      });
      expect(paidWithDiamonds).toMatchObject({
        creditAmount: 50,
        diamondAmount: 10,
        wordLimit: before.wordLimit + 200,
      });
    });

    it('refuses an item the balance cannot pay for with 403, and one not in the store with 400', async () => {
      const { token } = await signUp();
      const videos = { name: 'Video Limit', amount: 2, diamondAmount: 200, creditAmount: 5000 } as const;
      const refused = await expectError('buyItem', 403, { token, body: { ...videos, payWith: 'diamonds' } });
      expect(refused.details[0]).toEqual({
        error: 'Your balance is too low for this item',
        code: 'insufficient_balance',
      });
      await expectError('buyItem', 400, { token, body: { ...videos, diamondAmount: 1, payWith: 'diamonds' } });
      expect((await expectOk('refresh', { token })).videoLimit).toBe(2);
    });

    it('checks a discount code whatever its case, and refuses an unknown one', async () => {
      const { token } = await signUp();
      expect(await expectOk('checkDiscount', { token, body: { discountCode: 'read10' } })).toEqual({
        code: 'READ10',
        discountPercent: 10,
      });
      const refused = await expectError('checkDiscount', 404, { token, body: { discountCode: 'NOPE' } });
      expect(refused.details[0]).toEqual({ error: 'This discount code is not valid', code: 'discount_invalid' });
    });
  });

  describe('card payments', () => {
    async function prices(token: string) {
      const products = await expectOk('products', { token });
      const pro = products.find((product) => product.name === 'Pro')?.prices.find((price) => price.recurring);
      const pack = products.find((product) => product.name === 'Diamonds')?.prices.find((p) => p.amount === 249);
      if (!pro || !pack) throw new Error('no Pro price or 100-diamond pack');
      return { pro: pro.id, pack: pack.id };
    }

    it('says card payments are on', async () => {
      expect(await expectOk('paymentSettings')).toEqual({ cardPayments: true });
    });

    it('refuses a price not in the store, a pack as a plan and an unknown discount code with 400', async () => {
      const { token } = await signUp();
      const { pack } = await prices(token);
      await expectError('tokenCheckout', 400, { token, body: { priceId: 'price_made_up' } });
      await expectError('subscriptionCheckout', 400, { token, body: { priceId: pack } });
      const refused = await expectError('tokenCheckout', 400, {
        token,
        body: { priceId: pack, discountCodes: ['NOPE'] },
      });
      expect(refused.details[0]?.code).toBe('discount_invalid');
    });

    it('grants a paid diamond pack once, however often the success page asks', async () => {
      const { token } = await signUp();
      const { pack } = await prices(token);
      const session = await expectOk('tokenCheckout', { token, body: { priceId: pack, discountCodes: ['read10'] } });
      expect(session.url).toEqual(expect.any(String));
      await subject.payCheckout(session.sessionId);
      expect((await expectOk('fulfilCheckout', { token, body: { sessionId: session.sessionId } })).diamondAmount).toBe(
        100,
      );
      expect((await expectOk('fulfilCheckout', { token, body: { sessionId: session.sessionId } })).diamondAmount).toBe(
        100,
      );
      const notices = await expectOk('notifications', { token });
      expect(notices.filter((notice) => notice.code === 'diamonds_added')).toHaveLength(1);
    });

    it('starts Pro Gold with 500 more words and its extra videos when its checkout is paid', async () => {
      const { token } = await signUp();
      const { pro } = await prices(token);
      const before = await expectOk('refresh', { token });
      const session = await expectOk('subscriptionCheckout', { token, body: { priceId: pro } });
      await subject.payCheckout(session.sessionId);
      const after = await expectOk('fulfilCheckout', { token, body: { sessionId: session.sessionId } });
      expect(Date.parse(after.pro.endDate ?? '')).toBeGreaterThan(Date.now());
      expect(after.wordLimit).toBe(before.wordLimit + 500);
      expect(after.videoLimit).toBe(before.videoLimit + 2);
    });

    it('refuses a second Pro Gold subscription while one is active, and opens the portal to manage it', async () => {
      const { token } = await signUp();
      const { pro } = await prices(token);
      expect((await expectOk('refresh', { token })).pro.managed).toBe(false);
      const none = await expectError('customerPortal', 404, { token });
      expect(none.details[0]).toEqual({
        error: 'You have no Pro Gold subscription to manage',
        code: 'no_subscription',
      });
      const session = await expectOk('subscriptionCheckout', { token, body: { priceId: pro } });
      await subject.payCheckout(session.sessionId);
      expect((await expectOk('fulfilCheckout', { token, body: { sessionId: session.sessionId } })).pro.managed).toBe(
        true,
      );
      expect((await expectOk('refresh', { token })).pro.managed).toBe(true);
      const second = await expectError('subscriptionCheckout', 409, { token, body: { priceId: pro } });
      expect(second.details[0]).toEqual({
        error: 'Pro Gold is already active: manage your subscription instead',
        code: 'pro_active',
      });
      expect((await expectOk('customerPortal', { token })).url).toEqual(expect.any(String));
    });

    it("answers 404 for another learner's checkout", async () => {
      const buyer = await signUp();
      const other = await signUp();
      const { pack } = await prices(buyer.token);
      const session = await expectOk('tokenCheckout', { token: buyer.token, body: { priceId: pack } });
      await subject.payCheckout(session.sessionId);
      await expectError('fulfilCheckout', 404, { token: other.token, body: { sessionId: session.sessionId } });
      expect((await expectOk('refresh', { token: other.token })).diamondAmount).toBe(0);
    });
  });

  describe("a learner's own texts", () => {
    const text = Array.from({ length: 6 }, (_, i) => `The ferry number ${i} leaves the harbour at dawn.`).join('\n\n');

    it('imports a pasted text, lists it ready once its job has run, and reads it', async () => {
      const { token } = await signUp();
      const started = await expectOk('importText', { token, body: { language: 'en', title: 'Harbour', text } });
      expect(started).toMatchObject({ title: 'Harbour', language: 'en', status: 'processing', contentId: null });
      await subject.runImportJobs();
      const [ready] = await expectOk('myTexts', { token, params: { targetLang: 'en' } });
      expect(ready).toMatchObject({ id: started.id, status: 'ready', pages: 1, words: 54 });
      const contentId = ready?.contentId ?? 0;
      const reader = await expectOk('reader', { token, params: { targetLang: 'en', contentId, pageId: 0 } });
      expect(reader.sections).toHaveLength(6);
      await expectOk('saveUserPage', { token, body: { contentId, pageId: 0, language: 'en' } });
    });

    it("answers 404 for another learner's text, and deletes a text for its learner only", async () => {
      const owner = await signUp();
      const other = await signUp();
      const started = await expectOk('importText', {
        token: owner.token,
        body: { language: 'en', title: 'Mine', text },
      });
      await subject.runImportJobs();
      const [ready] = await expectOk('myTexts', { token: owner.token, params: { targetLang: 'en' } });
      const page = { targetLang: 'en', contentId: ready?.contentId ?? 0, pageId: 0 };
      await expectError('reader', 404, { token: other.token, params: page });
      await expectError('reader', 404, { params: page });
      const target = { targetLang: 'en', importId: started.id };
      await expectError('deleteImport', 404, { token: other.token, params: target });
      await expectOk('deleteImport', { token: owner.token, params: target });
      expect(await expectOk('myTexts', { token: owner.token, params: { targetLang: 'en' } })).toEqual([]);
    });

    it("imports a web article by its address: the page's title and paragraphs, as a pasted text", async () => {
      const { token } = await signUp();
      const url = subject.webPageAddress(lighthouseArticle.path);
      const started = await expectOk('importUrl', { token, body: { language: 'en', url } });
      expect(started).toMatchObject({ title: lighthouseArticle.title, language: 'en', status: 'processing' });
      await subject.runImportJobs();
      const [ready] = await expectOk('myTexts', { token, params: { targetLang: 'en' } });
      expect(ready).toMatchObject({ id: started.id, status: 'ready', pages: 1, words: 89 });
      const reader = await expectOk('reader', {
        token,
        params: { targetLang: 'en', contentId: ready?.contentId ?? 0, pageId: 0 },
      });
      expect(reader.sections).toHaveLength(lighthouseArticle.paragraphs.length);
      const titled = await expectOk('importUrl', { token, body: { language: 'en', url, title: 'The keeper' } });
      expect(titled.title).toBe('The keeper');
    });

    it('refuses private addresses and other schemes than http and https with 400, and visitors with 401', async () => {
      const { token } = await signUp();
      for (const url of [
        'http://10.0.0.1/',
        'http://169.254.169.254/latest/meta-data/',
        'http://192.168.0.1/admin',
        'http://[::1]/',
        'ftp://example.com/article.html',
        'file:///etc/passwd',
      ]) {
        const refused = await expectError('importUrl', 400, { token, body: { language: 'en', url } });
        expect(refused.details[0], url).toMatchObject({ code: 'address_refused', field: 'url' });
      }
      await expectError('importUrl', 401, { body: { language: 'en', url: 'http://10.0.0.1/' } });
      expect(await expectOk('myTexts', { token, params: { targetLang: 'en' } })).toEqual([]);
    });

    it('refuses a text without words with 400', async () => {
      const { token } = await signUp();
      const refused = await expectError('importText', 400, {
        token,
        body: { language: 'en', title: 'Dots', text: '... !!!' },
      });
      expect(refused.details[0]?.code).toBe('bad_file');
    });
  });

  describe('known-word figures', () => {
    it("answers a screen of texts in one call, from the learner's levels as they are now", async () => {
      const { token } = await signUp();
      const mine = await ferryText(token);
      const { contentId: shelf } = await firstContent('en');
      const ids = `${mine},${shelf}`;
      const [before, library] = await expectOk('textCoverage', { token, params: { targetLang: 'en' }, query: { ids } });
      expect(before).toEqual({
        id: mine,
        wordTokens: 54,
        knownTokens: 0,
        familiarTokens: 0,
        newWords: 13,
        knownPercent: 0,
        familiarPercent: 0,
        band: 'hard',
      });
      expect(library).toMatchObject({ id: shelf, knownTokens: 0, familiarTokens: 0, band: 'hard' });
      await expectOk('saveUserWord', { token, body: { lowercase: 'the', level: 4, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: 'ferry', level: 2, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: 'harbour', level: 0, language: 'en' } });
      const [after] = await expectOk('textCoverage', { token, params: { targetLang: 'en' }, query: { ids } });
      expect(after).toMatchObject({ knownTokens: 12, familiarTokens: 18, newWords: 11, knownPercent: 22.2 });
      expect(after).toMatchObject({ familiarPercent: 33.3, band: 'hard' });
    });

    it("counts the words of the learner's saved phrases where they stand in a row inside a sentence", async () => {
      const { token } = await signUp();
      const ids = String(await ferryText(token));
      const save = (lowercase: string, level: number) =>
        expectOk('saveUserWord', { token, body: { lowercase, level, language: 'en' } });
      await save('the harbour', 4);
      await save('at dawn', 2);
      await save('dawn the', 4);
      await save('ferry leaves', 4);
      const [figures] = await expectOk('textCoverage', { token, params: { targetLang: 'en' }, query: { ids } });
      expect(figures).toMatchObject({ wordTokens: 54, knownTokens: 12, familiarTokens: 24, newWords: 13 });
    });

    it("lists a text's new words, the most frequent first, with where 95 % and 98 % are reached", async () => {
      const { token } = await signUp();
      const contentId = await ferryText(token);
      await expectOk('saveUserWord', { token, body: { lowercase: 'the', level: 4, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: 'ferry', level: 2, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: 'harbour', level: 0, language: 'en' } });
      const list = await expectOk('textNewWords', { token, params: { targetLang: 'en', contentId } });
      expect(list.coverage).toMatchObject({ wordTokens: 54, familiarTokens: 18, newWords: 11 });
      expect(list.words.map((word) => [word.lowercase, word.occurrences, word.level, word.familiarPercent])).toEqual([
        ['at', 6, null, 44.4],
        ['dawn', 6, null, 55.5],
        ['harbour', 6, 0, 66.6],
        ['leaves', 6, null, 77.7],
        ['number', 6, null, 88.8],
        ['0', 1, null, 90.7],
        ['1', 1, null, 92.5],
        ['2', 1, null, 94.4],
        ['3', 1, null, 96.2],
        ['4', 1, null, 98.1],
        ['5', 1, null, 100],
      ]);
      expect(list.words.map((word) => word.band).slice(7)).toEqual(['hard', 'stretch', 'comfortable', 'comfortable']);
    });

    it("answers a learner's videos, one still processing without figures", async () => {
      const { token } = await signUp();
      await expectOk('processVideo', { token, body: video('ghijklmnopq') });
      const query = { ids: 'ghijklmnopq' };
      const [processing] = await expectOk('videoCoverage', { token, params: { targetLang: 'de' }, query });
      expect(processing).toMatchObject({ videoId: 'ghijklmnopq', wordTokens: 0, newWords: 0, knownPercent: null });
      expect(processing).toMatchObject({ familiarPercent: null, band: null });
      await expectError('videoCoverage', 404, { token, params: { targetLang: 'en' }, query });
      await expectError('videoCoverage', 404, { token, params: { targetLang: 'de' }, query: { ids: 'hijklmnopqr' } });
    });

    it("answers 404 for another learner's text, 400 for a list it cannot take", async () => {
      const owner = await signUp();
      const { token } = await signUp();
      const mine = await ferryText(owner.token);
      const params = { targetLang: 'en' };
      const refused = await expectError('textCoverage', 404, { token, params, query: { ids: String(mine) } });
      expect(refused.details[0]?.code).toBe('not_found');
      await expectError('textNewWords', 404, { token, params: { targetLang: 'en', contentId: mine } });
      await expectError('textCoverage', 404, { token, params, query: { ids: '999999' } });
      const tooMany = Array.from({ length: maxCoverageIds + 1 }, (_, i) => i + 1).join(',');
      for (const ids of [tooMany, 'one', '1,,2']) {
        const invalid = await expectError('textCoverage', 400, { token, params, query: { ids } });
        expect(invalid.details[0], ids).toMatchObject({ code: 'invalid_input', field: 'ids' });
      }
      const language = await expectError('textCoverage', 400, {
        token,
        params: { targetLang: 'xx' },
        query: { ids: '1' },
      });
      expect(language.details[0]).toMatchObject({ code: 'invalid_input', field: 'targetLang' });
    });
  });

  describe('the library, for its admins', () => {
    const paragraphs = (topic: string) =>
      Array.from({ length: 3 }, (_, i) => `The ${topic} runs past stone number ${i} and the old mill.`).join('\n\n');
    const upload = (subCategoryId: number) => ({
      subCategoryId,
      title: 'Two rivers',
      description: 'A walk along the water',
      level: 'A2' as const,
      chapters: [
        { title: 'The north river', text: paragraphs('north river') },
        { title: 'The south river', text: paragraphs('south river') },
      ],
    });

    /** An admin's new category and sub-category in English, and a two-chapter text made into pages there. */
    /** The admin's session and a new English category with one sub-category. */
    async function newSubCategory(categoryTitle: string, title: string) {
      const { token } = await expectOk('login', { body: await subject.admin() });
      const category = await expectOk('createCategory', { token, body: { language: 'en', title: categoryTitle } });
      const sub = await expectOk('createSubCategory', {
        token,
        body: { categoryId: category.id, title, description: 'Short walks' },
      });
      return { token, category, sub };
    }

    async function uploaded() {
      const { token, category, sub } = await newSubCategory('Rivers', 'Walks');
      const started = await expectOk('uploadContent', { token, body: upload(sub.id) });
      expect(started).toMatchObject({ title: 'Two rivers', language: 'en', status: 'processing' });
      await subject.runImportJobs();
      const library = await expectOk('adminLibrary', { token, params: { targetLang: 'en' } });
      expect(library.categories.find((candidate) => candidate.id === category.id)?.subCategories).toEqual([
        { id: sub.id, title: 'Walks', description: 'Short walks' },
      ]);
      const text = library.contents.find((content) => content.subCategoryId === sub.id);
      if (!text) throw new Error('the upload is not in the library');
      return { token, category, sub, text };
    }

    const details = (subCategoryId: number, published: boolean) => ({
      subCategoryId,
      title: 'Two rivers',
      description: 'A walk along the water',
      level: 'A2' as const,
      published,
    });

    it('makes an upload a draft that admins alone read, in chapters, until one publishes it for everyone', async () => {
      const { token, category, sub, text } = await uploaded();
      expect(text).toMatchObject({ title: 'Two rivers', level: 'A2', published: false, pages: 2 });
      const learner = await signUp();
      const page = { targetLang: 'en', contentId: text.id, pageId: 0 };
      await expectError('reader', 404, { token: learner.token, params: page });
      await expectError('reader', 404, { params: page });
      const preview = await expectOk('reader', { token, params: page });
      expect(preview.pages.map((listed) => listed.title)).toEqual(['The north river', 'The south river']);
      expect(JSON.stringify(await expectOk('categories', { params: { targetLang: 'en' } }))).not.toContain(
        'Two rivers',
      );

      const published = await expectOk('updateContent', {
        token,
        params: { contentId: text.id },
        body: details(sub.id, true),
      });
      expect(published).toMatchObject({ id: text.id, published: true });
      const listed = await expectOk('categories', { params: { targetLang: 'en' } });
      expect(listed.find((candidate) => candidate.id === category.id)?.subCategories[0]?.contents).toEqual([
        { id: text.id, title: 'Two rivers', description: 'A walk along the water', level: 'A2' },
      ]);
      const read = await expectOk('reader', { token: learner.token, params: page });
      expect(read.sections.length).toBeGreaterThan(0);
    });

    it('unpublishes and deletes a text: learners lose it, then admins too', async () => {
      const { token, sub, text } = await uploaded();
      const target = { contentId: text.id };
      await expectOk('updateContent', { token, params: target, body: details(sub.id, true) });
      await expectOk('updateContent', { token, params: target, body: details(sub.id, false) });
      const learner = await signUp();
      const page = { targetLang: 'en', contentId: text.id, pageId: 0 };
      await expectError('reader', 404, { token: learner.token, params: page });
      await expectOk('deleteContent', { token, params: target });
      await expectError('reader', 404, { token, params: page });
      const library = await expectOk('adminLibrary', { token, params: { targetLang: 'en' } });
      expect(library.contents.some((content) => content.id === text.id)).toBe(false);
      await expectError('deleteContent', 404, { token, params: target });
    });

    it('deletes as failed no upload that is being imported or was imported', async () => {
      const { token, sub } = await newSubCategory('Lakes', 'Shores');
      const started = await expectOk('uploadContent', { token, body: upload(sub.id) });
      const params = { importId: started.id };
      expect((await expectError('deleteUpload', 409, { token, params })).details[0]?.code).toBe('conflict');
      await subject.runImportJobs();
      await expectOk('adminLibrary', { token, params: { targetLang: 'en' } });
      expect((await expectError('deleteUpload', 409, { token, params })).details[0]?.code).toBe('conflict');
      await expectError('deleteUpload', 404, { token, params: { importId: 2_000_000_000 } });
    });

    it('refuses an upload without chapters, a chapter without words, or to a sub-category that does not exist', async () => {
      const { token, sub } = await uploaded();
      await expectError('uploadContent', 400, { token, body: { ...upload(sub.id), chapters: [] } });
      const wordless = await expectError('uploadContent', 400, {
        token,
        body: { ...upload(sub.id), chapters: [{ title: 'Dots', text: '... !!!' }] },
      });
      expect(wordless.details[0]?.code).toBe('bad_file');
      const nowhere = await expectError('uploadContent', 400, { token, body: upload(2_000_000_000) });
      expect(nowhere.details[0]?.field).toBe('subCategoryId');
    });
  });

  describe('the vocabulary screen', () => {
    const params = { targetLang: 'en' };
    const saved = { ferry: 2, harbour: 0, dawn: 4, '3': 1, café: 1, cafetera: 3 };

    /** A learner with the ferry text and six saved words: three of it 6 times each, one once, two in no text. */
    async function learnerWithWords(): Promise<string> {
      const { token } = await signUp();
      await ferryText(token);
      for (const [lowercase, level] of Object.entries(saved)) {
        await expectOk('saveUserWord', { token, body: { lowercase, level, language: 'en' } });
      }
      return token;
    }

    const listed = async (token: string, query: Record<string, string>) =>
      (await expectOk('vocabulary', { token, params, query: { homeLang: 'de', ...query } })).words.map(
        (word) => word.lowercase,
      );

    it("lists a learner's saved words with their occurrences and how many match, filtered and searched", async () => {
      const token = await learnerWithWords();
      const page = await expectOk('vocabulary', { token, params, query: { homeLang: 'de', sort: 'frequency' } });
      expect(page.words.map((word) => [word.lowercase, word.level, word.occurrences])).toEqual([
        ['dawn', 4, 6],
        ['ferry', 2, 6],
        ['harbour', 0, 6],
        ['3', 1, 1],
        ['cafetera', 3, 0],
        ['café', 1, 0],
      ]);
      expect(page.words.every((word) => !word.meaningIsOwn && word.note === null)).toBe(true);
      expect(page).toMatchObject({ next: null, total: 6 });
      expect(await listed(token, { sort: 'az' })).toEqual(['3', 'café', 'cafetera', 'dawn', 'ferry', 'harbour']);
      expect(await listed(token, { sort: 'az', q: 'CAFE' })).toEqual(['café', 'cafetera']);
      expect(await listed(token, { sort: 'az', q: 'café', levels: '3,4' })).toEqual(['cafetera']);
      const filtered = await expectOk('vocabulary', { token, params, query: { homeLang: 'de', levels: '0,1' } });
      expect(filtered).toMatchObject({ total: 3 });
      expect(filtered.words.map((word) => word.lowercase).sort()).toEqual(['3', 'café', 'harbour']);
      const german = await expectOk('vocabulary', { token, params: { targetLang: 'de' }, query: { homeLang: 'en' } });
      expect(german).toEqual({ words: [], next: null, total: 0 });
    });

    it('lists only the saved phrases when asked, counted alone, with the other filters', async () => {
      const token = await learnerWithWords();
      for (const [lowercase, level] of [
        ['the harbour', 3],
        ['at dawn', 4],
        ['café au lait', 1],
      ] as const) {
        await expectOk('saveUserWord', { token, body: { lowercase, level, language: 'en' } });
      }
      const phrases = await expectOk('vocabulary', {
        token,
        params,
        query: { homeLang: 'de', sort: 'az', phrases: '1' },
      });
      expect(phrases).toMatchObject({ total: 3, next: null });
      expect(phrases.words.map((word) => word.lowercase)).toEqual(['at dawn', 'café au lait', 'the harbour']);
      expect(await listed(token, { sort: 'az', phrases: '1', q: 'cafe' })).toEqual(['café au lait']);
      expect(await listed(token, { sort: 'az', phrases: '1', levels: '3,4' })).toEqual(['at dawn', 'the harbour']);
      expect(await listed(token, { sort: 'az' })).toHaveLength(9);
    });

    it('pages through every word once in each order, following the cursor', async () => {
      const token = await learnerWithWords();
      for (const sort of ['recent', 'az', 'frequency']) {
        const words: string[] = [];
        let after: string | null = null;
        do {
          const query: Record<string, string> = { homeLang: 'de', sort, limit: '4', ...(after ? { after } : {}) };
          const page = await expectOk('vocabulary', { token, params, query });
          words.push(...page.words.map((word) => word.lowercase));
          after = page.next;
        } while (after);
        expect(words, sort).toEqual(await listed(token, { sort }));
        expect([...words].sort(), sort).toEqual(Object.keys(saved).sort());
      }
    });

    it('sets several saved words to one level, and removes others: unsaved, the word count lower', async () => {
      const token = await learnerWithWords();
      const changed = await expectOk('changeVocabulary', {
        token,
        params,
        body: { words: ['harbour', 'ferry', 'lighthouse', 'harbour'], level: 4 },
      });
      expect(changed.words).toEqual([
        { lowercase: 'ferry', level: 4, language: 'en' },
        { lowercase: 'harbour', level: 4, language: 'en' },
      ]);
      expect(changed.balances.wordCount).toBe(6);
      expect((await expectOk('progress', { token, params })).levels).toEqual([0, 2, 0, 1, 3]);
      const removed = await expectOk('changeVocabulary', {
        token,
        params,
        body: { words: ['café', 'dawn', 'lighthouse'], remove: true },
      });
      expect(removed.words).toEqual([]);
      expect(removed.balances.wordCount).toBe(4);
      expect((await expectOk('refresh', { token })).wordCount).toBe(4);
      expect((await listed(token, { sort: 'az' })).sort()).toEqual(['3', 'cafetera', 'ferry', 'harbour']);
      const other = await signUp();
      const untouched = await expectOk('changeVocabulary', {
        token: other.token,
        params,
        body: { words: ['ferry'], remove: true },
      });
      expect(untouched).toMatchObject({ words: [], balances: { wordCount: 0 } });
      expect(await listed(token, { sort: 'az', q: 'ferry' })).toEqual(['ferry']);
    });

    it('answers 400 naming the field for bad filters, a bad cursor, a bad change and an unknown language', async () => {
      const token = await learnerWithWords();
      const azCursor = (
        await expectOk('vocabulary', { token, params, query: { homeLang: 'de', sort: 'az', limit: '1' } })
      ).next;
      const bad: [Record<string, string>, string][] = [
        [{ levels: '5' }, 'levels'],
        [{ levels: '0,,1' }, 'levels'],
        [{ limit: '0' }, 'limit'],
        [{ limit: '201' }, 'limit'],
        [{ q: 'ca\u0001fe' }, 'q'],
        [{ after: 'not a cursor' }, 'after'],
        [{ sort: 'recent', after: azCursor ?? '' }, 'after'],
      ];
      for (const [query, field] of bad) {
        const refused = await expectError('vocabulary', 400, { token, params, query: { homeLang: 'de', ...query } });
        expect(refused.details[0], JSON.stringify(query)).toMatchObject({ code: 'invalid_input', field });
      }
      const language = await expectError('vocabulary', 400, { token, params: { targetLang: 'xx' }, query: {} });
      expect(language.details[0]).toMatchObject({ field: 'targetLang' });
      await expectError('changeVocabulary', 400, { token, params, body: { words: ['ferry'], level: 5 } });
      await expectError('changeVocabulary', 400, { token, params, body: { words: [], remove: true } });
      await expectError('changeVocabulary', 400, {
        token,
        params: { targetLang: 'xx' },
        body: { words: ['ferry'], level: 1 },
      });
      expect((await expectOk('refresh', { token })).wordCount).toBe(6);
    });

    it("exports a learner's words as a JSON backup, a CSV and a CSV for Lute, named as files", async () => {
      const token = await learnerWithWords();
      await expectOk('saveUserWord', { token, body: { lowercase: 'hund', level: 2, language: 'de' } });
      await expectOk('saveWordMeaning', { token, params, body: { lowercase: 'ferry', meaning: '=boat', note: null } });
      await expectOk('addFlashcard', { token, params, query: { homeLang: 'de' }, body: { lowercase: 'ferry' } });
      const json = await subject.call('exportVocabulary', { token, query: { format: 'json', language: 'all' } });
      expect(json.status).toBe(200);
      expect(json.fileName).toMatch(/^folio-words-all-\d{4}-\d\d-\d\d\.json$/);
      const backup = wordBackupSchema.parse(json.json);
      expect(backup.words.map((word) => [word.language, word.word, word.level])).toEqual([
        ['en', '3', 1],
        ['en', 'café', 1],
        ['en', 'cafetera', 3],
        ['en', 'dawn', 4],
        ['en', 'ferry', 2],
        ['en', 'harbour', 0],
        ['de', 'hund', 2],
      ]);
      const ferry = backup.words.find((word) => word.word === 'ferry');
      expect(ferry).toMatchObject({ meaning: '=boat', note: null, card: { state: 0, reps: 0, reviews: [] } });
      const csv = await subject.call('exportVocabulary', {
        token,
        query: { format: 'csv', language: 'en', levels: '2,4' },
      });
      expect(csv.fileName).toMatch(/^folio-words-en-\d{4}-\d\d-\d\d\.csv$/);
      const lines = csv.text.split('\r\n');
      expect(lines[0]).toBe('\uFEFFlanguage,word,level,meaning,note,sentence,source,added,updated,card_state,parent');
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
        'en,dawn,4,',
        "en,ferry,2,'=boat",
        '',
      ]);
      expect(lines[2]?.endsWith(',new,')).toBe(true);
      const lute = await subject.call('exportVocabulary', { token, query: { format: 'lute', language: 'de' } });
      expect(lute.fileName).toMatch(/^folio-words-de-\d{4}-\d\d-\d\d-lute\.csv$/);
      expect(lute.text.split('\r\n')).toEqual([
        '\uFEFFterm,parent,translation,language,tags,added,status,link_status,pronunciation',
        expect.stringMatching(/^hund,,,German,,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,3,,$/),
        '',
      ]);
      const other = await signUp();
      const empty = await subject.call('exportVocabulary', {
        token: other.token,
        query: { format: 'json', language: 'all' },
      });
      expect(wordBackupSchema.parse(empty.json).words).toEqual([]);
      const refused: Record<string, string>[] = [
        { format: 'xml', language: 'en' },
        { format: 'csv', language: 'xx' },
        { format: 'csv', language: 'en', levels: '7' },
      ];
      for (const query of refused) {
        await expectError('exportVocabulary', 400, { token, query });
      }
    });

    it("exports a learner's words as an Anki package made by a job, a zip its owner alone downloads", async () => {
      const token = await learnerWithWords();
      await expectOk('saveUserWord', { token, body: { lowercase: 'hund', level: 2, language: 'de' } });
      await expectOk('saveWordMeaning', { token, params, body: { lowercase: 'ferry', meaning: '<boat>', note: null } });
      const job = await expectOk('startWordExport', {
        token,
        body: { format: 'anki', language: 'en', levels: [2, 4] },
      });
      expect(job).toMatchObject({
        status: 'pending',
        fileName: expect.stringMatching(/^folio-words-en-[\d-]{10}\.apkg$/),
      });
      await subject.runWordExportJobs();
      const exportParams = { exportId: job.id };
      expect(await expectOk('wordExport', { token, params: exportParams })).toMatchObject({ status: 'ready' });
      const file = await subject.call('wordExportFile', { token, params: exportParams });
      expect(file.status).toBe(200);
      expect(file.fileName).toBe(job.fileName);
      const notes = await ankiNotesOf(file.bytes);
      expect(notes.integrity).toBe('ok');
      expect(notes.fields).toEqual([
        ['dawn', '', '', '', '4'],
        ['ferry', '&lt;boat&gt;', '', '', '2'],
      ]);
      const other = await signUp();
      await expectError('wordExport', 404, { token: other.token, params: exportParams });
      await expectError('wordExportFile', 404, { token: other.token, params: exportParams });
      await expectError('startWordExport', 400, { token, body: { format: 'csv', language: 'en' } });
      await expectError('startWordExport', 400, { token, body: { format: 'anki', language: 'en', levels: [5] } });
      await expectError('wordExport', 400, { token, params: { exportId: 'not-an-id' } });
    });
  });

  describe("a learner's own meanings", () => {
    const params = { targetLang: 'en' };

    /** A learner and a word of the first English page, with that page's scoped-levels call. */
    async function learnerWithPage() {
      const learner = await signUp();
      const { contentId, reader } = await firstContent('en');
      const word = reader.sections.flatMap((section) => section.tokens).find((token) => token.isWord)?.lowercase;
      if (!word) throw new Error('no word');
      const page = { targetLang: 'en', contentId, pageId: 0 };
      const pageWords = () => expectOk('pageWords', { token: learner.token, params: page });
      return { learner, word, pageWords };
    }

    it("writes a saved word's meaning and note, keeps its level, and clears them back to the dictionary's", async () => {
      const { learner, word, pageWords } = await learnerWithPage();
      const { token } = learner;
      await expectOk('saveUserWord', { token, body: { lowercase: word, level: 3, language: 'en' } });
      const saved = await expectOk('saveWordMeaning', {
        token,
        params,
        body: { lowercase: word, meaning: ' my own meaning ', note: 'first line\nsecond line' },
      });
      expect(saved).toMatchObject({
        lowercase: word,
        level: 3,
        language: 'en',
        meaning: 'my own meaning',
        note: 'first line\nsecond line',
        balances: { wordCount: 1 },
      });
      expect(await pageWords()).toEqual([
        { lowercase: word, level: 3, language: 'en', meaning: 'my own meaning', note: 'first line\nsecond line' },
      ]);
      const [listed] = (await expectOk('vocabulary', { token, params, query: { homeLang: 'de' } })).words;
      expect(listed).toMatchObject({ meaning: 'my own meaning', meaningIsOwn: true, note: 'first line\nsecond line' });

      await expectOk('saveWordMeaning', { token, params, body: { lowercase: word, meaning: null, note: null } });
      expect(await pageWords()).toEqual([{ lowercase: word, level: 3, language: 'en' }]);
      const [cleared] = (await expectOk('vocabulary', { token, params, query: { homeLang: 'de' } })).words;
      expect(cleared).toMatchObject({ meaningIsOwn: false, note: null });
      expect(cleared?.meaning).not.toBe('my own meaning');
    });

    it('saves an unsaved word at level 1 within the word limit, and refuses one past it', async () => {
      const { learner, word, pageWords } = await learnerWithPage();
      const { token } = learner;
      const saved = await expectOk('saveWordMeaning', {
        token,
        params,
        body: { lowercase: word, meaning: null, note: 'seen on the first page' },
      });
      expect(saved).toMatchObject({ level: 1, meaning: null, note: 'seen on the first page' });
      expect(saved.balances.wordCount).toBe(1);
      expect(await pageWords()).toEqual([
        { lowercase: word, level: 1, language: 'en', note: 'seen on the first page' },
      ]);
      await subject.setWordLimit(learner.username, 1);
      const refused = await expectError('saveWordMeaning', 403, {
        token,
        params,
        body: { lowercase: 'qqxzyqq', meaning: 'nothing', note: null },
      });
      expect(refused.details[0]).toEqual({ error: "You've Reached Your Word Limit", code: 'word_limit' });
      await expectOk('saveWordMeaning', {
        token,
        params,
        body: { lowercase: word, meaning: 'still mine', note: null },
      });
      expect((await expectOk('refresh', { token })).wordCount).toBe(1);
    });

    it("leaves another learner's word as it was", async () => {
      const { learner, word, pageWords } = await learnerWithPage();
      await expectOk('saveWordMeaning', {
        token: learner.token,
        params,
        body: { lowercase: word, meaning: 'mine', note: null },
      });
      const other = await signUp();
      await expectOk('saveWordMeaning', {
        token: other.token,
        params,
        body: { lowercase: word, meaning: 'theirs', note: null },
      });
      expect(await pageWords()).toEqual([{ lowercase: word, level: 1, language: 'en', meaning: 'mine' }]);
    });

    it('answers 400 naming the field for a long or broken meaning or note and an unknown language, storing nothing', async () => {
      const { token } = await signUp();
      const bad: [Record<string, unknown>, string][] = [
        [{ meaning: 'a'.repeat(201), note: null }, 'meaning'],
        [{ meaning: null, note: 'a'.repeat(501) }, 'note'],
        [{ meaning: 'two\nlines', note: null }, 'meaning'],
        [{ meaning: 'bell\u0007', note: null }, 'meaning'],
        [{ meaning: null, note: 'nul\u0000' }, 'note'],
        [{ meaning: '  ', note: null }, 'meaning'],
      ];
      for (const [body, field] of bad) {
        const refused = await expectError('saveWordMeaning', 400, {
          token,
          params,
          body: { lowercase: 'ferry', ...body },
        });
        expect(refused.details[0], JSON.stringify(body)).toMatchObject({ code: 'invalid_input', field });
      }
      const language = await expectError('saveWordMeaning', 400, {
        token,
        params: { targetLang: 'xx' },
        body: { lowercase: 'ferry', meaning: 'a boat', note: null },
      });
      expect(language.details[0]).toMatchObject({ field: 'targetLang' });
      expect((await expectOk('refresh', { token })).wordCount).toBe(0);
      expect(await expectOk('userWords', { token })).toEqual([]);
    });
  });

  describe('word families', () => {
    const params = { targetLang: 'en' };

    /** A learner and two words of the first English page, with that page's scoped-levels call. */
    async function learnerWithTwoWords() {
      const learner = await signUp();
      const { contentId, reader } = await firstContent('en');
      const words = [
        ...new Set(
          reader.sections.flatMap((section) => section.tokens.filter((t) => t.isWord).map((t) => t.lowercase)),
        ),
      ];
      const [child, parent] = words;
      if (!child || !parent) throw new Error('two words needed');
      const page = { targetLang: 'en', contentId, pageId: 0 };
      const pageWords = () => expectOk('pageWords', { token: learner.token, params: page });
      const link = (lowercase: string, to: string | null) =>
        expectOk('saveWordParent', {
          token: learner.token,
          params,
          body: { lowercase, parent: to === null ? null : { lowercase: to, language: 'en' } },
        });
      return { learner, child, parent, pageWords, link };
    }

    it("links an unsaved word to an unsaved parent, saving both at level 1, and shows the parent's meaning", async () => {
      const { learner, child, parent, pageWords, link } = await learnerWithTwoWords();
      const linked = await link(child, parent);
      expect(linked).toMatchObject({
        lowercase: child,
        level: 1,
        language: 'en',
        parent: { lowercase: parent, level: 1, language: 'en' },
        balances: { wordCount: 2 },
      });
      const token = learner.token;
      await expectOk('saveWordMeaning', {
        token,
        params,
        body: { lowercase: parent, meaning: 'the base', note: null },
      });
      const scoped = await pageWords();
      expect(scoped.find((word) => word.lowercase === child)).toEqual({
        lowercase: child,
        level: 1,
        language: 'en',
        parent,
        parentMeaning: 'the base',
      });
    });

    it("keeps a child's own meaning over its parent's", async () => {
      const { learner, child, parent, pageWords, link } = await learnerWithTwoWords();
      const token = learner.token;
      await link(child, parent);
      await expectOk('saveWordMeaning', {
        token,
        params,
        body: { lowercase: parent, meaning: 'the base', note: null },
      });
      await expectOk('saveWordMeaning', { token, params, body: { lowercase: child, meaning: 'its own', note: null } });
      expect((await pageWords()).find((word) => word.lowercase === child)).toEqual({
        lowercase: child,
        level: 1,
        language: 'en',
        meaning: 'its own',
        parent,
      });
    });

    it('unlinks a word, keeping both words and their levels', async () => {
      const { learner, child, parent, pageWords, link } = await learnerWithTwoWords();
      await expectOk('saveUserWord', { token: learner.token, body: { lowercase: child, level: 3, language: 'en' } });
      await link(child, parent);
      const unlinked = await link(child, null);
      expect(unlinked).toMatchObject({ lowercase: child, level: 3, parent: null, balances: { wordCount: 2 } });
      expect(await pageWords()).toEqual(
        expect.arrayContaining([
          { lowercase: child, level: 3, language: 'en' },
          { lowercase: parent, level: 1, language: 'en' },
        ]),
      );
    });

    it("clears the children's link when their parent is deleted", async () => {
      const { learner, child, parent, pageWords, link } = await learnerWithTwoWords();
      await link(child, parent);
      await expectOk('changeVocabulary', { token: learner.token, params, body: { words: [parent], remove: true } });
      expect(await pageWords()).toEqual([{ lowercase: child, level: 1, language: 'en' }]);
    });

    it('refuses a word as its own parent', async () => {
      const { child, learner } = await learnerWithTwoWords();
      const refused = await expectError('saveWordParent', 400, {
        token: learner.token,
        params,
        body: { lowercase: child, parent: { lowercase: child, language: 'en' } },
      });
      expect(refused.details[0]).toEqual({ error: 'A word cannot be its own parent', code: 'parent_self' });
    });

    it('refuses a parent in another language', async () => {
      const { child, parent, learner } = await learnerWithTwoWords();
      const refused = await expectError('saveWordParent', 400, {
        token: learner.token,
        params,
        body: { lowercase: child, parent: { lowercase: parent, language: 'de' } },
      });
      expect(refused.details[0]).toEqual({
        error: "A word's parent must be a word of the same language",
        code: 'parent_language',
      });
    });

    const cycle = {
      error: 'This would make a cycle of parents: the parent is already below the word in its family',
      code: 'parent_cycle',
    };

    it('refuses a cycle of two parents', async () => {
      const { child, parent, learner, link } = await learnerWithTwoWords();
      await link(child, parent);
      const refused = await expectError('saveWordParent', 400, {
        token: learner.token,
        params,
        body: { lowercase: parent, parent: { lowercase: child, language: 'en' } },
      });
      expect(refused.details[0]).toEqual(cycle);
    });

    it('refuses a cycle of three parents', async () => {
      const { learner, link } = await learnerWithTwoWords();
      await link('went', 'goes');
      await link('goes', 'go');
      const refused = await expectError('saveWordParent', 400, {
        token: learner.token,
        params,
        body: { lowercase: 'go', parent: { lowercase: 'went', language: 'en' } },
      });
      expect(refused.details[0]).toEqual(cycle);
    });

    it("answers a word's whole family from any of its words: up to its root, then every word below it", async () => {
      const { learner, link } = await learnerWithTwoWords();
      await link('went', 'go');
      await link('goes', 'go');
      await link('going', 'goes');
      const family = (lowercase: string) =>
        expectOk('wordFamily', { token: learner.token, params, query: { lowercase } });
      const expected = [
        { lowercase: 'go', level: 1, language: 'en', parent: null },
        { lowercase: 'goes', level: 1, language: 'en', parent: 'go' },
        { lowercase: 'going', level: 1, language: 'en', parent: 'goes' },
        { lowercase: 'went', level: 1, language: 'en', parent: 'go' },
      ];
      expect(await family('going')).toEqual(expected);
      expect(await family('go')).toEqual(expected);
    });

    it('answers a word without parent or child as a family of one, and 404 for a word not saved', async () => {
      const { learner, child, parent } = await learnerWithTwoWords();
      await expectOk('saveUserWord', { token: learner.token, body: { lowercase: child, level: 2, language: 'en' } });
      expect(await expectOk('wordFamily', { token: learner.token, params, query: { lowercase: child } })).toEqual([
        { lowercase: child, level: 2, language: 'en', parent: null },
      ]);
      const refused = await expectError('wordFamily', 404, {
        token: learner.token,
        params,
        query: { lowercase: parent },
      });
      expect(refused.details[0]?.code).toBe('not_found');
    });

    it("answers a word's base form as the dictionary names it, to anyone, and none for a word it does not", async () => {
      const lemma = (targetLang: string, lowercase: string) =>
        expectOk('wordLemma', { params: { targetLang }, query: { lowercase } });
      expect(await lemma('de', 'gegangen')).toEqual({ lemma: 'gehen' });
      expect(await lemma('de', 'häuser')).toEqual({ lemma: 'haus' });
      expect(await lemma('de', 'gehen')).toEqual({ lemma: null });
      expect(await lemma('en', 'gegangen')).toEqual({ lemma: null });
      const refused = await expectError('wordLemma', 400, { params: { targetLang: 'xx' }, query: { lowercase: 'a' } });
      expect(refused.details[0]?.code).toBe('invalid_input');
      await expectError('wordLemma', 400, { params: { targetLang: 'de' }, query: {} });
    });

    it('saves a new word and parent both or neither within the word limit', async () => {
      const { learner, child, parent, link } = await learnerWithTwoWords();
      await subject.setWordLimit(learner.username, 1);
      const refused = await expectError('saveWordParent', 403, {
        token: learner.token,
        params,
        body: { lowercase: child, parent: { lowercase: parent, language: 'en' } },
      });
      expect(refused.details[0]).toEqual({ error: "You've Reached Your Word Limit", code: 'word_limit' });
      expect((await expectOk('refresh', { token: learner.token })).wordCount).toBe(0);
      await subject.setWordLimit(learner.username, 2);
      expect((await link(child, parent)).balances.wordCount).toBe(2);
    });

    it('carries the parent in the JSON backup, the CSV and the CSV for Lute', async () => {
      const { learner, child, parent, link } = await learnerWithTwoWords();
      await link(child, parent);
      const token = learner.token;
      const json = await subject.call('exportVocabulary', { token, query: { format: 'json', language: 'en' } });
      const words = (JSON.parse(json.text) as { words: { word: string; parent: string | null }[] }).words;
      expect(words.find((word) => word.word === child)?.parent).toBe(parent);
      expect(words.find((word) => word.word === parent)?.parent).toBeNull();
      const csv = await subject.call('exportVocabulary', { token, query: { format: 'csv', language: 'en' } });
      expect(
        csv.text
          .split('\r\n')
          .find((line) => line.startsWith(`en,${child},`))
          ?.endsWith(`,${parent}`),
      ).toBe(true);
      const lute = await subject.call('exportVocabulary', { token, query: { format: 'lute', language: 'en' } });
      expect(lute.text.split('\r\n').find((line) => line.startsWith(`${child},`))).toMatch(
        new RegExp(`^${child},${parent},,English,`),
      );
    });

    it('lists the vocabulary grouped by family: the words without a parent, each with every word below it', async () => {
      const { learner, child, parent, link } = await learnerWithTwoWords();
      await link(child, parent);
      await link('zzwent', child);
      await expectOk('saveUserWord', {
        token: learner.token,
        body: { lowercase: 'zzalone', level: 2, language: 'en' },
      });
      const query = { homeLang: 'de', sort: 'az', family: '1' } as const;
      const grouped = await expectOk('vocabulary', { token: learner.token, params, query });
      expect(grouped.total).toBe(2);
      expect(grouped.words.map((word) => [word.lowercase, word.children])).toEqual([
        [parent, [child, 'zzwent'].sort().map((lowercase) => ({ lowercase, level: 1 }))],
        ['zzalone', []],
      ]);
      const flat = await expectOk('vocabulary', {
        token: learner.token,
        params,
        query: { homeLang: 'de', sort: 'az' },
      });
      expect(flat.total).toBe(4);
      expect(flat.words.every((word) => word.children === undefined)).toBe(true);
    });

    it('finds a family grouped on Words by any of its words, listed by its root', async () => {
      const { learner, link } = await learnerWithTwoWords();
      await link('zzwent', 'zzgo');
      await link('zzgoing', 'zzwent');
      await expectOk('saveUserWord', {
        token: learner.token,
        body: { lowercase: 'zzgoat', level: 2, language: 'en' },
      });
      const search = (q: string) =>
        expectOk('vocabulary', { token: learner.token, params, query: { homeLang: 'de', sort: 'az', family: '1', q } });
      const byGrandchild = await search('zzgoi');
      expect(byGrandchild.total).toBe(1);
      expect(
        byGrandchild.words.map((word) => [word.lowercase, word.children?.map((child) => child.lowercase)]),
      ).toEqual([['zzgo', ['zzgoing', 'zzwent']]]);
      expect((await search('zzgo')).words.map((word) => word.lowercase)).toEqual(['zzgo', 'zzgoat']);
    });

    it('refuses to unlink a word that is not saved', async () => {
      const { learner, child } = await learnerWithTwoWords();
      const refused = await expectError('saveWordParent', 404, {
        token: learner.token,
        params,
        body: { lowercase: child, parent: null },
      });
      expect(refused.details[0]?.code).toBe('not_found');
    });
  });

  describe('daily progress', () => {
    const params = { targetLang: 'en' };
    const learnerToday = async (token: string) => {
      const { days, levels } = await expectOk('progress', { token, params });
      expect(days).toHaveLength(30);
      expect(days.slice(0, -1).every((day) => day.wordsSaved + day.wordsKnown + day.pagesRead === 0)).toBe(true);
      const { day: _day, ...today } = days.at(-1) ?? { day: '' };
      return { today, levels };
    };

    it("counts today's words saved, made known and pages finished, each once, whatever the kind of save", async () => {
      const { token } = await signUp();
      const contentId = await ferryText(token);
      const save = (lowercase: string, level: number) =>
        expectOk('saveUserWord', { token, body: { lowercase, level, language: 'en' } });
      await save('harbour', 2);
      await save('harbour', 2);
      await save('dawn', 4);
      expect(await learnerToday(token)).toEqual({
        today: { wordsSaved: 2, wordsKnown: 1, pagesRead: 0 },
        levels: [0, 0, 1, 0, 1],
      });
      // The ferry text's 13 distinct words: "harbour" (level 2) stays, "dawn" is known, 11 are new.
      await expectOk('markPageKnown', { token, params: { targetLang: 'en', contentId, pageId: 0 } });
      await expectOk('changeVocabulary', { token, params, body: { words: ['harbour', 'dawn'], level: 4 } });
      await expectOk('changeVocabulary', { token, params, body: { words: ['ferry'], remove: true } });
      const page = { contentId, pageId: 0, language: 'en' } as const;
      await expectOk('saveUserPage', { token, body: page });
      await expectOk('saveUserPage', { token, body: page });
      expect(await learnerToday(token)).toEqual({
        today: { wordsSaved: 13, wordsKnown: 13, pagesRead: 1 },
        levels: [0, 0, 0, 0, 12],
      });
      const other = await signUp();
      expect(await learnerToday(other.token)).toEqual({
        today: { wordsSaved: 0, wordsKnown: 0, pagesRead: 0 },
        levels: [0, 0, 0, 0, 0],
      });
    });

    it('answers 400 naming the field for an unknown language', async () => {
      const { token } = await signUp();
      const refused = await expectError('progress', 400, { token, params: { targetLang: 'xx' } });
      expect(refused.details[0]).toMatchObject({ field: 'targetLang' });
    });
  });

  describe('coins earned by learning', () => {
    it('pays a coin per level a word reaches first, ten per page finished first, nothing for repeats', async () => {
      const { token } = await signUp();
      const coins = async () => (await expectOk('refresh', { token })).creditAmount;
      await expectOk('saveUserWord', { token, body: { lowercase: 'lantern', level: 1, language: 'en' } });
      const afterFirst = await coins(); // the level, and the streak day's coins on the day's first learning
      await expectOk('saveUserWord', { token, body: { lowercase: 'lantern', level: 3, language: 'en' } });
      expect(await coins()).toBe(afterFirst + 2);
      for (const level of [1, 3, 0]) {
        await expectOk('saveUserWord', { token, body: { lowercase: 'lantern', level, language: 'en' } });
      }
      expect(await coins()).toBe(afterFirst + 2);
      const { contentId } = await firstContent('en');
      const page = { contentId, pageId: 0, language: 'en' } as const;
      await expectOk('saveUserPage', { token, body: page });
      expect(await coins()).toBe(afterFirst + 12);
      await expectOk('saveUserPage', { token, body: page });
      expect(await coins()).toBe(afterFirst + 12);
    });

    it("answers each save with the balances it left, and the streak on the day's first learning", async () => {
      const { token } = await signUp();
      const first = await expectOk('saveUserWord', { token, body: { lowercase: 'harbour', level: 2, language: 'en' } });
      const me = await expectOk('refresh', { token });
      expect(me.streak).toHaveLength(1);
      expect(first.balances).toEqual({ wordCount: 1, creditAmount: me.creditAmount, streak: me.streak });
      const again = await expectOk('saveUserWord', { token, body: { lowercase: 'harbour', level: 3, language: 'en' } });
      expect(again).toEqual({
        lowercase: 'harbour',
        level: 3,
        language: 'en',
        balances: { wordCount: 1, creditAmount: me.creditAmount + 1 },
      });
      const { contentId } = await firstContent('en');
      const page = { contentId, pageId: 0, language: 'en' } as const;
      expect(await expectOk('saveUserPage', { token, body: page })).toEqual({
        ...page,
        balances: { wordCount: 1, creditAmount: me.creditAmount + 11 },
      });
    });
  });

  describe('flashcards', () => {
    const params = { targetLang: 'en' };
    const query = { homeLang: 'de' };
    const minute = 60_000;
    const day = 24 * 60 * minute;

    /** A learner with the ferry text and these words saved, in this order. */
    async function learnerWith(words: Record<string, number>) {
      const learner = await signUp();
      const contentId = await ferryText(learner.token);
      for (const [lowercase, level] of Object.entries(words)) {
        await expectOk('saveUserWord', { token: learner.token, body: { lowercase, level, language: 'en' } });
      }
      return { ...learner, contentId };
    }

    const addCard = (token: string, lowercase: string) =>
      expectOk('addFlashcard', { token, params, query, body: { lowercase } });

    const review = (
      token: string,
      card: { id: number; reps: number },
      rating: number,
      reviewId = crypto.randomUUID(),
    ) =>
      expectOk('reviewFlashcard', {
        token,
        params,
        query,
        body: { reviewId, cardId: card.id, rating, reps: card.reps, durationMs: 4000 },
      });

    const queue = async (token: string, practice = false) =>
      (await expectOk('flashcardQueue', { token, params, query: { ...query, practice: String(practice) } })).cards.map(
        (card) => card.lowercase,
      );

    it('keeps the first sentence a word is saved in, and a card made for the word shows it with its source', async () => {
      const { token, contentId } = await learnerWith({});
      const first = { sentence: 'The ferry number 0 leaves the harbour at dawn.', source: { contentId, pageId: 0 } };
      const saved = await expectOk('saveUserWord', {
        token,
        body: { lowercase: 'ferry', level: 1, language: 'en', context: first },
      });
      expect(saved).toMatchObject({ lowercase: 'ferry', level: 1, language: 'en' });
      expect(saved).not.toHaveProperty('context');
      const later = { sentence: 'The ferry number 1 leaves the harbour at dawn.', source: { contentId, pageId: 0 } };
      await expectOk('saveUserWord', { token, body: { lowercase: 'ferry', level: 2, language: 'en', context: later } });
      expect(await expectOk('userWords', { token })).toEqual([{ lowercase: 'ferry', level: 2, language: 'en' }]);
      const { card, added } = await addCard(token, 'ferry');
      expect(added).toBe(true);
      expect(card).toMatchObject({
        lowercase: 'ferry',
        level: 2,
        sentence: first.sentence,
        source: { kind: 'content', contentId, pageId: 0, title: 'Ferry' },
        state: 'new',
        reps: 0,
        lapses: 0,
        suspended: false,
      });
    });

    it("keeps a transcript's sentence with its video, and a word saved from a list without one", async () => {
      const { token } = await learnerWith({ dawn: 1 });
      await expectOk('processVideo', { token, body: video('fcVideo0001', 'en') });
      const context = { sentence: 'We sail at dawn.', source: { videoId: 'fcVideo0001' } };
      await expectOk('saveUserWord', { token, body: { lowercase: 'harbour', level: 1, language: 'en', context } });
      const harbour = await addCard(token, 'harbour');
      expect(harbour.card).toMatchObject({
        sentence: 'We sail at dawn.',
        source: { kind: 'video', videoId: 'fcVideo0001', title: 'Video fcVideo0001' },
      });
      const dawn = await addCard(token, 'dawn');
      expect(dawn.card).toMatchObject({ sentence: null, source: null });
    });

    it('refuses a sentence over 500 characters, an empty one or a broken source with 400, saving nothing', async () => {
      const { token, contentId } = await learnerWith({});
      const cases: [unknown, string][] = [
        [{ sentence: 'a'.repeat(501), source: { contentId, pageId: 0 } }, 'context.sentence'],
        [{ sentence: '   ', source: { contentId, pageId: 0 } }, 'context.sentence'],
        [{ sentence: 'A sentence.', source: { contentId: 0, pageId: 0 } }, 'context.source'],
        [{ sentence: 'A sentence.', source: { videoId: 'short' } }, 'context.source'],
      ];
      for (const [context, field] of cases) {
        const refused = await expectError('saveUserWord', 400, {
          token,
          body: { lowercase: 'ferry', level: 1, language: 'en', context },
        });
        expect(refused.details[0]?.field, JSON.stringify(context)).toMatch(new RegExp(`^${field}`));
      }
      expect(await expectOk('userWords', { token })).toEqual([]);
    });

    it('makes one card per saved word, and answers 404 for a word not saved', async () => {
      const { token } = await learnerWith({ ferry: 1 });
      const first = await addCard(token, 'ferry');
      const again = await addCard(token, 'ferry');
      expect(again).toMatchObject({ added: false, card: { id: first.card.id } });
      const missing = await expectError('addFlashcard', 404, { token, params, query, body: { lowercase: 'qqxzyqq' } });
      expect(missing.details[0]?.code).toBe('not_found');
      const other = await learnerWith({});
      await expectError('addFlashcard', 404, { token: other.token, params, query, body: { lowercase: 'ferry' } });
    });

    it('adds cards for words at levels 1–3 without one, the most frequent first, then the most recent, never twice', async () => {
      // "ferry" occurs 6 times in the learner's text; the others nowhere; "aanewer" was saved last.
      const { token } = await learnerWith({ zzolder: 1, harbour: 4, dawn: 0, ferry: 2, aanewer: 3 });
      const two = await expectOk('addFlashcards', { token, params, body: { count: 2 } });
      expect(two.added).toBe(2);
      expect(two.summary).toMatchObject({ total: 2, newWaiting: 2, suspended: 0 });
      expect(await queue(token)).toEqual(['ferry', 'aanewer']);
      expect((await expectOk('addFlashcards', { token, params, body: { count: 20 } })).added).toBe(1);
      const none = await expectOk('addFlashcards', { token, params, body: { count: 20 } });
      expect(none).toMatchObject({ added: 0, summary: { total: 3 } });
      expect(await queue(token)).toEqual(['ferry', 'aanewer', 'zzolder']);
    });

    it('makes each card once when two batches run at once', async () => {
      const { token } = await learnerWith({ ferry: 1, harbour: 2, dawn: 3 });
      const batches = await Promise.all(
        [1, 2].map(() => expectOk('addFlashcards', { token, params, body: { count: 2 } })),
      );
      const summary = await expectOk('flashcardSummary', { token, params });
      expect(batches.reduce((sum, batch) => sum + batch.added, 0)).toBe(summary.total);
      expect(summary.total).toBeGreaterThanOrEqual(2);
      const listed = await queue(token);
      expect(new Set(listed).size).toBe(summary.total);
    });

    it('schedules a new card: Again in a minute, Good in ten, Easy in days; a repeated review id answers the same', async () => {
      const { token } = await learnerWith({ ferry: 1 });
      const { card } = await addCard(token, 'ferry');
      const sinceAgain = (grade: keyof typeof card.next) => Date.parse(card.next[grade]) - Date.parse(card.next.again);
      expect([sinceAgain('hard'), sinceAgain('good')]).toEqual([5 * minute, 9 * minute]);
      expect(sinceAgain('easy')).toBeGreaterThan(day);
      const reviewId = crypto.randomUUID();
      const good = await review(token, card, 3, reviewId);
      expect(good.card).toMatchObject({ id: card.id, state: 'learning', reps: 1, lapses: 0 });
      expect(Math.abs(Date.parse(good.card.due) - Date.parse(card.next.good))).toBeLessThan(minute);
      expect(good).toMatchObject({ level: { before: 1, after: 1 }, offerKnown: false, balances: { wordCount: 1 } });
      const repeated = await review(token, card, 3, reviewId);
      expect(repeated.card).toMatchObject({ id: card.id, reps: 1, due: good.card.due, state: 'learning' });
      expect(repeated.level).toEqual(good.level);
      const summary = await expectOk('flashcardSummary', { token, params });
      expect(summary).toMatchObject({ newToday: 1, newWaiting: 0, total: 1, buckets: { now: 0 } });
      expect(await queue(token)).toEqual([]);
    });

    it('answers 409 to a review made on an old repetition count, or with a review id of another card', async () => {
      const { token } = await learnerWith({ ferry: 1, dawn: 1 });
      const { card } = await addCard(token, 'ferry');
      const dawn = (await addCard(token, 'dawn')).card;
      const reviewId = crypto.randomUUID();
      await review(token, card, 3, reviewId);
      const stale = await expectError('reviewFlashcard', 409, {
        token,
        params,
        query,
        body: { reviewId: crypto.randomUUID(), cardId: card.id, rating: 4, reps: 0, durationMs: 1000 },
      });
      expect(stale.details[0]?.code).toBe('conflict');
      await expectError('reviewFlashcard', 409, {
        token,
        params,
        query,
        body: { reviewId, cardId: dawn.id, rating: 3, reps: 0, durationMs: 1000 },
      });
    });

    it('suspends a card while its word is at level 0 or 4: a review is 409, no queue lists it', async () => {
      const { token } = await learnerWith({ ferry: 2, dawn: 1 });
      const { card } = await addCard(token, 'ferry');
      await addCard(token, 'dawn');
      for (const level of [4, 0]) {
        await expectOk('saveUserWord', { token, body: { lowercase: 'ferry', level, language: 'en' } });
        const refused = await expectError('reviewFlashcard', 409, {
          token,
          params,
          query,
          body: { reviewId: crypto.randomUUID(), cardId: card.id, rating: 3, reps: 0, durationMs: 1000 },
        });
        expect(refused.details[0]?.code).toBe('conflict');
        expect(await queue(token)).toEqual(['dawn']);
        expect(await queue(token, true)).toEqual(['dawn']);
        const summary = await expectOk('flashcardSummary', { token, params });
        expect(summary).toMatchObject({ total: 2, suspended: 1, newWaiting: 1, buckets: { now: 1 } });
      }
      await expectOk('saveUserWord', { token, body: { lowercase: 'ferry', level: 3, language: 'en' } });
      expect(await queue(token)).toEqual(['ferry', 'dawn']);
      expect((await review(token, card, 3)).card.suspended).toBe(false);
    });

    it('practises any card not suspended, the least recently reviewed first', async () => {
      const { token } = await learnerWith({ ferry: 1, dawn: 1, harbour: 1 });
      const ferry = (await addCard(token, 'ferry')).card;
      await addCard(token, 'dawn');
      await addCard(token, 'harbour');
      await review(token, ferry, 4);
      expect(await queue(token, true)).toEqual(['dawn', 'harbour', 'ferry']);
      const limited = await expectOk('flashcardQueue', {
        token,
        params,
        query: { ...query, practice: 'true', limit: '1' },
      });
      expect(limited.cards.map((card) => card.lowercase)).toEqual(['dawn']);
    });

    it('moves levels by the rules alone: Again lowers 2–3 by one, Easy raises 1 to 2 past 3 days, once a day', async () => {
      const { token } = await learnerWith({ ferry: 3, harbour: 1, dawn: 1 });
      const ferry = (await addCard(token, 'ferry')).card;
      const harbour = (await addCard(token, 'harbour')).card;
      const dawn = (await addCard(token, 'dawn')).card;
      expect((await review(token, ferry, 1)).level).toEqual({ before: 3, after: 2 });
      const raised = await review(token, harbour, 4);
      expect(raised.level).toEqual({ before: 1, after: 2 });
      expect(raised.card).toMatchObject({ level: 2, state: 'review' });
      expect((await review(token, raised.card, 4)).level).toEqual({ before: 2, after: 2 });
      const hard = await review(token, dawn, 2);
      expect(hard.level).toEqual({ before: 1, after: 1 });
      expect((await review(token, hard.card, 1)).level).toEqual({ before: 1, after: 1 });
      const words = await expectOk('userWords', { token });
      expect(words.map(({ lowercase, level }) => [lowercase, level]).sort()).toEqual([
        ['dawn', 1],
        ['ferry', 2],
        ['harbour', 2],
      ]);
    });

    it("undoes a card's latest review only: the card and the level as they were", async () => {
      const { token } = await learnerWith({ harbour: 1, dawn: 1 });
      const { card } = await addCard(token, 'harbour');
      const first = crypto.randomUUID();
      await review(token, card, 4, first);
      const undone = await expectOk('undoFlashcardReview', { token, params, query, body: { reviewId: first } });
      expect(undone).toMatchObject({ level: 1, card: { id: card.id, state: 'new', reps: 0, due: card.due, level: 1 } });
      expect(await expectOk('userWords', { token })).toContainEqual({ lowercase: 'harbour', level: 1, language: 'en' });
      await expectError('undoFlashcardReview', 409, { token, params, query, body: { reviewId: first } });
      const second = crypto.randomUUID();
      const third = crypto.randomUUID();
      const graded = await review(token, undone.card, 3, second);
      await review(token, graded.card, 3, third);
      const older = await expectError('undoFlashcardReview', 409, { token, params, query, body: { reviewId: second } });
      expect(older.details[0]?.code).toBe('conflict');
      const back = await expectOk('undoFlashcardReview', { token, params, query, body: { reviewId: third } });
      expect(back.card).toMatchObject({ reps: 1, due: graded.card.due, state: graded.card.state });
      const unknown = crypto.randomUUID();
      await expectError('undoFlashcardReview', 404, { token, params, query, body: { reviewId: unknown } });
    });

    it("caps the new cards a day at the learner's setting", async () => {
      const { token } = await learnerWith({ ferry: 1, harbour: 1, dawn: 1, aanewer: 1 });
      expect(await expectOk('flashcardSettings', { token, body: { newPerDay: 2 } })).toEqual({ newPerDay: 2 });
      await expectOk('addFlashcards', { token, params, body: { count: 20 } });
      const summary = await expectOk('flashcardSummary', { token, params });
      expect(summary).toMatchObject({ newPerDay: 2, newToday: 0, newWaiting: 4, total: 4, buckets: { now: 2 } });
      expect(summary.forecast).toHaveLength(7);
      const cards = (await expectOk('flashcardQueue', { token, params, query })).cards;
      expect(cards).toHaveLength(2);
      const [first] = cards;
      if (!first) throw new Error('no card to review');
      await review(token, first, 3);
      expect(await expectOk('flashcardSummary', { token, params })).toMatchObject({
        newToday: 1,
        newWaiting: 3,
        buckets: { now: 1 },
      });
      expect(await queue(token)).toHaveLength(1);
    });

    it("answers 400 naming the field for bad grades, counts, caps and queries, 404 for another learner's card", async () => {
      const { token } = await learnerWith({ ferry: 1 });
      const { card } = await addCard(token, 'ferry');
      const body = { reviewId: crypto.randomUUID(), cardId: card.id, rating: 3, reps: 0, durationMs: 1000 };
      const refusals: [Record<string, unknown>, string][] = [
        [{ rating: 0 }, 'rating'],
        [{ rating: 5 }, 'rating'],
        [{ rating: 'good' }, 'rating'],
        [{ rating: null }, 'rating'],
        [{ reviewId: 'not-a-uuid' }, 'reviewId'],
        [{ durationMs: -1 }, 'durationMs'],
      ];
      for (const [change, field] of refusals) {
        const refused = await expectError('reviewFlashcard', 400, {
          token,
          params,
          query,
          body: { ...body, ...change },
        });
        expect(refused.details[0]?.field, JSON.stringify(change)).toBe(field);
      }
      for (const count of [0, 51]) {
        const refused = await expectError('addFlashcards', 400, { token, params, body: { count } });
        expect(refused.details[0]?.field).toBe('count');
      }
      for (const newPerDay of [0, 201]) {
        const refused = await expectError('flashcardSettings', 400, { token, body: { newPerDay } });
        expect(refused.details[0]?.field).toBe('newPerDay');
      }
      const limit = await expectError('flashcardQueue', 400, { token, params, query: { ...query, limit: '0' } });
      expect(limit.details[0]?.field).toBe('limit');
      const language = await expectError('flashcardSummary', 400, { token, params: { targetLang: 'xx' } });
      expect(language.details[0]?.field).toBe('targetLang');
      const other = await signUp();
      const theirs = await expectError('reviewFlashcard', 404, { token: other.token, params, query, body });
      expect(theirs.details[0]?.code).toBe('not_found');
      expect((await review(token, card, 3)).card.reps).toBe(1);
    });

    it('removes a card with its word', async () => {
      const { token } = await learnerWith({ ferry: 1, dawn: 1 });
      await expectOk('addFlashcards', { token, params, body: { count: 20 } });
      await expectOk('changeVocabulary', { token, params, body: { words: ['ferry'], remove: true } });
      expect(await queue(token)).toEqual(['dawn']);
      expect((await expectOk('flashcardSummary', { token, params })).total).toBe(1);
    });
  });

  describe("a learner's words from a file", () => {
    const csvOf = (rows: string[]) => `language,word,level,meaning\r\n${rows.join('\r\n')}\r\n`;
    const preview = (token: string, content: string | Uint8Array, fields: Record<string, string> = {}) =>
      subject.call('previewWordImport', { token, upload: { fields: { language: 'en', ...fields }, content } });

    async function previewed(token: string, content: string | Uint8Array) {
      const answer = await preview(token, content);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return envelopeSchema(endpoints.previewWordImport.details).parse(answer.json).details;
    }

    const luteOf = (rows: string[]) =>
      `term,parent,translation,language,tags,added,status,link_status,pronunciation\r\n${rows.join('\r\n')}\r\n`;
    /** The learner's English words and their parents, as the JSON backup has them. */
    async function parentsOf(token: string) {
      const json = await subject.call('exportVocabulary', { token, query: { format: 'json', language: 'en' } });
      const { words } = wordBackupSchema.parse(JSON.parse(json.text));
      return Object.fromEntries(words.map((word) => [word.word, word.parent ?? null]));
    }
    async function commit(token: string, content: string, policy: 'keep_higher' | 'overwrite' | 'add_new') {
      const staged = await previewed(token, content);
      return expectOk('commitWordImport', { token, params: { importId: staged.importId }, body: { policy } });
    }

    it("links the parents Lute's CSV names to words of the file or saved, and leaves out the others", async () => {
      const { token } = await signUp();
      await expectOk('saveUserWord', { token, body: { lowercase: 'see', level: 3, language: 'en' } });
      await commit(
        token,
        luteOf(['went,go,,English,,,2,,', 'go,,,English,,,1,,', 'saw,see,,English,,,2,,', 'gone,goes,,English,,,2,,']),
        'keep_higher',
      );
      expect(await parentsOf(token)).toEqual({ go: null, gone: null, saw: 'see', see: null, went: 'go' });
    });

    it('counts in the preview the words each policy would link to a parent saved or in the file', async () => {
      const { token } = await signUp();
      await expectOk('saveUserWord', { token, body: { lowercase: 'see', level: 3, language: 'en' } });
      await expectOk('saveUserWord', { token, body: { lowercase: 'went', level: 1, language: 'en' } });
      await expectOk('saveWordParent', {
        token,
        params: { targetLang: 'en' },
        body: { lowercase: 'went', parent: { lowercase: 'see', language: 'en' } },
      });
      const staged = await previewed(
        token,
        luteOf(['went,go,,English,,,2,,', 'go,,,English,,,1,,', 'saw,see,,English,,,2,,', 'gone,goes,,English,,,2,,']),
      );
      // "went" has a parent already, "saw" is new, "gone" names a parent that is neither saved nor in the file.
      expect(staged.counts.links).toEqual({ keep_higher: 1, overwrite: 2, add_new: 1 });
    });

    it('leaves out the links of a file that would make a cycle of parents', async () => {
      const { token } = await signUp();
      await commit(
        token,
        luteOf(['aa,bb,,English,,,2,,', 'bb,aa,,English,,,2,,', 'cc,aa,,English,,,2,,']),
        'overwrite',
      );
      expect(await parentsOf(token)).toEqual({ aa: null, bb: null, cc: 'aa' });
      await commit(token, luteOf(['aa,cc,,English,,,2,,']), 'overwrite');
      expect(await parentsOf(token)).toEqual({ aa: null, bb: null, cc: 'aa' });
    });

    it("adding only new words links only those: a saved word's parent stays as it was", async () => {
      const { token } = await signUp();
      await expectOk('saveUserWord', { token, body: { lowercase: 'went', level: 3, language: 'en' } });
      await commit(
        token,
        luteOf(['went,go,,English,,,2,,', 'gone,go,,English,,,2,,', 'go,,,English,,,1,,']),
        'add_new',
      );
      expect(await parentsOf(token)).toEqual({ go: null, gone: 'go', went: null });
    });

    it('keeps when each word was first saved: from a backup, from Lute, and for a word saved now', async () => {
      const { token } = await signUp();
      await expectOk('saveUserWord', { token, body: { lowercase: 'moon', level: 1, language: 'en' } });
      const addedOf = async () => {
        const json = await subject.call('exportVocabulary', { token, query: { format: 'json', language: 'en' } });
        const { words } = wordBackupSchema.parse(JSON.parse(json.text));
        return Object.fromEntries(words.map((word) => [word.word, word.addedAt]));
      };
      const saved = (await addedOf()).moon ?? '';
      expect(Date.parse(saved)).not.toBeNaN();
      const backup = JSON.stringify({
        schema: 'folio-words',
        version: 1,
        exportedAt: '2026-01-01T00:00:00.000Z',
        words: [
          {
            language: 'en',
            word: 'star',
            level: 2,
            meaning: null,
            note: null,
            sentence: null,
            source: null,
            updatedAt: '2025-06-01T00:00:00.000Z',
            addedAt: '2024-05-01T10:00:00.000Z',
            card: null,
          },
          {
            language: 'en',
            word: 'moon',
            level: 3,
            meaning: null,
            note: null,
            sentence: null,
            source: null,
            updatedAt: '2025-06-01T00:00:00.000Z',
            addedAt: '2020-01-01T00:00:00.000Z',
            card: null,
          },
        ],
      });
      await commit(token, backup, 'keep_higher');
      await commit(
        token,
        luteOf(['comet,,,English,,2023-01-02 03:04:05,2,,', 'nova,,,English,,yesterday,2,,']),
        'keep_higher',
      );
      const added = await addedOf();
      // A saved word keeps its own time; a new one takes the file's, or now when the file's cannot be read.
      expect(added).toMatchObject({ star: '2024-05-01T10:00:00.000Z', comet: '2023-01-02T03:04:05.000Z', moon: saved });
      expect(Date.parse(added.nova ?? '')).toBeGreaterThanOrEqual(Date.parse(saved));
    });

    it("imports another learner's CSV export: the same words, levels and meanings", async () => {
      const from = await signUp();
      await expectOk('saveUserWord', { token: from.token, body: { lowercase: 'ferry', level: 2, language: 'en' } });
      await expectOk('saveUserWord', { token: from.token, body: { lowercase: 'hund', level: 4, language: 'de' } });
      await expectOk('saveWordMeaning', {
        token: from.token,
        params: { targetLang: 'en' },
        body: { lowercase: 'ferry', meaning: '=boat', note: 'a "note", two\nlines' },
      });
      const csv = await subject.call('exportVocabulary', {
        token: from.token,
        query: { format: 'csv', language: 'all' },
      });
      const to = await signUp();
      const staged = await previewed(to.token, csv.text);
      expect(staged).toMatchObject({
        format: 'csv',
        counts: { new: 2, skipped: 0, updated: { keep_higher: 0 } },
        problems: [],
        limit: { fits: true },
      });
      const result = await expectOk('commitWordImport', {
        token: to.token,
        params: { importId: staged.importId },
        body: { policy: 'keep_higher' },
      });
      expect(result).toEqual({ added: 2, updated: 0, unchanged: 0, cards: 0, wordCount: 2 });
      const backup = async (token: string) =>
        wordBackupSchema
          .parse((await subject.call('exportVocabulary', { token, query: { format: 'json', language: 'all' } })).json)
          .words.map(({ language, word, level, meaning, note }) => ({ language, word, level, meaning, note }));
      expect(await backup(to.token)).toEqual(await backup(from.token));
    });

    it("imports an Anki package: its note type's fields, the fields chosen, each note a word", async () => {
      const { token } = await signUp();
      const tools = { sqlite: await initSqlJs(), zip: (files: Record<string, Uint8Array>) => zipSync(files) };
      const words = [
        { language: 'en', word: 'ferry', level: 2, meaning: 'a boat', note: null, sentence: null },
        { language: 'en', word: 'dawn', level: 3, meaning: null, note: 'early', sentence: null },
      ] as const;
      const bytes = ankiPackage(tools, 'other learner', words, new Date('2026-11-01T00:00:00Z'));
      const first = await previewed(token, bytes);
      expect(first).toMatchObject({ format: 'anki', counts: { new: 2, skipped: 0 }, problems: [] });
      const [type] = first.noteTypes ?? [];
      expect(type?.fields.map((field) => field.name)).toEqual(['Word', 'Meaning', 'Sentence', 'Note', 'Level']);
      expect(type?.choice).toEqual({ word: 0, meaning: 1, sentence: null, note: null });
      const mapping = [{ noteTypeId: type?.id ?? 0, word: 0, meaning: null, sentence: null, note: 3 }];
      const chosen = await preview(token, bytes, { mapping: JSON.stringify(mapping) });
      const staged = envelopeSchema(endpoints.previewWordImport.details).parse(chosen.json).details;
      await expectOk('commitWordImport', {
        token,
        params: { importId: staged.importId },
        body: { policy: 'keep_higher' },
      });
      const backup = await subject.call('exportVocabulary', { token, query: { format: 'json', language: 'all' } });
      const saved = wordBackupSchema
        .parse(backup.json)
        .words.map(({ word, level, meaning, note }) => ({ word, level, meaning, note }));
      expect(saved).toEqual(
        expect.arrayContaining([
          { word: 'ferry', level: 1, meaning: null, note: null },
          { word: 'dawn', level: 1, meaning: null, note: 'early' },
        ]),
      );
    });

    it('refuses a package it cannot read with its reason', async () => {
      const { token } = await signUp();
      const answer = await preview(token, zipSync({ media: new TextEncoder().encode('{}') }));
      expect(answer.status).toBe(400);
      expect(errorEnvelopeSchema.parse(answer.json).details[0]?.code).toBe('anki_no_collection');
    });

    it('lists bad rows by line and reason, and refuses files it cannot read', async () => {
      const { token } = await signUp();
      const staged = await previewed(
        token,
        csvOf(['en,ferry,5,', 'en,dawn,2,', 'en,Dawn,3,', 'en,42,1,', 'xx,sea,1,']),
      );
      expect(staged.counts).toMatchObject({ new: 1, skipped: 4 });
      expect(staged.problems).toEqual([
        { line: 2, reason: 'bad_level', word: 'ferry' },
        { line: 4, reason: 'duplicate_word', word: 'Dawn' },
        { line: 5, reason: 'not_a_word', word: '42' },
        { line: 6, reason: 'unknown_language', word: 'sea' },
      ]);
      const latin1 = new Uint8Array([...new TextEncoder().encode('language,word,level\nfr,caf'), 0xe9, 0x2c, 0x31]);
      const refusals: [string | Uint8Array, string][] = [
        ['', 'empty_word_file'],
        ['language,word,level\r\n', 'empty_word_file'],
        [latin1, 'not_utf8'],
        ['a,b\n1,2\n', 'unknown_word_format'],
      ];
      for (const [content, code] of refusals) {
        const answer = await preview(token, content);
        expect(answer.status).toBe(400);
        expect(errorEnvelopeSchema.parse(answer.json).details[0]?.code).toBe(code);
      }
      const language = await preview(token, csvOf(['en,ferry,1,']), { language: 'xx' });
      expect(language.status).toBe(400);
    });

    it('applies an import once, for its learner only, and nothing over the word limit', async () => {
      const owner = await signUp();
      const other = await signUp();
      const staged = await previewed(owner.token, csvOf(['en,ferry,1,', 'en,dawn,2,']));
      const target = { params: { importId: staged.importId }, body: { policy: 'add_new' } };
      await expectError('commitWordImport', 404, { token: other.token, ...target });
      await expectError('commitWordImport', 401, target);
      await subject.setWordLimit(owner.username, 1);
      const tight = await previewed(owner.token, csvOf(['en,ferry,1,', 'en,dawn,2,']));
      expect(tight.limit).toEqual({ fits: false, room: 1 });
      const refused = await expectError('commitWordImport', 403, {
        token: owner.token,
        params: { importId: tight.importId },
        body: { policy: 'keep_higher' },
      });
      expect(refused.details[0]).toMatchObject({ code: 'word_limit', room: 1 });
      expect((await expectOk('refresh', { token: owner.token })).wordCount).toBe(0);
      await subject.setWordLimit(owner.username, 100);
      await expectOk('commitWordImport', { token: owner.token, ...target });
      const again = await expectError('commitWordImport', 409, { token: owner.token, ...target });
      expect(again.details[0]?.code).toBe('already_imported');
      expect((await expectOk('refresh', { token: owner.token })).wordCount).toBe(2);
    });
  });
}
