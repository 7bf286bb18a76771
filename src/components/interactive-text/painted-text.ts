import type { Section } from '@/contract/entities';

/** A page's text as the server painted it (its `.reader-text`), until the first page text has mounted. */
let offered: Element | null = null;

/**
 * Offers the server's painted text (server/src/plugins/first-paint.ts) to the page the app opens first, before the
 * app's first render removes the skeleton around it.
 */
export function offerPaintedText(text: Element | null): void {
  offered = text;
}

/** The first page text has mounted: what was painted is the app's now, or was another page's. */
export function endPaintedOffer(): void {
  offered = null;
}

/**
 * The painted paragraphs, when they are exactly these sections' words in this language: the page moves them into
 * its own text instead of building them again, so the text the learner already sees (in their levels, painted by
 * the server's script) is neither parsed nor replaced twice. Null when nothing was painted, or another text was.
 */
export function findPaintedText(sections: readonly Section[], lang: string): Element[] | null {
  const text = offered;
  if (!text || text.getAttribute('lang') !== lang || text.children.length !== sections.length) return null;
  const paragraphs = [...text.children];
  for (const [index, section] of sections.entries()) {
    const words = paragraphs[index]?.querySelectorAll('[data-w]') ?? [];
    let position = 0;
    for (const token of section.tokens) {
      if (!token.isWord) continue;
      const word = words[position++];
      if (word?.getAttribute('data-w') !== token.lowercase || word.getAttribute('data-id') !== String(token.id)) {
        return null;
      }
    }
    if (position !== words.length) return null;
  }
  return paragraphs;
}
