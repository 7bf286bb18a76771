import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { runImportJob } from '../src/services/imports/jobs.ts';
import { grade, newCard } from '../src/services/scheduler.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

// The fixture's English text, page 0: "Mara keeps the light. The cat keeps Mara. Every night, the light turns.",
// page 1: "A storm comes in. Mara does not sleep.", glossed into German ("light" is "das Licht").
let app: TestApp;
let contentId: number;

beforeAll(async () => {
  app = await buildTestApp({ accounts: { newUserWordLimit: 1000 } });
  await seedFixtures(app);
  contentId = await firstContentId(app, 'en');
});
afterAll(() => app.close());

const minutes = (n: number) => n * 60_000;
const silentLog = { warn: () => {}, error: () => {}, info: () => {} } as unknown as Parameters<
  typeof runImportJob
>[0]['log'];

async function learner() {
  const token = await signupLearner(app);
  const result = await app.database.db.execute<{ id: number }>(sql`select max(id) as id from users`);
  return { token, id: Number(result.rows[0]?.id) };
}

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object; timeZone?: string };

const call = (token: string | null, { method, url, payload, timeZone }: Call) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? authed(token) : {}), ...(timeZone ? { 'x-time-zone': timeZone } : {}) },
    ...(payload ? { payload } : {}),
  });

function saveWord(token: string, lowercase: string, level: number, context?: object) {
  return call(token, {
    method: 'POST',
    url: '/userword',
    payload: { lowercase, level, language: 'en', ...(context ? { context } : {}) },
  });
}

async function saveWords(token: string, words: Record<string, number>) {
  for (const [lowercase, level] of Object.entries(words)) {
    expect((await saveWord(token, lowercase, level)).statusCode).toBe(200);
  }
}

async function addCard(token: string, lowercase: string) {
  const response = await call(token, {
    method: 'POST',
    url: '/flashcards/en/cards?homeLang=de',
    payload: { lowercase },
  });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.addFlashcard.details).parse(response.json()).details;
}

async function summary(token: string, timeZone?: string) {
  const response = await call(token, { method: 'GET', url: '/flashcards/en', ...(timeZone ? { timeZone } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.flashcardSummary.details).parse(response.json()).details;
}

async function queue(token: string, query = '') {
  const response = await call(token, { method: 'GET', url: `/flashcards/en/queue?homeLang=de${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.flashcardQueue.details).parse(response.json()).details.cards;
}

const reviewCall = (token: string, body: Record<string, unknown>) =>
  call(token, { method: 'POST', url: '/flashcards/en/review?homeLang=de', payload: body });

async function review(token: string, card: { id: number; reps: number }, rating: number, reviewId = randomUUID()) {
  const response = await reviewCall(token, { reviewId, cardId: card.id, rating, reps: card.reps, durationMs: 1200 });
  expect(response.statusCode, response.body).toBe(200);
  return { reviewId, ...envelopeSchema(endpoints.reviewFlashcard.details).parse(response.json()).details };
}

const undoCall = (token: string, reviewId: string) =>
  call(token, { method: 'POST', url: '/flashcards/en/undo?homeLang=de', payload: { reviewId } });

async function undo(token: string, reviewId: string) {
  const response = await undoCall(token, reviewId);
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.undoFlashcardReview.details).parse(response.json()).details;
}

const errorCode = (response: { json: () => unknown }) => errorEnvelopeSchema.parse(response.json()).details[0]?.code;

async function levelOf(userId: number, lowercase: string) {
  const result = await app.database.db.execute<{ level: number }>(
    sql`select level from user_words where user_id = ${userId} and language = 'en' and lowercase = ${lowercase}`,
  );
  return result.rows[0]?.level;
}

async function logRows(userId: number) {
  const result = await app.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from flashcard_reviews where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.n);
}

describe('adding cards', () => {
  it('makes a card for a saved word once, with its meaning, the sentence it was saved in and its source', async () => {
    const { token } = await learner();
    const context = { sentence: 'Mara keeps the light.', source: { contentId, pageId: 0 } };
    await saveWord(token, 'light', 2, context);
    const first = await addCard(token, 'light');
    expect(first.added).toBe(true);
    expect(first.card).toMatchObject({
      lowercase: 'light',
      level: 2,
      meaning: 'das Licht',
      meaningIsOwn: false,
      note: null,
      sentence: 'Mara keeps the light.',
      source: { kind: 'content', contentId, pageId: 0, title: 'The Lighthouse' },
      state: 'new',
      reps: 0,
      lapses: 0,
      suspended: false,
    });
    expect(Date.parse(first.card.next.good) - app.clock.now().getTime()).toBe(minutes(10));
    const again = await addCard(token, 'light');
    expect(again).toMatchObject({ added: false, card: { id: first.card.id } });
  });

  it('answers 404 for a word the learner has not saved', async () => {
    const { token } = await learner();
    const response = await call(token, {
      method: 'POST',
      url: '/flashcards/en/cards?homeLang=de',
      payload: { lowercase: 'light' },
    });
    expect(response.statusCode).toBe(404);
    expect(errorCode(response)).toBe('not_found');
  });

  it('adds the words at levels 1–3 without a card, the most frequent in the library first', async () => {
    const { token } = await learner();
    // Occurrences in the library: mara 3, light 2, cat 1, zebra none; "the" (3) is known.
    await saveWords(token, { cat: 1, zebra: 3, light: 2, mara: 3, the: 4 });
    await addCard(token, 'cat');
    const response = await call(token, {
      method: 'POST',
      url: '/flashcards/en/cards/batch',
      payload: { count: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const batch = envelopeSchema(endpoints.addFlashcards.details).parse(response.json()).details;
    expect(batch.added).toBe(2);
    expect(batch.summary).toMatchObject({ total: 3, newWaiting: 3 });
    expect((await queue(token)).map((card) => card.lowercase)).toEqual(['cat', 'mara', 'light']);
  });

  it("counts the words of the learner's own texts with the library's", async () => {
    const { token } = await learner();
    // Occurrences in the library: mara 3, light 2, cat 1, zebra none; the learner's own text holds zebra four times.
    await saveWords(token, { cat: 1, zebra: 3, light: 2, mara: 3 });
    const started = await call(token, {
      method: 'POST',
      url: '/imports',
      payload: { language: 'en', title: 'Mine', text: 'The zebra, the zebra. A zebra! My zebra.' },
    });
    expect(started.statusCode, started.body).toBe(200);
    for (const id of app.sentImports.splice(0)) {
      await runImportJob({ db: app.database.db, clock: app.clock.now, log: silentLog }, id, { lastAttempt: true });
    }
    const response = await call(token, { method: 'POST', url: '/flashcards/en/cards/batch', payload: { count: 2 } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await queue(token)).map((card) => card.lowercase)).toEqual(['zebra', 'mara']);
  });

  it('makes each card once when two batches race', async () => {
    const { token, id } = await learner();
    await saveWords(token, { cat: 1, light: 2, mara: 3, night: 1 });
    const batch = () => call(token, { method: 'POST', url: '/flashcards/en/cards/batch', payload: { count: 3 } });
    const answers = await Promise.all([batch(), batch()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const added = answers
      .map((answer) => envelopeSchema(endpoints.addFlashcards.details).parse(answer.json()).details.added)
      .reduce((sum, n) => sum + n, 0);
    const cards = await app.database.db.execute<{ n: number; words: number }>(
      sql`select count(*)::int as n, count(distinct lowercase)::int as words from flashcards where user_id = ${id}`,
    );
    expect(cards.rows[0]).toEqual({ n: added, words: added });
    expect(added).toBeGreaterThanOrEqual(3);
  });
});

describe('sentence capture', () => {
  it('keeps the first sentence a word is saved with, through later saves with or without one', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    await saveWord(token, 'cat', 2, { sentence: 'The cat keeps Mara.', source: { contentId, pageId: 0 } });
    await saveWord(token, 'cat', 3, { sentence: 'A cat again.', source: { videoId: 'abcdefghijk' } });
    await saveWord(token, 'cat', 3);
    const stored = await app.database.db.execute(
      sql`select level, sentence, source_content_id, source_page_id, source_video_id from user_words
        where user_id = ${id} and lowercase = 'cat'`,
    );
    expect(stored.rows).toEqual([
      {
        level: 3,
        sentence: 'The cat keeps Mara.',
        source_content_id: contentId,
        source_page_id: 0,
        source_video_id: null,
      },
    ]);
  });

  it("shows a video source by the learner's title, and a source gone since without a title", async () => {
    const { token } = await learner();
    await saveWord(token, 'storm', 1, { sentence: 'A storm comes in.', source: { videoId: 'abcdefghijk' } });
    await saveWord(token, 'sleep', 1, { sentence: 'Mara does not sleep.', source: { contentId: 999_999, pageId: 1 } });
    expect((await addCard(token, 'storm')).card.source).toEqual({ kind: 'video', videoId: 'abcdefghijk', title: null });
    expect((await addCard(token, 'sleep')).card.source).toEqual({
      kind: 'content',
      contentId: 999_999,
      pageId: 1,
      title: null,
    });
  });
});

describe('reviewing', () => {
  it('schedules Good on a new card 10 minutes later, logs it, and counts the day for the streak', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    await app.database.db.execute(sql`delete from learning_days where user_id = ${id}`);
    const { card } = await addCard(token, 'cat');
    const result = await review(token, card, 3);
    expect(result.card).toMatchObject({ id: card.id, state: 'learning', reps: 1, level: 1 });
    expect(Date.parse(result.card.due) - app.clock.now().getTime()).toBe(minutes(10));
    expect(result.level).toEqual({ before: 1, after: 1 });
    expect(result.offerKnown).toBe(false);
    expect(result.balances.streak).toHaveLength(1);
    expect(await logRows(id)).toBe(1);
  });

  it('answers the same review id twice with the same result and one log row', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const first = await review(token, card, 4);
    const second = await review(token, card, 4, first.reviewId);
    expect(second.card).toMatchObject({ due: first.card.due, reps: first.card.reps, state: first.card.state });
    expect(second.level).toEqual(first.level);
    expect(await logRows(id)).toBe(1);
  });

  it('logs one review when the same review id is sent twice at once', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const body = { reviewId: randomUUID(), cardId: card.id, rating: 3, reps: 0, durationMs: 800 };
    const answers = await Promise.all([reviewCall(token, body), reviewCall(token, body)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [a, b] = answers.map((answer) => envelopeSchema(endpoints.reviewFlashcard.details).parse(answer.json()));
    expect(a?.details.card.due).toBe(b?.details.card.due);
    expect(await logRows(id)).toBe(1);
  });

  it('answers one of two reviews racing on the same repetition count and refuses the other with 409', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const body = (rating: number) => ({ reviewId: randomUUID(), cardId: card.id, rating, reps: 0, durationMs: 800 });
    const answers = await Promise.all([reviewCall(token, body(3)), reviewCall(token, body(1))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.filter((answer) => answer.statusCode === 409).map(errorCode)).toEqual(['conflict']);
    expect(await logRows(id)).toBe(1);
  });

  it('refuses a card whose word is at level 0 or 4 (suspended) with 409, and reviews it again at 1–3', async () => {
    const { token } = await learner();
    await saveWord(token, 'cat', 2);
    const { card } = await addCard(token, 'cat');
    await saveWord(token, 'cat', 4);
    expect((await summary(token)).suspended).toBe(1);
    expect(await queue(token)).toEqual([]);
    const refused = await reviewCall(token, {
      reviewId: randomUUID(),
      cardId: card.id,
      rating: 3,
      reps: 0,
      durationMs: 0,
    });
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('conflict');
    await saveWord(token, 'cat', 3);
    expect((await queue(token)).map((c) => c.lowercase)).toEqual(['cat']);
    expect((await review(token, card, 3)).card.reps).toBe(1);
  });

  it('suspends the cards of words set to 4 on Words several at once, and resumes them at 1–3', async () => {
    const { token } = await learner();
    await saveWords(token, { cat: 2, dog: 3, owl: 1 });
    for (const word of ['cat', 'dog', 'owl']) await addCard(token, word);
    const change = (level: number) =>
      call(token, { method: 'POST', url: '/vocabulary/en/change', payload: { words: ['cat', 'dog'], level } });
    expect((await change(4)).statusCode).toBe(200);
    expect(await summary(token)).toMatchObject({ total: 3, suspended: 2 });
    expect((await queue(token)).map((card) => card.lowercase)).toEqual(['owl']);
    expect((await change(2)).statusCode).toBe(200);
    expect(await summary(token)).toMatchObject({ total: 3, suspended: 0 });
  });

  it("keeps the summary's counts equal to the cards' own through adds, reviews, undo, suspensions and removals", async () => {
    const { token, id } = await learner();
    await saveWords(token, { cat: 1, dog: 2, owl: 3, emu: 1, yak: 2 });
    const { card: cat } = await addCard(token, 'cat');
    const batch = await call(token, { method: 'POST', url: '/flashcards/en/cards/batch', payload: { count: 3 } });
    expect(batch.statusCode, batch.body).toBe(200);
    const graded = await review(token, cat, 3);
    await undo(token, graded.reviewId);
    await review(token, cat, 4);
    await saveWord(token, 'dog', 4);
    const removal = { words: ['owl'], remove: true };
    expect((await call(token, { method: 'POST', url: '/vocabulary/en/change', payload: removal })).statusCode).toBe(
      200,
    );
    const counted = await app.database.db.execute<{ total: number; suspended: number; fresh: number }>(sql`
      select count(*)::int as total, (count(*) filter (where suspended))::int as suspended,
        (count(*) filter (where state = 0 and not suspended))::int as fresh
      from flashcards where user_id = ${id} and language = 'en'`);
    const own = counted.rows[0];
    expect(own).toEqual({ total: 3, suspended: 1, fresh: 1 });
    expect(await summary(token)).toMatchObject({
      total: own?.total,
      suspended: own?.suspended,
      newWaiting: own?.fresh,
    });
  });

  it('makes the card of a known word suspended from the start', async () => {
    const { token } = await learner();
    await saveWord(token, 'cat', 4);
    const { card } = await addCard(token, 'cat');
    expect(card.suspended).toBe(true);
    expect(await summary(token)).toMatchObject({ total: 1, suspended: 1 });
    expect(await queue(token)).toEqual([]);
  });

  it('raises level 1 to 2 when Easy makes the card stable past 3 days, once a learning day', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const first = await review(token, card, 4);
    expect(first.level).toEqual({ before: 1, after: 2 });
    expect(first.card.level).toBe(2);
    expect(await levelOf(id, 'cat')).toBe(2);
  });

  it('lowers a level-3 word to 2 on Again', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 3);
    const { card } = await addCard(token, 'cat');
    const result = await review(token, card, 1);
    expect(result.level).toEqual({ before: 3, after: 2 });
    expect(await levelOf(id, 'cat')).toBe(2);
  });

  it('grades a card whose last review lies ahead of the clock (a skew) instead of failing', async () => {
    const { token } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const first = await review(token, card, 3);
    await app.database.db.execute(
      sql`update flashcards set last_review = ${new Date(app.clock.now().getTime() + 86_400_000).toISOString()}::timestamptz
        where id = ${card.id}`,
    );
    const second = await review(token, first.card, 3);
    expect(second.card.reps).toBe(2);
  });

  it('refuses a stale repetition count with 409', async () => {
    const { token } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    await review(token, card, 3);
    const stale = await reviewCall(token, {
      reviewId: randomUUID(),
      cardId: card.id,
      rating: 3,
      reps: 0,
      durationMs: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(errorCode(stale)).toBe('conflict');
  });

  it.each([0, 5, 'good', null, 2.5])('refuses the rating %j with 400', async (rating) => {
    const { token } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const response = await reviewCall(token, {
      reviewId: randomUUID(),
      cardId: card.id,
      rating,
      reps: 0,
      durationMs: 0,
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('invalid_input');
  });

  it("replays a card's log through the scheduler to its stored state", async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    let { card } = await addCard(token, 'cat');
    for (const [rating, wait] of [
      [3, 11],
      [3, 20],
      [1, 60 * 24 * 3],
      [2, 15],
      [4, 60 * 24 * 2],
    ] as const) {
      card = (await review(token, card, rating)).card;
      app.clock.advance(minutes(wait));
    }
    const log = await app.database.db.execute<{ rating: number; reviewed_at: string }>(
      sql`select rating::int, to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as reviewed_at
        from flashcard_reviews where card_id = ${card.id} and undone_at is null order by reviewed_at`,
    );
    const created = await app.database.db.execute<{ created_at: string }>(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from flashcards where id = ${card.id}`,
    );
    let replayed = newCard(new Date(String(created.rows[0]?.created_at)));
    for (const row of log.rows) replayed = grade(replayed, row.rating, new Date(row.reviewed_at));
    const stored = await app.database.db.execute(
      sql`select to_char(due at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due, stability, difficulty,
          reps, lapses, state::int as state, scheduled_days, learning_steps
        from flashcards where id = ${card.id} and user_id = ${id}`,
    );
    expect(stored.rows[0]).toEqual({
      due: replayed.due.toISOString(),
      stability: replayed.stability,
      difficulty: replayed.difficulty,
      reps: replayed.reps,
      lapses: replayed.lapses,
      state: replayed.state,
      scheduled_days: replayed.scheduledDays,
      learning_steps: replayed.learningSteps,
    });
  });
});

describe('undo', () => {
  it("restores the card and the word's level as they were, and keeps the review's row marked undone", async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const reviewed = await review(token, card, 4);
    expect(await levelOf(id, 'cat')).toBe(2);
    const undone = await undo(token, reviewed.reviewId);
    expect(undone.level).toBe(1);
    expect(undone.card).toMatchObject({ id: card.id, state: 'new', reps: 0, due: card.due, level: 1 });
    expect(await levelOf(id, 'cat')).toBe(1);
    expect(await logRows(id)).toBe(1);
    expect((await queue(token)).map((c) => c.reps)).toEqual([0]);
  });

  it('refuses a review already undone, or one that is not the latest, with 409', async () => {
    const { token } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const first = await review(token, card, 3);
    const second = await review(token, first.card, 3);
    const older = await undoCall(token, first.reviewId);
    expect(older.statusCode).toBe(409);
    expect(errorCode(older)).toBe('conflict');
    await undo(token, second.reviewId);
    expect((await undo(token, first.reviewId)).card.reps).toBe(0);
    expect((await undoCall(token, first.reviewId)).statusCode).toBe(409);
  });

  it('keeps a level the reader changed since the review', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 3);
    const { card } = await addCard(token, 'cat');
    const reviewed = await review(token, card, 1);
    expect(await levelOf(id, 'cat')).toBe(2);
    await saveWord(token, 'cat', 1);
    expect((await undo(token, reviewed.reviewId)).level).toBe(1);
    expect(await levelOf(id, 'cat')).toBe(1);
  });
});

describe('who may see a card', () => {
  it('answers 401 without a login on every flashcard call', async () => {
    const id = randomUUID();
    const calls: Call[] = [
      { method: 'GET', url: '/flashcards/en' },
      { method: 'GET', url: '/flashcards/en/queue?homeLang=de' },
      { method: 'POST', url: '/flashcards/en/cards?homeLang=de', payload: { lowercase: 'cat' } },
      { method: 'POST', url: '/flashcards/en/cards/batch', payload: { count: 20 } },
      {
        method: 'POST',
        url: '/flashcards/en/review?homeLang=de',
        payload: { reviewId: id, cardId: 1, rating: 3, reps: 0, durationMs: 0 },
      },
      { method: 'POST', url: '/flashcards/en/undo?homeLang=de', payload: { reviewId: id } },
      { method: 'PUT', url: '/flashcards/settings', payload: { newPerDay: 10 } },
    ];
    for (const request of calls) {
      const response = await call(null, request);
      expect(response.statusCode, request.url).toBe(401);
    }
  });

  it("answers 404 for another learner's card and review, and changes nothing", async () => {
    const owner = await learner();
    const other = await learner();
    await saveWord(owner.token, 'cat', 1);
    const { card } = await addCard(owner.token, 'cat');
    const reviewed = await review(owner.token, card, 3);
    const refused = await reviewCall(other.token, {
      reviewId: randomUUID(),
      cardId: card.id,
      rating: 3,
      reps: 1,
      durationMs: 0,
    });
    expect(refused.statusCode).toBe(404);
    expect(errorCode(refused)).toBe('not_found');
    expect((await undoCall(other.token, reviewed.reviewId)).statusCode).toBe(404);
    expect(await logRows(owner.id)).toBe(1);
    expect(await queue(other.token, '&practice=true')).toEqual([]);
  });

  it('answers 404 for a card asked for in another language', async () => {
    const { token } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    const response = await call(token, {
      method: 'POST',
      url: '/flashcards/de/review?homeLang=en',
      payload: { reviewId: randomUUID(), cardId: card.id, rating: 3, reps: 0, durationMs: 0 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('the queue and the summary', () => {
  it('lists reviews due, most overdue first, then new cards within the daily cap', async () => {
    const { token } = await learner();
    await saveWords(token, { cat: 1, light: 1, mara: 1, night: 1 });
    const cat = (await addCard(token, 'cat')).card;
    const light = (await addCard(token, 'light')).card;
    await addCard(token, 'mara');
    await addCard(token, 'night');
    const put = await call(token, { method: 'PUT', url: '/flashcards/settings', payload: { newPerDay: 3 } });
    expect(put.json()).toMatchObject({ details: { newPerDay: 3 } });
    await review(token, light, 3);
    app.clock.advance(minutes(1));
    await review(token, cat, 1);
    app.clock.advance(minutes(30));
    // light due 10 minutes after its review, cat 1 minute after its (a minute later): cat is the more overdue. Two new cards
    // reviewed today leave one of the cap of 3.
    expect((await queue(token)).map((card) => card.lowercase)).toEqual(['cat', 'light', 'mara']);
    const counts = await summary(token);
    expect(counts).toMatchObject({ newToday: 2, newPerDay: 3, newWaiting: 2, total: 4, suspended: 0 });
    expect(counts.buckets.now).toBe(3);
    expect((await queue(token, '&practice=true')).map((card) => card.lowercase)).toEqual([
      'mara',
      'night',
      'light',
      'cat',
    ]);
  });

  it('refuses a daily cap outside 1–200 with 400', async () => {
    const { token } = await learner();
    for (const newPerDay of [0, 201, 'ten']) {
      const response = await call(token, { method: 'PUT', url: '/flashcards/settings', payload: { newPerDay } });
      expect(response.statusCode).toBe(400);
    }
  });

  /** A learner whose one card is in review, due at `due`; the clock at `now`. */
  async function dueAt(now: string, due: string) {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 2);
    const { card } = await addCard(token, 'cat');
    await review(token, card, 4);
    await app.database.db.execute(sql`update flashcards set due = ${due}::timestamptz where user_id = ${id}`);
    app.clock.set(now);
    return token;
  }

  const bucketOf = (buckets: Record<string, number>) => Object.keys(buckets).find((name) => buckets[name] === 1);

  it('puts a card due at 03:30 local time in today until 04:00 in UTC+14', async () => {
    // 11 March 01:00 in Kiritimati; due 11 March 03:30, still the learning day of 10 March.
    const token = await dueAt('2026-03-10T11:00:00Z', '2026-03-10T13:30:00Z');
    const counts = await summary(token, 'Pacific/Kiritimati');
    expect(bucketOf(counts.buckets)).toBe('today');
    expect(counts.forecast[0]).toEqual({ day: '2026-03-10', due: 1 });
  });

  it('puts a card due after 04:00 tomorrow local time in tomorrow in UTC−12', async () => {
    // 10 March 20:00 at UTC−12; due 11 March 05:00 local.
    const token = await dueAt('2026-03-11T08:00:00Z', '2026-03-11T17:00:00Z');
    const counts = await summary(token, 'Etc/GMT+12');
    expect(bucketOf(counts.buckets)).toBe('tomorrow');
    expect(counts.forecast.slice(0, 2)).toEqual([
      { day: '2026-03-10', due: 0 },
      { day: '2026-03-11', due: 1 },
    ]);
  });

  it('counts a learning day across the spring clock change as 23 hours', async () => {
    // Berlin, 28 March 12:00 (UTC+1); 29 March starts at 04:00 CEST (02:00 UTC), after the change.
    const before = await dueAt('2026-03-28T11:00:00Z', '2026-03-29T01:30:00Z');
    expect(bucketOf((await summary(before, 'Europe/Berlin')).buckets)).toBe('today');
    const after = await dueAt('2026-03-28T11:00:00Z', '2026-03-29T02:30:00Z');
    expect(bucketOf((await summary(after, 'Europe/Berlin')).buckets)).toBe('tomorrow');
  });

  it('counts next week from the 2nd to the 7th learning day, and later as soon', async () => {
    const week = await dueAt('2026-03-10T12:00:00Z', '2026-03-16T12:00:00Z');
    const counts = await summary(week);
    expect(bucketOf(counts.buckets)).toBe('nextWeek');
    expect(counts.forecast[6]).toEqual({ day: '2026-03-16', due: 1 });
    const later = await dueAt('2026-03-10T12:00:00Z', '2026-03-18T05:00:00Z');
    expect(bucketOf((await summary(later)).buckets)).toBe('soon');
  });
});

describe('removing a word', () => {
  it('removes its card and its reviews', async () => {
    const { token, id } = await learner();
    await saveWord(token, 'cat', 1);
    const { card } = await addCard(token, 'cat');
    await review(token, card, 3);
    const removed = await call(token, {
      method: 'POST',
      url: '/vocabulary/en/change',
      payload: { words: ['cat'], remove: true },
    });
    expect(removed.statusCode).toBe(200);
    expect((await summary(token)).total).toBe(0);
    expect(await logRows(id)).toBe(0);
  });
});
