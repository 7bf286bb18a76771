import { memo, useLayoutEffect, useRef } from 'react';
import type { Section } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';

/** The word elements of a rendered page, by lowercase form and in reading order. */
export type WordIndex = { byWord: Map<string, HTMLElement[]>; inOrder: HTMLElement[] };

type PageTextProps = {
  sections: readonly Section[];
  lang: LearningLanguage;
  /** Called once the page's elements exist, with the index used to recolour and move without re-rendering. */
  onIndexed: (index: WordIndex) => void;
  onWordClick: (element: HTMLElement) => void;
};

/**
 * The page's tokens, rendered once per page. Levels and the selection are data attributes set on the indexed
 * elements, so pressing a level key never re-renders thousands of tokens. Paragraphs use
 * `content-visibility: auto` (in CSS) so off-screen ones cost nothing to lay out.
 */
export const PageText = memo(function PageText({ sections, lang, onIndexed, onWordClick }: PageTextProps) {
  const container = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const byWord = new Map<string, HTMLElement[]>();
    const inOrder: HTMLElement[] = [];
    for (const element of container.current?.querySelectorAll<HTMLElement>('[data-w]') ?? []) {
      const word = element.dataset.w ?? '';
      const list = byWord.get(word);
      if (list) list.push(element);
      else byWord.set(word, [element]);
      inOrder.push(element);
    }
    onIndexed({ byWord, inOrder });
  }, [onIndexed]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: clicks are delegated to the word buttons inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: each word is a button and handles its own keys
    <div
      ref={container}
      className="reader-text"
      lang={lang}
      onClick={(event) => {
        const word = (event.target as HTMLElement).closest<HTMLElement>('[data-w]');
        if (word) onWordClick(word);
      }}
    >
      {sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a page's sections never move
        <p key={index} className="reader-paragraph">
          {section.tokens.map((token) =>
            token.isWord ? (
              <button
                type="button"
                key={token.id}
                className="word"
                data-w={token.lowercase}
                data-id={token.id}
                data-level="0"
                tabIndex={-1}
              >
                {token.display}
              </button>
            ) : (
              token.display
            ),
          )}
        </p>
      ))}
    </div>
  );
});
