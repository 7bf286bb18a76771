import { createHash } from 'node:crypto';
import { textDirection } from '#contract/languages.ts';
import { paragraphHtml } from '#contract/text-markup.ts';
import { findPage } from '../db/queries/content.ts';
import type { Db } from '../db/types.ts';

/** Where index.html's skeleton takes the server's first paint of a page (inside its empty <main>). */
export const FIRST_PAINT_MARK = '<!--first-paint-->';

const readerPath = /^\/reader\/([1-9]\d{0,8})\/?$/;
const pageQuery = /^(0|[1-9]\d{0,5})$/;

/**
 * The text of a library page, painted by the server inside index.html's skeleton so that a learner on a slow
 * phone reads before the app's script has arrived and run (Lighthouse's largest paint, bench/first-paint). The
 * app's first render replaces it with the interactive reader, built from the same markup (contract/text-markup.ts).
 *
 * Only what every visitor may read is painted (the published library), on the page the app will open: the one in
 * `?page=`, else the first. A member without `?page=` opens the page after their last finished one, which only the
 * app knows; index.html's inline script hides the painted text for them. Words carry no level: the server cannot
 * know the learner's, and the app colours them when it takes over.
 */
export async function readerFirstPaint(db: Db, url: string): Promise<string | null> {
  const [pathname = '', search = ''] = url.split('?', 2);
  const match = readerPath.exec(pathname);
  if (!match) return null;
  const requested = new URLSearchParams(search).get('page');
  const pageNumber = requested !== null && pageQuery.test(requested) ? Number(requested) : 0;
  const page = await findPage(db, { contentId: Number(match[1]), pageNumber, viewer: undefined });
  if (!page) return null;
  const paragraphs = page.sections.map((section, index) => paragraphHtml(section.tokens, index, null)).join('');
  return (
    '<section class="page reader first-paint-reader"><div class="reader-toolbar"></div>' +
    `<div class="reader-body"><div class="reader-text" lang="${page.language}" dir="${textDirection(page.language)}">` +
    `${paragraphs}</div></div></section>`
  );
}

/** The CSP hashes ('sha256-…') of the inline scripts of a page: the only inline scripts the policy lets run. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script = '']) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}
