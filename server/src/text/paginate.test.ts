import { describe, expect, it } from 'vitest';
import { paginate, wordsPerPage } from './paginate.ts';

const sentence = (n: number) => `Sentence number ${n} has exactly seven words here.`;
const paragraph = (from: number, sentences: number) =>
  Array.from({ length: sentences }, (_, i) => sentence(from + i)).join(' ');

describe('paginate', () => {
  it('cuts pages of about 250 words between paragraphs only', () => {
    const text = Array.from({ length: 40 }, (_, i) => paragraph(i * 5, 5)).join('\n\n');
    const pages = paginate(text);
    const counts = pages.map((page) => page.text.split(/\s+/).length);
    expect(pages.length).toBeGreaterThan(4);
    for (const count of counts.slice(0, -1)) {
      expect(count).toBeGreaterThanOrEqual(wordsPerPage * 0.5);
      expect(count).toBeLessThanOrEqual(wordsPerPage * 1.3);
    }
    // No paragraph was cut: every page is whole paragraphs of the text.
    for (const page of pages) for (const part of page.text.split('\n\n')) expect(text).toContain(part);
  });

  it('starts a page at each chapter heading and names the page after it', () => {
    const text = `Chapter 1\n\n${paragraph(0, 3)}\n\nChapter 2: The storm\n\n${paragraph(10, 3)}\n\nГлава 3\n\n${paragraph(20, 2)}`;
    expect(paginate(text).map((page) => page.title)).toEqual(['Chapter 1', 'Chapter 2: The storm', 'Глава 3']);
  });

  it('cuts a paragraph of several pages at sentence ends', () => {
    const pages = paginate(paragraph(0, 150));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages) expect(page.text).toMatch(/\.$/);
  });

  it('titles an untitled page by its first words', () => {
    expect(paginate('The rain fell on the old town all night long.')[0]?.title).toBe('The rain fell on the old');
  });
});
