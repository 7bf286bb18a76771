import { NetworkReadyState } from 'msw/experimental';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeItems } from '@/contract/constants';
import { API_BASE, type DetailsOf, type EndpointName, endpoints, pathOf, TIME_ZONE_HEADER } from '@/contract/endpoints';
import { DONE_MESSAGE, type ErrorEnvelope, envelopeSchema, errorEnvelopeSchema } from '@/contract/envelope';
import { describeConformance, fileNameOf, jsonOf, multipartOf, type Upload } from './conformance';
import { adminAccount, mockDb, readerAccount, resetMockDb, restoreMockDb, serializeMockDb } from './db';
import { allPageSections } from './fixtures/content';
import { transcriptOf, transcriptVideoId } from './fixtures/transcript';
import { glossFor } from './fixtures/translations';
import { learningDayIn } from './flashcards';
import { handlers } from './handlers';
import { failedUpload } from './handlers/imports';
import { failingVideoId } from './handlers/videos';
import { server } from './node';

const origin = 'http://localhost:3000';
const reader = readerAccount.token;

// The shared test setup may already run the server for every file; only start (and stop) it when it does not.
let startedHere = false;

beforeAll(() => {
  if (server.readyState === NetworkReadyState.DISABLED) {
    server.listen({ onUnhandledFrame: 'error' });
    startedHere = true;
  }
});

beforeEach(() => resetMockDb());

afterEach(() => server.resetHandlers());

afterAll(() => {
  if (startedHere) server.close();
});

type CallOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, string> | undefined;
  body?: unknown;
  /** A file sent as multipart form data in the field `file` (built by hand: jsdom's FormData and Node's fetch disagree). */
  file?: string;
  /** The file's name (a.srt unless given) and the form's other fields, sent before it. */
  filename?: string;
  fields?: Record<string, string>;
  /** A file as its bytes, with the form's other fields (the conformance suite's uploads). */
  upload?: Upload | undefined;
  token?: string;
  /** The learner's zone (`X-Time-Zone`), as the SPA sends it. */
  timeZone?: string;
};

const called = new Set<EndpointName>();

async function call(
  name: EndpointName,
  { params, query, body, file, filename = 'a.srt', fields = {}, upload, token, timeZone }: CallOptions = {},
): Promise<Response> {
  const endpoint = endpoints[name];
  const headers = new Headers();
  const form = upload ? multipartOf(upload) : undefined;
  if (form) headers.set('Content-Type', form.contentType);
  if (timeZone) headers.set(TIME_ZONE_HEADER, timeZone);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (file !== undefined) headers.set('Content-Type', 'multipart/form-data; boundary=folio');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const search = query ? `?${new URLSearchParams(query)}` : '';
  return fetch(`${origin}${API_BASE}${pathOf(endpoint.path, params)}${search}`, {
    method: endpoint.method,
    headers,
    body: form
      ? new Blob([form.body as Uint8Array<ArrayBuffer>])
      : file !== undefined
        ? `${Object.entries(fields)
            .map(([field, value]) => `--folio\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)
            .join(
              '',
            )}--folio\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n${file}\r\n--folio--\r\n`
        : body === undefined
          ? undefined
          : JSON.stringify(body),
  });
}

/** Calls an endpoint, expects 200 and parses the envelope with the contract's schema for that call. */
async function expectOk<N extends EndpointName>(
  name: N,
  options: CallOptions = {},
): Promise<{ message: string; details: DetailsOf<N> }> {
  const response = await call(name, options);
  const json: unknown = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  const envelope = envelopeSchema(endpoints[name].details).parse(json);
  called.add(name);
  // Parsed with this endpoint's own schema above; TypeScript cannot follow the generic name to it.
  return { message: envelope.message, details: envelope.details as DetailsOf<N> };
}

/** Calls an endpoint and parses the error envelope, checking its status. */
async function expectError(name: EndpointName, status: number, options: CallOptions = {}): Promise<ErrorEnvelope> {
  const response = await call(name, options);
  expect(response.status).toBe(status);
  const envelope = errorEnvelopeSchema.parse(await response.json());
  expect(envelope.status).toBe(status);
  return envelope;
}

const validSignup = {
  username: 'newreader',
  email: 'new@example.com',
  password: 'books2024',
  confirmPassword: 'books2024',
};

function mockUser(username: string) {
  const user = mockDb().users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no learner ${username}`);
  return user;
}

describe('the contract, as the real server answers it (the same suite runs there)', () => {
  describeConformance({
    call: async (name, options) => {
      const response = await call(name, options);
      // As the bytes are: `text()` drops a byte order mark, which the CSV files start with.
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      if (response.status === 200) called.add(name);
      const fileName = fileNameOf(response.headers.get('content-disposition'));
      return { status: response.status, json: jsonOf(text), text, bytes, fileName };
    },
    admin: async () => ({ email: adminAccount.email, password: adminAccount.password }),
    setWordLimit: async (username, limit) => {
      mockUser(username).wordLimit = limit;
    },
    setBalances: async (username, balances) => {
      Object.assign(mockUser(username), balances);
    },
    // The mocks have no card page: a checkout counts as paid once created.
    payCheckout: async () => {},
    runImportJobs: async () => {},
    runWordExportJobs: async () => {},
    webPageAddress: (path) => `https://example.com${path}`,
  });
});

describe('account', () => {
  it('logs the reader in', async () => {
    const { details } = await expectOk('login', {
      body: { email: readerAccount.email, password: readerAccount.password },
    });
    expect(details).toMatchObject({ username: 'reader1', token: reader, wordLimit: 100, videoLimit: 2 });
    expect(details.streak).toHaveLength(3);
    expect(details).not.toHaveProperty('password');
  });
});

describe('content', () => {
  it('lists two categories of two sub-categories of two contents per language, ids unique', async () => {
    const contentIds: number[] = [];
    for (const targetLang of ['en', 'de'] as const) {
      const { details } = await expectOk('categories', { params: { targetLang } });
      expect(details).toHaveLength(2);
      for (const category of details) {
        expect(category.subCategories).toHaveLength(2);
        for (const sub of category.subCategories) {
          expect(sub.contents).toHaveLength(2);
          contentIds.push(...sub.contents.map((content) => content.id));
        }
      }
    }
    expect(new Set(contentIds).size).toBe(16);
  });

  it('serves a page as paragraph sections with token ids running on', async () => {
    const { details } = await expectOk('reader', { params: { targetLang: 'de', contentId: 9, pageId: 1 } });
    expect(details.selectedPage).toEqual({ id: 1, pageType: 'chapter' });
    expect(details.pages.map((page) => page.id)).toEqual([0, 1, 2]);
    expect(details.sections).toHaveLength(2);
    const tokens = details.sections.flatMap((section) => section.tokens);
    expect(tokens.map((token) => token.id)).toEqual(tokens.map((_, index) => index));
    expect(tokens.find((token) => token.display === 'Großmutter')).toMatchObject({
      lowercase: 'großmutter',
      isWord: true,
    });
    expect(tokens.find((token) => token.display === '.')).toMatchObject({ lowercase: '.', isWord: false });
  });
});

describe('words', () => {
  it("lists the reader's saved words", async () => {
    const { details } = await expectOk('userWords', { token: reader });
    expect(details).toHaveLength(7);
  });

  it("lists the reader's German words on the vocabulary screen, last changed first, with the fixtures' meanings", async () => {
    const { details } = await expectOk('vocabulary', {
      token: reader,
      params: { targetLang: 'de' },
      query: { homeLang: 'en' },
    });
    expect(details.words.map((word) => [word.lowercase, word.meaning])).toEqual([
      ['katze', 'cat'],
      ['regen', 'rain'],
      ['fenster', 'window'],
      ['brot', 'bread'],
      ['und', 'and'],
    ]);
    expect(details.words.find((word) => word.lowercase === 'und')?.occurrences).toBeGreaterThan(0);
    expect(details).toMatchObject({ next: null, total: 5 });
  });
});

describe('translations', () => {
  it('translates a German word into English', async () => {
    const { details } = await expectOk('translate', {
      body: { tokenId: 3, lowerCase: 'katze', targetLanguage: 'de', homeLanguage: 'en' },
    });
    expect(details).toEqual({ tokenId: 3, translatesTo: 'cat' });
  });

  it('translates every word token of a page into the home language', async () => {
    const params = { contentId: 9, pageId: 0, homeLang: 'en', targetLang: 'de' };
    const { details } = await expectOk('pageTranslations', { params });
    const { details: page } = await expectOk('reader', { params: { targetLang: 'de', contentId: 9, pageId: 0 } });
    const wordIds = page.sections.flatMap((section) => section.tokens.filter((t) => t.isWord).map((t) => t.id));
    expect(details.map((translation) => translation.tokenId)).toEqual(wordIds);
    await expectError('pageTranslations', 404, { params: { ...params, contentId: 1 } });
  });

  it('has a gloss for every word of the fixtures', () => {
    const missing = (language: 'en' | 'de', home: 'en' | 'de', words: string[]) =>
      words.filter((word) => glossFor(word, language, home) === undefined);
    const wordsOf = (sections: ReturnType<typeof allPageSections>) =>
      sections.flatMap((section) => section.tokens.filter((t) => t.isWord).map((t) => t.lowercase));
    expect(missing('de', 'en', wordsOf(allPageSections('de')))).toEqual([]);
    expect(
      missing('en', 'de', wordsOf([...allPageSections('en'), ...(transcriptOf(transcriptVideoId) ?? [])])),
    ).toEqual([]);
  });
});

describe('videos', () => {
  it("lists the reader's videos grouped by language", async () => {
    const { details } = await expectOk('myVideos', { token: reader, params: { targetLang: 'de' } });
    expect(details).toEqual([
      { lang: 'en', videos: [{ videoId: transcriptVideoId, title: expect.any(String) }], processingVideos: [] },
    ]);
  });

  it('serves the transcript five sections at a time, then done', async () => {
    const pages: { message: string; details: DetailsOf<'transcript'> }[] = [];
    for (const index of [0, 5, 10, 12]) {
      pages.push(
        await expectOk('transcript', {
          token: reader,
          params: { targetLang: 'en', videoId: transcriptVideoId, index },
        }),
      );
    }
    expect(pages.map((page) => page.details.length)).toEqual([5, 5, 2, 0]);
    expect(pages[0]?.details.map((section) => section.offset)).toEqual([0, 4, 8, 12, 16]);
    expect(pages[3]).toEqual({ message: DONE_MESSAGE, details: [] });
  });

  it('takes subtitles for a failed video and refuses a file that is not subtitles', async () => {
    const body = { videoURL: `https://youtu.be/${failingVideoId}`, title: 'No captions', language: 'en' };
    await expectOk('processVideo', { token: reader, body });
    await expectOk('myVideos', { token: reader, params: { targetLang: 'en' } });
    const params = { targetLang: 'en', videoId: failingVideoId };
    const refused = await expectError('uploadSubtitles', 400, { token: reader, params, file: 'no timings here' });
    expect(refused.details[0]?.code).toBe('bad_subtitles');
    const good = '1\n00:00:01,000 --> 00:00:02,000\nHello.\n';
    const { details } = await expectOk('uploadSubtitles', { token: reader, params, file: good });
    expect(details).toMatchObject({ videoId: failingVideoId, jobStatus: 'created' });
  });

  it('imports a text file as a text of its own, named after the file, and refuses another kind of file', async () => {
    const fields = { language: 'en' };
    const file = 'Hello there.\n\nGeneral Kenobi.';
    const { details } = await expectOk('importFile', { token: reader, file, filename: 'notes.txt', fields });
    expect(details).toMatchObject({ title: 'notes', status: 'processing' });
    const refused = await expectError('importFile', 400, { token: reader, file, filename: 'notes.pdf', fields });
    expect(refused.details[0]?.code).toBe('bad_file');
  });

  it('deletes a video', async () => {
    const { details } = await expectOk('deleteVideo', {
      token: reader,
      params: { targetLang: 'en', videoId: transcriptVideoId },
    });
    expect(details).toBeNull();
    const { details: groups } = await expectOk('myVideos', { token: reader, params: { targetLang: 'en' } });
    expect(groups).toEqual([]);
    await expectError('deleteVideo', 404, { token: reader, params: { targetLang: 'en', videoId: transcriptVideoId } });
  });
});

describe('notifications', () => {
  it('lists notifications newest first and marks one read', async () => {
    const { details } = await expectOk('notifications', { token: reader });
    expect(details.map((item) => item.isRead)).toEqual([false, true]);
    const unread = details[0];
    if (!unread) throw new Error('no notification');
    const { details: read } = await expectOk('readNotification', { token: reader, body: unread });
    expect(read).toEqual({ ...unread, isRead: true });
  });
});

describe('payments', () => {
  it('lists Pro, Diamonds and myproduct', async () => {
    const { details } = await expectOk('products', { token: reader });
    expect(details.map((product) => product.name)).toEqual(['Pro', 'Diamonds', 'myproduct']);
    expect(details[0]?.prices).toEqual([{ id: expect.any(String), amount: 999, currency: 'usd', recurring: true }]);
    expect(details[1]?.prices.map((price) => price.amount)).toEqual([249, 999, 1799, 3499, 5499]);
  });

  it("starts checkouts whose page is the store's own success page (the mocks have no card page)", async () => {
    const pro = await expectOk('subscriptionCheckout', { token: reader, body: { priceId: 'price_pro_monthly' } });
    expect(pro.details.url).toBe(
      `${new URL(pro.details.url ?? '').origin}/store/pro/success?session_id=${pro.details.sessionId}`,
    );
    const pack = await expectOk('tokenCheckout', { token: reader, body: { priceId: 'price_diamonds_500' } });
    expect(pack.details.url).toContain(`/store/success?session_id=${pack.details.sessionId}`);
  });

  it('sells a store item for coins and raises the limit', async () => {
    const item = storeItems.find((candidate) => candidate.name === 'Word Limit' && candidate.creditAmount === 1250);
    const { details } = await expectOk('buyItem', { token: reader, body: { ...item, payWith: 'credits' } });
    expect(details).toMatchObject({ creditAmount: 0, wordLimit: 200 });
  });

  it('refuses an item the balance cannot pay for, or one not in the store', async () => {
    const item = storeItems.find((candidate) => candidate.name === 'Video Limit' && candidate.diamondAmount === 200);
    const envelope = await expectError('buyItem', 403, { token: reader, body: { ...item, payWith: 'diamonds' } });
    expect(envelope.details[0]?.code).toBe('insufficient_balance');
    const fake = { name: 'Word Limit', amount: 1, diamondAmount: 1, creditAmount: 1, payWith: 'credits' };
    await expectError('buyItem', 400, { token: reader, body: fake });
  });

  it('checks discount codes', async () => {
    const { details } = await expectOk('checkDiscount', { token: reader, body: { discountCode: 'READ10' } });
    expect(details).toEqual({ code: 'READ10', discountPercent: 10 });
    const envelope = await expectError('checkDiscount', 404, { token: reader, body: { discountCode: 'NOPE' } });
    expect(envelope.details[0]?.code).toBe('discount_invalid');
  });
});

describe('the job queue', () => {
  const admin = adminAccount.token;

  it('lists the jobs with counts by state, filtered by state and kind', async () => {
    const { details } = await expectOk('adminJobs', { token: admin });
    expect(details.counts).toMatchObject({ failed: 1, created: 1, active: 1, completed: 2 });
    const onlyFailed = await fetch(`${origin}${API_BASE}/admin/jobs?state=failed&kind=video-transcript`, {
      headers: { Authorization: `Bearer ${admin}` },
    }).then((response) => response.json());
    expect(onlyFailed.details.jobs).toHaveLength(1);
    expect(onlyFailed.details.jobs[0]).toMatchObject({
      state: 'failed',
      error: 'The captions of this video are empty',
      failure: 'empty_captions',
    });
  });

  it('retries a failed job, cancels a waiting one and deletes a finished one', async () => {
    const { details } = await expectOk('adminJobs', { token: admin });
    const byState = (state: string) => details.jobs.find((job) => job.state === state);
    const failed = byState('failed');
    const waiting = byState('created');
    const finished = byState('completed');
    if (!failed || !waiting || !finished) throw new Error('fixtures');
    const target = (job: typeof failed) => ({ kind: job.kind, jobId: job.id });
    expect((await expectOk('retryJob', { token: admin, params: target(failed) })).details.state).toBe('created');
    expect((await expectOk('cancelJob', { token: admin, params: target(waiting) })).details.state).toBe('cancelled');
    await expectOk('deleteJob', { token: admin, params: target(finished) });
    await expectError('deleteJob', 404, { token: admin, params: target(finished) });
    const running = byState('active');
    if (running) await expectError('cancelJob', 409, { token: admin, params: target(running) });
  });

  it('is for admins only', async () => {
    const refused = await expectError('adminJobs', 403, { token: reader });
    expect(refused.details[0]?.code).toBe('forbidden');
  });
});

describe('the library', () => {
  it('deletes an upload that could not be imported, and lists it no more', async () => {
    const admin = adminAccount.token;
    const { id } = failedUpload(adminAccount.username, 'Broken');
    const uploads = async () =>
      (await expectOk('adminLibrary', { token: admin, params: { targetLang: 'en' } })).details.uploads;
    expect((await uploads()).map((upload) => upload.id)).toContain(id);
    await expectOk('deleteUpload', { token: admin, params: { importId: String(id) } });
    expect((await uploads()).map((upload) => upload.id)).not.toContain(id);
  });
});

describe('flashcards', () => {
  const params = { targetLang: 'de' };
  const query = { homeLang: 'en' };

  afterEach(() => vi.useRealTimers());

  /** Sets the mocks' clock (the handlers read `new Date()`), leaving msw's timers alone. */
  function clockAt(iso: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  }

  async function cardFor(lowercase: string) {
    return (await expectOk('addFlashcard', { token: reader, params, query, body: { lowercase } })).details.card;
  }

  async function grade(card: { id: number; reps: number }, rating: number, timeZone?: string) {
    const body = { reviewId: crypto.randomUUID(), cardId: card.id, rating, reps: card.reps, durationMs: 3000 };
    return (await expectOk('reviewFlashcard', { token: reader, params, query, body, timeZone })).details;
  }

  it('starts a learning day at 04:00 in the zone: at UTC+14, UTC−12 and across a clock change', () => {
    expect(learningDayIn('Pacific/Kiritimati', new Date('2026-03-10T13:59:00Z'))).toBe('2026-03-10');
    expect(learningDayIn('Pacific/Kiritimati', new Date('2026-03-10T14:00:00Z'))).toBe('2026-03-11');
    expect(learningDayIn('Etc/GMT+12', new Date('2026-03-11T15:59:00Z'))).toBe('2026-03-10');
    expect(learningDayIn('Etc/GMT+12', new Date('2026-03-11T16:00:00Z'))).toBe('2026-03-11');
    // Berlin moves from 02:00 to 03:00 on 29 March 2026: 04:00 is then 02:00 UTC, not 03:00.
    expect(learningDayIn('Europe/Berlin', new Date('2026-03-29T01:59:00Z'))).toBe('2026-03-28');
    expect(learningDayIn('Europe/Berlin', new Date('2026-03-29T02:00:00Z'))).toBe('2026-03-29');
  });

  it("puts a card due after 04:00 in the learner's zone in tomorrow's bucket, in UTC's today", async () => {
    clockAt('2026-03-10T13:55:00Z');
    const card = await cardFor('katze');
    await grade(card, 3, 'Pacific/Kiritimati');
    const summary = async (timeZone: string) =>
      (await expectOk('flashcardSummary', { token: reader, params, timeZone })).details;
    expect((await summary('Pacific/Kiritimati')).buckets).toEqual({
      now: 0,
      today: 0,
      tomorrow: 1,
      nextWeek: 0,
      soon: 0,
    });
    const utc = await summary('UTC');
    expect(utc.buckets).toMatchObject({ today: 1, tomorrow: 0 });
    expect(utc.forecast[0]).toEqual({ day: '2026-03-10', due: 1 });
  });

  it('raises a word 2 → 3 past 21 days on a later day, and offers "known" at level 3 past 60 days, never sets it', async () => {
    clockAt('2026-03-10T12:00:00Z');
    let card = await cardFor('katze');
    const results = [];
    for (let review = 0; review < 3; review++) {
      const result = await grade(card, 4);
      results.push([result.level.after, result.offerKnown]);
      card = result.card;
      vi.setSystemTime(new Date(card.due));
    }
    // Easy on a new card is stable for 8 days (below 21); the next, 8 days on, for months.
    expect(results).toEqual([
      [2, false],
      [3, true],
      [3, true],
    ]);
    expect(
      mockDb()
        .words.get(readerAccount.username)
        ?.find((word) => word.lowercase === 'katze')?.level,
    ).toBe(3);
  });

  it('keeps cards and reviews across a reload of the browser mocks', async () => {
    const card = await cardFor('katze');
    await grade(card, 3);
    restoreMockDb(serializeMockDb());
    const { details } = await expectOk('flashcardQueue', {
      token: reader,
      params,
      query: { ...query, practice: 'true' },
    });
    expect(details.cards).toMatchObject([{ lowercase: 'katze', reps: 1, state: 'learning' }]);
  });
});

describe('mock db', () => {
  it('is restored by resetMockDb', async () => {
    await expectOk('saveUserWord', { token: reader, body: { lowercase: 'hund', level: 1, language: 'de' } });
    await expectOk('readNotification', {
      token: reader,
      body: (await expectOk('notifications', { token: reader })).details[0],
    });
    await expectOk('signup', { body: validSignup });
    expect((await expectOk('userWords', { token: reader })).details).toHaveLength(8);
    resetMockDb();
    expect((await expectOk('userWords', { token: reader })).details).toHaveLength(7);
    expect((await expectOk('notifications', { token: reader })).details.map((item) => item.isRead)).toEqual([
      false,
      true,
    ]);
    await expectError('login', 401, { body: { email: validSignup.email, password: validSignup.password } });
  });

  it('has one handler per endpoint, each exercised above', () => {
    expect(handlers).toHaveLength(Object.keys(endpoints).length);
    expect([...called].sort()).toEqual(Object.keys(endpoints).sort());
  });
});
