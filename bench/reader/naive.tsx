/**
 * The naive reference the reader is measured against: the same page, markup and stylesheet, but without the app's
 * optimisations: the levels are one Map in React state, so a level key re-renders every token, and every
 * paragraph is laid out and painted, all in one layer (no `content-visibility: auto`, no layer per paragraph).
 * Not part of the product.
 */

import { benchParagraphs } from '@mocks/fixtures/bench-page';
import { tokenizeParagraphs } from '@mocks/fixtures/tokenize';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/index.css';
import '@/components/layout/app-layout.css';
import '@/components/interactive-text/interactive-text.css';
import '@/features/reader/reader-screen.css';

const sections = tokenizeParagraphs(benchParagraphs(), 'en');
/**
 * The naive reference lays out and paints every paragraph in one layer: `content-visibility: auto` and a layer per
 * paragraph are the app's optimisations.
 */
const plainParagraph = { contentVisibility: 'visible', willChange: 'auto' } as const;
const levelKeys: Record<string, number> = { '0': 0, '1': 1, '2': 2, '3': 3, '4': 4 };

function NaiveReader() {
  const [levels, setLevels] = useState(new Map<string, number>());
  const [selected, setSelected] = useState<{ id: number; word: string; display: string } | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const level = levelKeys[event.key];
      if (level === undefined || !selected) return;
      setLevels((current) => new Map(current).set(selected.word, level));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [selected]);

  return (
    <main className="main">
      <section className="page reader">
        <div className="reader-body">
          <div className="reader-text" lang="en">
            {sections.map((section, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed page
              <p key={index} className="reader-paragraph" style={plainParagraph}>
                {section.tokens.map((token) =>
                  token.isWord ? (
                    // biome-ignore lint/a11y/useSemanticElements: the same markup as the app's
                    // biome-ignore lint/a11y/useKeyWithClickEvents: not part of the product; only clicked by the benchmark
                    <span
                      role="button"
                      tabIndex={-1}
                      key={token.id}
                      className="word"
                      data-w={token.lowercase}
                      data-level={levels.get(token.lowercase) ?? 0}
                      data-selected={selected?.id === token.id ? '' : undefined}
                      onClick={() => setSelected({ id: token.id, word: token.lowercase, display: token.display })}
                    >
                      {token.display}
                    </span>
                  ) : (
                    token.display
                  ),
                )}
              </p>
            ))}
          </div>
          <div className="reader-panel">
            <section className="translation-box">
              <p className="translation-word">{selected?.display}</p>
            </section>
          </div>
        </div>
      </section>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <NaiveReader />
    </StrictMode>,
  );
}
