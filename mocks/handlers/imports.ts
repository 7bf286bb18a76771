import { importLimits, maxImportBytes } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import type { TextImport } from '@/contract/entities';
import { type LearningLanguage, learningLanguageSchema } from '@/contract/languages';
import { type MockUser, mockDb } from '../db';
import { webPageFixtures } from '../fixtures/web-pages';
import { finishImport, pagesOf, queueImport } from '../imports';
import { fail, ok, parseBody, parseParams, readMultipart, requireUser, route } from './respond';

/** Subtitles as text: the cue lines without numbers, timings and tags. */
const subtitlesAsText = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() && !/^\d+$/.test(line.trim()) && !line.includes('-->') && !/^WEBVTT/.test(line))
    .map((line) => line.replace(/<[^>]+>/g, '').trim())
    .join(' ');

/**
 * Stores a text as the server does: refused without words, or at the learner's limit. The mocks have no job
 * queue: the import is processing in this answer and ready at the next look at the list.
 */
function startImport(user: MockUser, language: LearningLanguage, title: string, text: string): Response {
  if (!/[\p{L}\p{N}]/u.test(text)) return fail(400, 'bad_file', 'The text has no words', 'file');
  const pro = new Date(user.pro.endDate ?? 0).getTime() > Date.now();
  const limit = pro ? importLimits.pro : importLimits.free;
  const own = mockDb().imports.filter((item) => item.username === user.username && !item.upload);
  if (own.length >= limit) {
    return fail(403, 'import_limit', `You can import up to ${limit} texts: delete one to import another`);
  }
  return ok(queueImport(user.username, { title, language, pages: pagesOf(text) }));
}

/** An admin's upload that could not be imported, as a failed job leaves it: for tests that need one. */
export function failedUpload(username: string, title: string): TextImport {
  const record = queueImport(username, {
    title,
    language: 'en',
    pages: [],
    upload: { subCategoryId: 1, description: 'Never made', level: 'A1' },
  });
  const stored = mockDb().imports.find((item) => item.record.id === record.id);
  if (!stored) throw new Error('The upload was not queued');
  Object.assign(stored.record, { status: 'failed', error: 'internal' });
  return { ...stored.record };
}

/**
 * A private address as the server judges it after resolving, here by its literal alone (the mocks resolve nothing):
 * loopback, private, shared, link-local (metadata), and their IPv6 kin.
 */
const privateHost =
  /^(localhost|0\.|10\.|127\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\.)|^\[(::1?|f[cd]|fe[89ab]|::ffff:)/i;

/**
 * A web article by its address: the mocks fetch nothing, they know the fixture pages at https://example.com/<path>
 * (`mocks/fixtures/web-pages.ts`) and refuse what the server refuses before fetching.
 */
function articleAt(address: string): { title: string; text: string } | Response {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return fail(400, 'address_refused', 'This is not a web address', 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return fail(400, 'address_refused', 'Only http and https addresses can be imported', 'url');
  }
  if (url.username || url.password) {
    return fail(400, 'address_refused', 'An address with a user name or password cannot be imported', 'url');
  }
  if (privateHost.test(url.hostname)) {
    return fail(400, 'address_refused', 'This address is private: only public web pages can be imported', 'url');
  }
  const page = webPageFixtures.find((fixture) => url.hostname === 'example.com' && url.pathname === fixture.path);
  if (!page) return fail(422, 'page_unreachable', 'The page answered with the status 404', 'url');
  return { title: page.title, text: page.paragraphs.join('\n\n') };
}

/** The learner's texts in a language; one still processing is made ready, as the server's job would. */
function listFor(user: MockUser, language: LearningLanguage): TextImport[] {
  const own = mockDb().imports.filter(
    (item) => item.username === user.username && !item.upload && item.record.language === language,
  );
  for (const item of own) if (item.record.status === 'processing') finishImport(item, 900_000 + item.record.id);
  return own.map((item) => ({ ...item.record })).reverse();
}

export const importHandlers = [
  route(endpoints.importText, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.importText.body);
    if (body instanceof Response) return body;
    return startImport(user, body.language, body.title, body.text);
  }),

  route(endpoints.importFile, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const form = await readMultipart(request);
    const file = form?.file;
    if (!form || !file) return fail(400, 'bad_file', 'Send the text in the field "file"', 'file');
    const kind = /\.(txt|srt|vtt)$/i.exec(file.name)?.[1]?.toLowerCase();
    // The mocks read no EPUB (the server does, with fflate and htmlparser2): a book is refused here.
    if (!kind) return fail(400, 'bad_file', 'Import a .txt, .epub, .srt or .vtt file', 'file');
    if (file.text.length > maxImportBytes)
      return fail(413, 'payload_too_large', 'Text files may be at most 5 MB', 'file');
    const language = learningLanguageSchema.safeParse(form.fields.language);
    if (!language.success) return fail(400, 'invalid_input', 'Choose the language of the text', 'language');
    const title = ((form.fields.title ?? '').trim() || file.name.replace(/\.[^.]+$/, '')).slice(0, 120);
    const raw = file.text;
    if (raw.includes('\u0000')) return fail(400, 'bad_file', 'The file is not text', 'file');
    return startImport(user, language.data, title, kind === 'txt' ? raw : subtitlesAsText(raw));
  }),

  route(endpoints.importUrl, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.importUrl.body);
    if (body instanceof Response) return body;
    const article = articleAt(body.url);
    if (article instanceof Response) return article;
    return startImport(user, body.language, body.title || article.title, article.text);
  }),

  route(endpoints.myTexts, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.myTexts.params);
    if (parsed instanceof Response) return parsed;
    return ok(listFor(user, parsed.targetLang));
  }),

  route(endpoints.deleteImport, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.deleteImport.params);
    if (parsed instanceof Response) return parsed;
    const db = mockDb();
    const at = db.imports.findIndex(
      (item) => item.username === user.username && !item.upload && item.record.id === parsed.importId,
    );
    if (at === -1) return fail(404, 'not_found', 'This text does not exist');
    db.imports.splice(at, 1);
    return ok(null);
  }),
];
