import { fileURLToPath } from 'node:url';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { learningDays } from '../src/db/schema/accounts.ts';
import type { Db } from '../src/db/types.ts';
import { readSeedFiles, seedContent } from '../src/services/seed.ts';
import { dayIn } from '../src/services/streak.ts';
import type { TestApp } from './build-test-app.ts';

const fixtureDir = fileURLToPath(new URL('./fixtures/seed', import.meta.url));
let counter = 0;

/** Seeds the fixture texts, with their glossary unless told otherwise. */
export async function seedFixtures(app: TestApp, options: { glosses?: boolean } = {}) {
  const files = await readSeedFiles(fixtureDir);
  await seedContent(
    app.database.db,
    options.glosses === false ? files.map((file) => ({ ...file, glosses: undefined })) : files,
  );
}

/** A new learner's bearer token. */
export async function signupLearner(app: TestApp, ip = '10.1.0.1'): Promise<string> {
  counter++;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    remoteAddress: ip,
    payload: {
      username: `learner${counter}x`,
      email: `learner${counter}x@example.com`,
      password: 'reading42',
      confirmPassword: 'reading42',
    },
  });
  return envelopeSchema(endpoints.signup.details).parse(response.json()).details.token;
}

export function authed(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** The id of the first content of a language in the seeded fixtures. */
export async function firstContentId(app: TestApp, lang: string): Promise<number> {
  const body = envelopeSchema(endpoints.categories.details).parse(
    (await app.inject({ method: 'GET', url: `/api/v1/content/${lang}` })).json(),
  );
  const id = body.details[0]?.subCategories[0]?.contents[0]?.id;
  if (id === undefined) throw new Error('no content');
  return id;
}

/** Counts `now` (in the learner's zone) as one of their learning days, as a save would. */
export async function markLearningDay(db: Db, userId: number, timeZone: string, now: Date): Promise<void> {
  await db
    .insert(learningDays)
    .values({ userId, day: dayIn(timeZone, now) })
    .onConflictDoNothing();
}

/** A multipart/form-data body as a browser sends it: text fields, then one file in the field `file`. */
export function multipartBody(file: { name: string; content: Buffer | string }, fields: Record<string, string> = {}) {
  const boundary = '----folio-form';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Saves a word as the reader does (with the sentence it was met in, when given); throws unless it was saved. */
export async function saveWord(
  app: TestApp,
  token: string,
  lowercase: string,
  level: number,
  language = 'en',
  context?: object,
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/userword',
    headers: authed(token),
    payload: { lowercase, level, language, ...(context ? { context } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`The word was not saved: ${response.body}`);
}

/** Makes a card of a saved English word and reviews it once ("good"); throws unless both went through. */
export async function addReviewedCard(app: TestApp, token: string, lowercase: string, reviewId: string): Promise<void> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/v1/flashcards/en/cards?homeLang=de',
    headers: authed(token),
    payload: { lowercase },
  });
  const card = envelopeSchema(endpoints.addFlashcard.details).parse(added.json()).details.card;
  const reviewed = await app.inject({
    method: 'POST',
    url: '/api/v1/flashcards/en/review?homeLang=de',
    headers: authed(token),
    payload: { reviewId, cardId: card.id, rating: 3, reps: card.reps, durationMs: 1200 },
  });
  if (reviewed.statusCode !== 200) throw new Error(`The card was not reviewed: ${reviewed.body}`);
}
