import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema } from '#contract/envelope.ts';
import { runImportJob } from '../src/services/imports/jobs.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { authed, seedFixtures, signupLearner } from './helpers.ts';

let app: TestApp;
let admin: string;
let learner: string;

beforeAll(async () => {
  app = await buildTestApp();
  await seedFixtures(app);
  // The test settings make this address an admin at signup.
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/signup',
    payload: { username: 'theboss', email: 'boss@folio.test', password: 'bossword42', confirmPassword: 'bossword42' },
  });
  admin = envelopeSchema(endpoints.signup.details).parse(signup.json()).details.token;
  learner = await signupLearner(app, '10.7.0.1');
});
afterAll(() => app.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  const response = await app.inject({ method, url: `/api/v1${url}`, headers: authed(token), payload });
  return { status: response.statusCode, json: response.json() };
}

async function runJobs() {
  const log = { warn: () => {} } as unknown as Parameters<typeof runImportJob>[0]['log'];
  for (const id of app.sentImports.splice(0))
    await runImportJob({ db: app.database.db, clock: app.clock.now, log }, id, { lastAttempt: true });
}

/** A draft text of two chapters in a new German sub-category; its id. */
async function draft(): Promise<{ contentId: number; subCategoryId: number }> {
  const category = await call('POST', '/admin/categories', admin, { language: 'de', title: 'Flüsse' });
  const sub = await call('POST', '/admin/sub-categories', admin, {
    categoryId: category.json.details.id,
    title: 'Spaziergänge',
    description: '',
  });
  const subCategoryId = sub.json.details.id as number;
  const paragraph = 'Der Fluss fließt langsam an der alten Mühle vorbei, und die Enten schwimmen im Schilf.';
  const upload = await call('POST', '/admin/contents', admin, {
    subCategoryId,
    title: 'Zwei Flüsse',
    description: 'Ein Spaziergang',
    level: 'B1',
    chapters: [
      { title: 'Der Norden', text: `<p>${paragraph}</p><script>alert(1)</script>` },
      { title: 'Der Süden', text: paragraph },
    ],
  });
  expect(upload.status, JSON.stringify(upload.json)).toBe(200);
  await runJobs();
  const library = await call('GET', '/admin/library/de', admin);
  const text = library.json.details.contents.find((c: { subCategoryId: number }) => c.subCategoryId === subCategoryId);
  return { contentId: text.id, subCategoryId };
}

describe("the admins' library on the server", () => {
  it('cleans an upload as a pasted text: no markup or script in its pages', async () => {
    const { contentId } = await draft();
    const page = await call('GET', `/content/de/${contentId}/0`, admin);
    const text = JSON.stringify(page.json.details.sections);
    expect(text).toContain('Mühle');
    expect(text).not.toContain('alert');
    expect(text).not.toContain('<p>');
  });

  it("reads an upload in chapters, the uploader's word, each chapter starting a page named by its title", async () => {
    const { contentId } = await draft();
    const page = await call('GET', `/content/de/${contentId}/0`, admin);
    expect(page.json.details.selectedPage).toEqual({ id: 0, pageType: 'chapter' });
    expect(page.json.details.pages).toEqual([
      { id: 0, title: 'Der Norden' },
      { id: 1, title: 'Der Süden' },
    ]);
  });

  it("keeps a draft's translations from learners, and its upload out of the admin's own texts", async () => {
    const { contentId } = await draft();
    expect((await call('GET', `/translations/${contentId}/0/en/de`, learner)).status).toBe(404);
    expect((await call('GET', `/translations/${contentId}/0/en/de`, admin)).status).toBe(200);
    expect((await call('GET', '/imports/de', admin)).json.details).toEqual([]);
  });

  it('writes who did what to the audit table', async () => {
    const { contentId, subCategoryId } = await draft();
    const details = { subCategoryId, title: 'Zwei Flüsse', description: '', level: null };
    await call('POST', `/admin/contents/${contentId}`, admin, { ...details, published: true });
    await call('POST', `/admin/contents/${contentId}`, admin, { ...details, title: 'Drei Flüsse', published: true });
    await call('DELETE', `/admin/contents/${contentId}`, admin);
    const rows = await app.database.db.execute<{ action: string; username: string }>(sql`
      select a.action, u.username from admin_actions a join users u on u.id = a.admin_id
      where a.created_at is not null order by a.id desc limit 6`);
    expect(rows.rows.map((row) => row.action).reverse()).toEqual([
      'category.create',
      'sub-category.create',
      'content.upload',
      'content.publish',
      'content.edit',
      'content.delete',
    ]);
    expect(new Set(rows.rows.map((row) => row.username))).toEqual(new Set(['theboss']));
  });

  it('edits a starter text, but will not move it to another language', async () => {
    const { subCategoryId } = await draft();
    const library = await call('GET', '/admin/library/en', admin);
    const starter = library.json.details.contents[0];
    const moved = await call('POST', `/admin/contents/${starter.id}`, admin, {
      ...starter,
      subCategoryId,
    });
    expect(moved.status).toBe(400);
    const { id: _id, pages: _pages, words: _words, ...edit } = starter;
    const renamed = await call('POST', `/admin/contents/${starter.id}`, admin, { ...edit, level: 'A1' });
    expect(renamed.json.details).toMatchObject({
      id: starter.id,
      level: 'A1',
      published: true,
      pages: starter.pages,
      words: starter.words,
    });
    expect(starter.pages).toBeGreaterThan(0);
  });
});

describe('the starter library, seeded again at each start', () => {
  it("keeps an admin's edit and an admin's deletion", async () => {
    type Listed = { id: number; subCategoryId: number; title: string };
    const library = await call('GET', '/admin/library/en', admin);
    const edited = (library.json.details.contents as Listed[])[0];
    const german = (await call('GET', '/admin/library/de', admin)).json.details.contents as Listed[];
    const deleted = german.find((content) => content.title === 'Der Morgen');
    if (!edited || !deleted) throw new Error('no starter texts');
    const changed = await call('POST', `/admin/contents/${edited.id}`, admin, {
      subCategoryId: edited.subCategoryId,
      title: 'Renamed by an admin',
      description: 'Told differently',
      level: 'A2',
      published: true,
    });
    expect(changed.status).toBe(200);
    expect((await call('DELETE', `/admin/contents/${deleted.id}`, admin)).status).toBe(200);

    await seedFixtures(app);

    const after = (await call('GET', '/admin/library/en', admin)).json.details.contents as Listed[];
    expect(after.find((content) => content.id === edited.id)).toMatchObject({
      title: 'Renamed by an admin',
      description: 'Told differently',
    });
    const germanAfter = (await call('GET', '/admin/library/de', admin)).json.details.contents as Listed[];
    expect(germanAfter.some((content) => content.title === 'Der Morgen')).toBe(false);
    expect(germanAfter).toHaveLength(german.length - 1);
  });
});
