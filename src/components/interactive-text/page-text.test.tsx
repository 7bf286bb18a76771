import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Section } from '@/contract/entities';
import { paragraphHtml, tokensHtml } from '@/contract/text-markup';
import { PageText } from './page-text';
import { createTextPainter } from './text-painter';

const word = (id: number, display: string) => ({ id, display, lowercase: display.toLowerCase(), isWord: true });
const gap = (id: number, display: string) => ({ id, display, lowercase: display, isWord: false });
const sections: Section[] = [
  { tokens: [word(0, 'Tom'), gap(1, ' '), word(2, 'says'), gap(3, ' "<hi> & bye".')] },
  { tokens: [word(0, 'Ça'), gap(1, ' '), word(2, "l'été")] },
];

describe('the text markup shared by the reader and the server', () => {
  it('is what the reader renders, paragraph for paragraph', () => {
    const { container } = render(<PageText sections={sections} lang="fr" painter={createTextPainter()} />);
    const text = container.querySelector('.reader-text');
    // Both through the browser's parser, so they compare as documents, not as ways of escaping.
    const painted = document.createElement('div');
    painted.innerHTML = sections.map((section, index) => paragraphHtml(section.tokens, index, 0)).join('');
    // Once indexed, the text's first word is its tab stop.
    const first = painted.querySelector<HTMLElement>('[data-w]');
    if (first) first.tabIndex = 0;
    expect(text?.innerHTML).toBe(painted.innerHTML);
  });

  it('escapes what the text holds', () => {
    const html = tokensHtml(sections[0]?.tokens ?? [], 0);
    expect(html).toContain(' &quot;&lt;hi&gt; &amp; bye&quot;.');
    const element = document.createElement('p');
    element.innerHTML = tokensHtml(sections[1]?.tokens ?? [], 0);
    expect(element.textContent).toBe("Ça l'été");
    expect(element.querySelector<HTMLElement>('[data-id="2"]')?.dataset.w).toBe("l'été");
  });

  it('gives every word the starting level, or none', () => {
    expect(tokensHtml([word(4, 'Tom')], 0)).toBe(
      '<span role="button" class="word" data-w="tom" data-id="4" data-level="0" tabindex="-1">Tom</span>',
    );
    expect(tokensHtml([word(4, 'Tom')], null)).not.toContain('data-level');
  });
});
