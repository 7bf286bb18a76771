import { describe, expect, it } from 'vitest';
import { hiddenHomeLanguages, type LearningLanguage, learningLanguages } from '#contract/languages.ts';
import { readSeedFiles } from '../src/services/seed.ts';
import { tokenizePage } from '../src/text/tokenizer.ts';

const files = await readSeedFiles();

it('covers every text of the starter library', () => {
  const unglossed = files.flatMap((file) =>
    file.categories
      .flatMap((c) => c.subCategories)
      .flatMap((s) => s.contents)
      .filter((content) => !file.glosses?.contents[content.slug])
      .map((content) => content.slug),
  );
  expect(unglossed).toEqual([]);
});
/** The home languages a learner can pick: the home picker hides Hungarian and Korean. */
const homeLanguages = learningLanguages.filter((language) => !hiddenHomeLanguages.includes(language));

describe.each(files.filter((file) => file.glosses).map((file) => [file.language, file] as const))(
  'the %s glossary',
  (language, file) => {
    const contents = file.categories.flatMap((c) => c.subCategories).flatMap((s) => s.contents);
    const glossed = Object.entries(file.glosses?.contents ?? {});
    const homes = homeLanguages.filter((home) => home !== language);

    it('names only contents of its texts, page for page', () => {
      for (const [slug, pages] of glossed) {
        const content = contents.find((c) => c.slug === slug);
        expect(content, slug).toBeDefined();
        expect(pages.length, slug).toBe(content?.pages.length);
      }
    });

    it('glosses every word of each content it names into every home language', () => {
      const missing: string[] = [];
      for (const [slug, pages] of glossed) {
        const content = contents.find((c) => c.slug === slug);
        for (const [number, page] of (content?.pages ?? []).entries()) {
          const words = tokenizePage(page.text, language as LearningLanguage)
            .flatMap((section) => section.tokens)
            .filter((token) => token.isWord);
          for (const word of new Set(words.map((token) => token.lowercase))) {
            for (const home of homes) {
              if (!pages[number]?.[word]?.[home]?.trim()) missing.push(`${slug} p${number} "${word}" → ${home}`);
            }
          }
        }
      }
      expect(missing.slice(0, 20)).toEqual([]);
    });
  },
);
