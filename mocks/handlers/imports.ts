import { importLimits, maxImportBytes } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import type { TextImport } from '@/contract/entities';
import { type LearningLanguage, learningLanguageSchema } from '@/contract/languages';
import { type MockImport, type MockUser, mockDb, nextId, notificationsOf } from '../db';
import { buildNotification } from '../fixtures/notifications';
import type { UploadDetails } from '../library';
import { fail, ok, parseBody, parseParams, readMultipart, requireUser, route } from './respond';

const wordsIn = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/** Pages of about 250 words between paragraphs, as the server's job makes them (its chapter rules aside). */
export function pagesOf(text: string) {
  const pages: { title: string; text: string }[] = [];
  let current: string[] = [];
  for (const paragraph of text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    current.push(paragraph);
    if (wordsIn(current.join(' ')) >= 250) {
      pages.push({ title: current[0]?.split(/\s+/).slice(0, 6).join(' ') ?? '', text: current.join('\n\n') });
      current = [];
    }
  }
  if (current.length)
    pages.push({ title: current[0]?.split(/\s+/).slice(0, 6).join(' ') ?? '', text: current.join('\n\n') });
  return pages;
}

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

/** A text stored to be made into pages (a learner's import, or an admin's upload): processing until the next look. */
export function queueImport(
  username: string,
  text: { title: string; language: LearningLanguage; pages: MockImport['pages']; upload?: UploadDetails },
): TextImport {
  const { pages, upload, ...named } = text;
  const record: TextImport = {
    id: nextId(),
    ...named,
    status: 'processing',
    contentId: null,
    pages: 0,
    words: 0,
    error: null,
    createdAt: new Date().toISOString(),
  };
  mockDb().imports.push({ username, record, pages, ...(upload ? { upload } : {}) });
  return { ...record };
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

/** An import made ready as the server's job would make it: its pages counted, its owner told. */
export function finishImport(item: MockImport, contentId: number) {
  Object.assign(item.record, {
    status: 'ready',
    contentId,
    pages: item.pages.length,
    words: item.pages.reduce((sum, page) => sum + wordsIn(page.text), 0),
  });
  const owner = mockDb().users.find((user) => user.username === item.username);
  if (!owner) return;
  notificationsOf(owner).push(
    buildNotification({
      id: nextId(),
      message: `Your text "${item.record.title}" is ready to read (${item.pages.length} pages).`,
      code: 'import_ready',
      params: { title: item.record.title, pages: item.pages.length },
    }),
  );
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
