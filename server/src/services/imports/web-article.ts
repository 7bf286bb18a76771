import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { WebPageError } from './web-page.ts';

/** A web page's article: its title and its paragraphs as plain text, a blank line between them. */
export type WebArticle = { title: string; text: string };

const blocks = 'h1, h2, h3, h4, h5, h6, p, li, blockquote, pre, dt, dd, figcaption, td, th';
/** A page with more elements than this is not read (Readability stops): its reading's time and memory stay bounded. */
const maxElements = 30_000;

const oneLine = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The article of a page's HTML, found by Mozilla's Readability (the Firefox reader view's) on a linkedom document:
 * its title and the text of its paragraphs, headings and list items, each once (a block inside another counts as
 * the inner one), the byline left out. The title is the page's first `h1` when the page's title holds it (a site's
 * name after it), else Readability's, else the page's. Navigation, scripts, styles and the rest are left out; a page
 * whose article has no paragraph is not an article.
 */
export function articleOf(html: string): WebArticle {
  const { document } = parseHTML(html);
  const pageTitle = oneLine(document.title);
  const heading = oneLine(document.querySelector('h1')?.textContent);
  let article: ReturnType<Readability['parse']>;
  try {
    article = new Readability(document, { maxElemsToParse: maxElements }).parse();
  } catch {
    throw new WebPageError('not_an_article', 'The page is too large to read');
  }
  const content = parseHTML(`<!doctype html><html><body>${article?.content ?? ''}</body></html>`).document;
  const found = oneLine(article?.title) || pageTitle;
  const title = heading && found.includes(heading) ? heading : found;
  const byline = oneLine(article?.byline);
  const paragraphs = [...content.querySelectorAll(blocks)]
    .filter((element) => !element.querySelector(blocks))
    .map((element) => oneLine(element.textContent))
    .filter((paragraph) => paragraph && paragraph !== byline);
  if (paragraphs[0] === title) paragraphs.shift();
  const text = paragraphs.join('\n\n');
  if (!/[\p{L}\p{N}]/u.test(text)) throw new WebPageError('not_an_article', 'No article was found on this page');
  return { title, text };
}
