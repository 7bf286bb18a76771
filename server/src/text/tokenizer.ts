import type { Section, Token } from '#contract/entities.ts';
import type { LearningLanguage } from '#contract/languages.ts';

const segmenters = new Map<LearningLanguage, Intl.Segmenter>();

function segmenterFor(language: LearningLanguage): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * Splits a page into paragraph sections of tokens. Token ids run on across sections so every token of a
 * page has one id; words are the segments Intl.Segmenter calls word-like, everything else (spaces,
 * punctuation) is kept as a non-word token so the text renders exactly as written.
 */
export function tokenizePage(text: string, language: LearningLanguage): Section[] {
  const segmenter = segmenterFor(language);
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0);
  let nextId = 0;
  return paragraphs.map((paragraph) => {
    const tokens: Token[] = [];
    for (const segment of segmenter.segment(paragraph)) {
      const isWord = segment.isWordLike === true;
      tokens.push({
        id: nextId++,
        display: segment.segment,
        lowercase: isWord ? segment.segment.toLocaleLowerCase(language) : segment.segment,
        isWord,
      });
    }
    return { tokens };
  });
}

export function countWords(sections: readonly Section[]): number {
  return sections.reduce((sum, section) => sum + section.tokens.filter((token) => token.isWord).length, 0);
}
