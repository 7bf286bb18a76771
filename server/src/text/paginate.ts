/** About this many words make a page of an imported text (spec-like pages of the starter library). */
export const wordsPerPage = 250;

export type ImportedPage = { title: string; text: string };

const chapterHeading =
  /^(?:#{1,3}\s+\S.*|(?:chapter|kapitel|chapitre|capítulo|capitolo|глава|fejezet|part|teil|partie|parte|часть|rész)\s+[\p{L}\p{N}]+.*)$/iu;

const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

/** A paragraph longer than two pages is cut at sentence ends into parts of about a page. */
function splitLongParagraph(paragraph: string): string[] {
  if (wordCount(paragraph) <= wordsPerPage * 2) return [paragraph];
  const sentences = paragraph.match(/[^.!?。！？]+(?:[.!?。！？]+["'”’»)]*\s*|$)/gu) ?? [paragraph];
  const parts: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (current && wordCount(current) + wordCount(sentence) > wordsPerPage) {
      parts.push(current.trim());
      current = '';
    }
    current += sentence;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** A page's title: its chapter heading, else its first words. */
function titleOf(text: string, chapter: string | undefined): string {
  if (chapter) return chapter.replace(/^#+\s*/, '').slice(0, 120);
  const words = text.split(/\s+/).slice(0, 6).join(' ');
  return words.length > 60 ? `${words.slice(0, 59)}…` : words;
}

/**
 * Pages of about `wordsPerPage` words, cut only between paragraphs (a very long paragraph at sentence ends); a chapter
 * heading ("Chapter 2", "Глава 2", "# Part one") always starts a new page and names it.
 */
export function paginate(text: string): ImportedPage[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const pages: ImportedPage[] = [];
  let current: string[] = [];
  let words = 0;
  let chapter: string | undefined;
  const close = () => {
    if (current.length === 0) return;
    const pageText = current.join('\n\n');
    pages.push({ title: titleOf(pageText, chapter), text: pageText });
    current = [];
    words = 0;
    chapter = undefined;
  };
  for (const paragraph of paragraphs) {
    const firstLine = paragraph.split('\n')[0] ?? '';
    if (chapterHeading.test(firstLine) && firstLine.length <= 120) {
      close();
      chapter = firstLine;
      const rest = paragraph.slice(firstLine.length).trim();
      if (rest) current.push(rest);
      words = wordCount(rest);
      continue;
    }
    for (const part of splitLongParagraph(paragraph)) {
      const partWords = wordCount(part);
      if (words > 0 && words + partWords > wordsPerPage * 1.2 && words >= wordsPerPage * 0.5) close();
      current.push(part);
      words += partWords;
      if (words >= wordsPerPage) close();
    }
  }
  close();
  return pages;
}
