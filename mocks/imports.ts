import type { TextImport } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { type MockImport, mockDb, nextId, notificationsOf, type UploadDetails } from './db';
import { buildNotification } from './fixtures/notifications';

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
