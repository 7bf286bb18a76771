import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, firstContentId, seedFixtures, signupLearner } from './helpers.ts';

// The fixture library's English text: its first page is "Mara keeps the light. The cat keeps Mara. Every night, the
// light turns." (eight distinct words), its second "A storm comes in. Mara does not sleep."
let app: TestApp;
let contentId: number;
beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
  contentId = await firstContentId(app, 'en');
});
afterAll(() => app.close());

const noon = '2026-03-10T12:00:00Z';

const headersOf = (token: string, timeZone?: string) => ({
  ...authed(token),
  ...(timeZone ? { 'x-time-zone': timeZone } : {}),
});

async function send(
  token: string,
  request: { method: 'GET' | 'POST'; url: string; payload?: object },
  timeZone?: string,
) {
  const response = await app.inject({ ...request, headers: headersOf(token, timeZone) });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const saveWord = (token: string, lowercase: string, level: number, timeZone?: string) =>
  send(token, { method: 'POST', url: '/api/v1/userword', payload: { lowercase, level, language: 'en' } }, timeZone);

const markKnown = (token: string, pageId: number) =>
  send(token, { method: 'POST', url: `/api/v1/userword/page/en/${contentId}/${pageId}/known` });

const savePage = (token: string, pageId: number) =>
  send(token, { method: 'POST', url: '/api/v1/user-page', payload: { contentId, pageId, language: 'en' } });

const changeWords = (token: string, body: object) =>
  send(token, { method: 'POST', url: '/api/v1/vocabulary/en/change', payload: body });

async function progress(token: string, { language = 'en', timeZone }: { language?: string; timeZone?: string } = {}) {
  const response = await send(token, { method: 'GET', url: `/api/v1/progress/${language}` }, timeZone);
  return envelopeSchema(endpoints.progress.details).parse(response.json()).details;
}

/** Today's counters (the last day answered) as [words saved, words made known, pages read]. */
async function today(token: string, timeZone?: string) {
  const { days } = await progress(token, { timeZone });
  const last = days.at(-1);
  return [last?.wordsSaved, last?.wordsKnown, last?.pagesRead];
}

describe("a learner's daily progress", () => {
  it('answers the last 30 days ending today, oldest first, all zeros for a new learner, and no word per level', async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    const { days, levels } = await progress(token);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: '2026-02-09', wordsSaved: 0, wordsKnown: 0, pagesRead: 0 });
    expect(days.at(-1)?.day).toBe('2026-03-10');
    expect(days.every((day) => day.wordsSaved + day.wordsKnown + day.pagesRead === 0)).toBe(true);
    expect(levels).toEqual([0, 0, 0, 0, 0]);
  });

  it('counts a word saved at any level, and made known when it reaches level 4 from below or from unsaved', async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    await saveWord(token, 'lamp', 1);
    expect(await today(token)).toEqual([1, 0, 0]);
    await saveWord(token, 'lamp', 4);
    expect(await today(token)).toEqual([1, 1, 0]);
    await saveWord(token, 'harbour', 4);
    expect(await today(token)).toEqual([2, 2, 0]);
    await saveWord(token, 'lamp', 2);
    await saveWord(token, 'lamp', 4);
    expect(await today(token)).toEqual([2, 3, 0]);
    expect((await progress(token)).levels).toEqual([0, 0, 0, 0, 2]);
  });

  it('counts nothing for a word saved again at the level it has', async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    await saveWord(token, 'lamp', 2);
    await saveWord(token, 'rope', 4);
    await saveWord(token, 'lamp', 2);
    await saveWord(token, 'rope', 4);
    expect(await today(token)).toEqual([2, 1, 0]);
  });

  it('counts the rest of a page marked known: its new words saved and known, its level-0 words known', async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    await saveWord(token, 'mara', 0);
    await saveWord(token, 'light', 2);
    await markKnown(token, 0);
    // Eight distinct words: "light" stays at 2, "mara" rises from 0, six are saved at 4.
    expect(await today(token)).toEqual([8, 7, 0]);
    await markKnown(token, 0);
    expect(await today(token)).toEqual([8, 7, 0]);
  });

  it("counts the vocabulary screen's change to level 4 for the words below it, and takes nothing back on removal", async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    for (const [word, level] of [
      ['lamp', 1],
      ['rope', 3],
      ['sail', 4],
    ] as const)
      await saveWord(token, word, level);
    await changeWords(token, { words: ['lamp', 'rope', 'sail', 'never-saved'], level: 4 });
    expect(await today(token)).toEqual([3, 3, 0]);
    await changeWords(token, { words: ['lamp', 'rope'], level: 2 });
    await changeWords(token, { words: ['lamp', 'sail'], remove: true });
    expect(await today(token)).toEqual([3, 3, 0]);
    expect((await progress(token)).levels).toEqual([0, 0, 1, 0, 0]);
  });

  it('counts a page finished the first time, not again', async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    await savePage(token, 0);
    await savePage(token, 1);
    await savePage(token, 0);
    expect(await today(token)).toEqual([0, 0, 2]);
  });

  it("counts each save on the learner's day around midnight, and ends the 30 days on the learner's today", async () => {
    app.clock.set('2026-03-10T23:30:00Z');
    const token = await signupLearner(app);
    await saveWord(token, 'dusk', 1, 'America/New_York');
    await saveWord(token, 'dawn', 1, 'Europe/Berlin');
    await saveWord(token, 'noon', 1, 'Europe/Berlin');
    const berlin = await progress(token, { timeZone: 'Europe/Berlin' });
    expect(berlin.days.slice(-2)).toEqual([
      { day: '2026-03-10', wordsSaved: 1, wordsKnown: 0, pagesRead: 0 },
      { day: '2026-03-11', wordsSaved: 2, wordsKnown: 0, pagesRead: 0 },
    ]);
    const newYork = await progress(token, { timeZone: 'America/New_York' });
    expect(newYork.days.at(-1)).toEqual({ day: '2026-03-10', wordsSaved: 1, wordsKnown: 0, pagesRead: 0 });
    app.clock.set('2026-04-08T23:30:00Z');
    const later = await progress(token, { timeZone: 'Europe/Berlin' });
    expect(later.days[0]).toEqual({ day: '2026-03-11', wordsSaved: 2, wordsKnown: 0, pagesRead: 0 });
    expect(later.days.at(-1)?.day).toBe('2026-04-09');
  });

  it('keeps the counters exact under 30 parallel saves of new, saved and repeated words', async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    await saveWord(token, 'lamp', 2);
    const saves = [
      // Ten new words at once: ten saved, ten known.
      ...Array.from({ length: 10 }, (_, n) => saveWord(token, `wave${n}`, 4)),
      // One saved word raised to 4 by ten requests: known once.
      ...Array.from({ length: 10 }, () => saveWord(token, 'lamp', 4)),
      // One new word sent by ten requests: saved once, known once.
      ...Array.from({ length: 10 }, () => saveWord(token, 'gull', 4)),
    ];
    await Promise.all(saves);
    expect(await today(token)).toEqual([12, 12, 0]);
  });

  it("counts each learner's saves in their own language only, and refuses a visitor and an unknown language", async () => {
    app.clock.set(noon);
    const token = await signupLearner(app);
    const other = await signupLearner(app);
    await saveWord(token, 'lamp', 4);
    await send(token, {
      method: 'POST',
      url: '/api/v1/userword',
      payload: { lowercase: 'lampe', level: 1, language: 'de' },
    });
    expect(await today(other)).toEqual([0, 0, 0]);
    const german = await progress(token, { language: 'de' });
    expect(german.days.at(-1)).toMatchObject({ wordsSaved: 1, wordsKnown: 0 });
    expect(german.levels).toEqual([0, 1, 0, 0, 0]);
    const visitor = await app.inject({ method: 'GET', url: '/api/v1/progress/en' });
    expect(visitor.statusCode).toBe(401);
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/progress/xx', headers: authed(token) });
    expect(unknown.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(unknown.json()).details[0]).toMatchObject({ field: 'targetLang' });
  });
});
