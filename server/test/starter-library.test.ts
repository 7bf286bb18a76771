import { describe, expect, it } from 'vitest';
import { learningLanguages } from '#contract/languages.ts';
import { readSeedFiles } from '../src/services/seed.ts';
import { tokenizePage } from '../src/text/tokenizer.ts';

const files = await readSeedFiles();

const isLower = (word: string, language: string) =>
  word === word.toLocaleLowerCase(language) && word !== word.toLocaleUpperCase(language);

/**
 * The words a page title writes in lower case although its text writes them capitalised wherever they stand inside a
 * sentence (German nouns, names): the title lost the capitals it is written with.
 */
function lowercasedInTitle(title: string, text: string, language: string): string[] {
  const [, ...words] = title.match(/\p{L}+/gu) ?? [];
  return words.filter((word) => {
    if (!isLower(word, language)) return false;
    const inText = [...text.matchAll(new RegExp(`(?<=^|[^\\p{L}])${word}(?=$|[^\\p{L}])`, 'giu'))];
    const insideSentence = inText.filter((found) => !/(^|[.!?…:»«"“”„]\s*)$/u.test(text.slice(0, found.index)));
    return insideSentence.length > 0 && insideSentence.every((found) => !isLower(found[0], language));
  });
}

describe('the starter library', () => {
  it('has a file for every learning language', () => {
    expect(files.map((file) => file.language).sort()).toEqual([...learningLanguages].sort());
  });

  describe.each(files.map((file) => [file.language, file] as const))('%s', (language, file) => {
    const subCategories = file.categories.flatMap((category) => category.subCategories);
    const contents = subCategories.flatMap((sub) => sub.contents);

    it('has at least 3 categories, 6 sub-categories and 12 contents', () => {
      expect(file.categories.length).toBeGreaterThanOrEqual(3);
      expect(subCategories.length).toBeGreaterThanOrEqual(6);
      expect(contents.length).toBeGreaterThanOrEqual(12);
    });

    it("shows each content's level, from A1 to B2, in its description", () => {
      const levels = contents.map((content) => /^(A1|A2|B1|B2) · /.exec(content.description)?.[1]);
      expect(levels).not.toContain(undefined);
      expect(new Set(levels)).toEqual(new Set(['A1', 'A2', 'B1', 'B2']));
    });

    it('gives each content 2 to 5 pages of a readable length', () => {
      for (const content of contents) {
        expect(content.pages.length, content.slug).toBeGreaterThanOrEqual(2);
        expect(content.pages.length, content.slug).toBeLessThanOrEqual(5);
        for (const page of content.pages) {
          const words = tokenizePage(page.text, language)
            .flatMap((s) => s.tokens)
            .filter((t) => t.isWord).length;
          expect(words, `${content.slug}: ${page.title}`).toBeGreaterThanOrEqual(80);
          expect(words, `${content.slug}: ${page.title}`).toBeLessThanOrEqual(250);
        }
      }
    });
  });

  it('writes each page title as it is written: a capital first letter, and the capitals its words have in the text', () => {
    const miswritten = files.flatMap((file) =>
      file.categories.flatMap((category) =>
        category.subCategories.flatMap((sub) =>
          sub.contents.flatMap((content) =>
            content.pages
              .filter((page) => {
                const first = /\p{L}+/u.exec(page.title)?.[0] ?? '';
                return (
                  isLower(first.charAt(0), file.language) ||
                  lowercasedInTitle(page.title, page.text, file.language).length > 0
                );
              })
              .map((page) => `${content.slug}: ${page.title}`),
          ),
        ),
      ),
    );
    expect(miswritten).toEqual([]);
  });

  it('uses every slug once', () => {
    const slugs = files.flatMap((file) =>
      file.categories.flatMap((c) => c.subCategories.flatMap((s) => s.contents.map((x) => x.slug))),
    );
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
