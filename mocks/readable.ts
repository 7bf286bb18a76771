import type { Reader, Section } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { findUserByToken, type MockUser, mockDb } from './db';
import { buildReader, pageSections } from './fixtures/content';
import { tokenizeParagraphs } from './fixtures/tokenize';
import { libraryAccess } from './library';

/** The learner a request's token names, if any (calls a visitor may make too). */
export function viewerOf(request: Request): MockUser | undefined {
  const token = request.headers.get('Authorization')?.match(/^Bearer (.+)$/)?.[1];
  return token ? findUserByToken(token) : undefined;
}

/** An imported text's page for its own learner; undefined for anyone else, as the server answers 404. */
function importedPage(language: LearningLanguage, contentId: number, pageId: number, viewer: MockUser | undefined) {
  const imported = mockDb().imports.find((item) => item.record.contentId === contentId);
  if (!imported) return { imported: false as const };
  const page =
    imported.record.language === language && imported.username === viewer?.username
      ? imported.pages[pageId]
      : undefined;
  return { imported: true as const, text: imported, page };
}

/** A text an admin uploaded to the library, when this viewer may read it (a draft: admins alone). */
function uploadedText(language: LearningLanguage, contentId: number, viewer: MockUser | undefined) {
  const text = mockDb().library.texts.find((candidate) => candidate.id === contentId);
  return text && text.language === language && libraryAccess(contentId, viewer) === 'readable' ? text : undefined;
}

/**
 * A page's sections as this viewer may read them: the library's (published, or a draft for an admin), or their own
 * imported text's.
 */
export function readableSections(
  language: LearningLanguage,
  contentId: number,
  pageId: number,
  viewer: MockUser | undefined,
): Section[] | undefined {
  if (libraryAccess(contentId, viewer) === 'hidden') return undefined;
  const uploaded = uploadedText(language, contentId, viewer);
  if (uploaded) {
    const page = uploaded.pageTexts[pageId];
    return page ? tokenizeParagraphs(page.text.split('\n\n'), language) : undefined;
  }
  if (mockDb().library.texts.some((candidate) => candidate.id === contentId)) return undefined;
  const found = importedPage(language, contentId, pageId, viewer);
  if (!found.imported) return pageSections(language, contentId, pageId);
  return found.page ? tokenizeParagraphs(found.page.text.split('\n\n'), language) : undefined;
}

export function readableReader(
  language: LearningLanguage,
  contentId: number,
  pageId: number,
  viewer: MockUser | undefined,
): Reader | undefined {
  const sections = readableSections(language, contentId, pageId, viewer);
  if (!sections) return undefined;
  const uploaded = uploadedText(language, contentId, viewer);
  if (uploaded) {
    return {
      // An admin's upload is written in chapters, as the server stores it; a learner's text is cut in pages.
      selectedPage: { id: pageId, pageType: 'chapter' },
      sections,
      pages: uploaded.pageTexts.map((page, index) => ({ id: index, title: page.title })),
    };
  }
  const found = importedPage(language, contentId, pageId, viewer);
  if (!found.imported) return buildReader(language, contentId, pageId);
  return {
    selectedPage: { id: pageId, pageType: 'page' },
    sections,
    pages: found.text.pages.map((page, index) => ({ id: index, title: page.title })),
  };
}

/** Every page of a text this viewer may read, as the server's vocabulary of it holds them; undefined as a 404. */
export function readableText(
  language: LearningLanguage,
  contentId: number,
  viewer: MockUser | undefined,
): Section[] | undefined {
  const pages: Section[][] = [];
  for (let sections = readableSections(language, contentId, 0, viewer); sections; ) {
    pages.push(sections);
    sections = readableSections(language, contentId, pages.length, viewer);
  }
  return pages.length > 0 ? pages.flat() : undefined;
}
