import type { Token } from './entities.ts';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

/**
 * The markup of a paragraph's tokens: each word a span with button semantics that the reader indexes by `data-w`
 * (a roving tab stop, so -1; not a <button>: thousands of atomic inline boxes make recolouring slow), everything
 * else plain text. One string, set as the paragraph's inner HTML: the browser's parser builds a page of thousands
 * of words faster than React makes an element per token, and the server paints the same markup before the app has
 * loaded (server/src/plugins/first-paint.ts): the one markup of a page's text, shared by both as the rest of the
 * contract is.
 *
 * `level` is the level every word starts with: 0 in the app, which recolours the known ones at once; none in the
 * server's first paint, which cannot know the learner's levels and so leaves the words uncoloured.
 */
export function tokensHtml(tokens: readonly Token[], level: number | null): string {
  const levelAttribute = level === null ? '' : ` data-level="${level}"`;
  let html = '';
  for (const token of tokens) {
    const display = escapeHtml(token.display);
    html += token.isWord
      ? `<span role="button" class="word" data-w="${escapeHtml(token.lowercase)}" data-id="${token.id}"${levelAttribute} tabindex="-1">${display}</span>`
      : display;
  }
  return html;
}

/** A paragraph of a page, as the reader renders it (the words in a span of their own after any start). */
export function paragraphHtml(tokens: readonly Token[], index: number, level: number | null): string {
  return `<p class="reader-paragraph" data-section="${index}"><span class="reader-words">${tokensHtml(tokens, level)}</span></p>`;
}
