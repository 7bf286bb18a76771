import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Section } from '@/contract/entities';
import { paragraphHtml, tokensHtml } from '@/contract/text-markup';
import { PageText } from './page-text';
import { offerPaintedText } from './painted-text';
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

/** A page's text as the server paints it (no levels), with the levels its script then gives some words. */
function serverPaint(painted: readonly Section[], lang: string, levels: Record<string, string> = {}) {
  const text = document.createElement('div');
  text.className = 'reader-text';
  text.lang = lang;
  text.innerHTML = painted.map((section, index) => paragraphHtml(section.tokens, index, null)).join('');
  for (const [lowercase, level] of Object.entries(levels)) {
    for (const element of text.querySelectorAll<HTMLElement>(`[data-w="${lowercase}"]`)) element.dataset.level = level;
  }
  return text;
}

describe('the text the server painted', () => {
  it('is taken over as it is: the same elements, showing the levels painted on them', () => {
    const painted = serverPaint(sections, 'fr', { says: '3' });
    const says = painted.querySelector('[data-w="says"]');
    offerPaintedText(painted);
    const { container } = render(<PageText sections={sections} lang="fr" painter={createTextPainter()} />);
    expect(container.querySelector('[data-w="says"]')).toBe(says);
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(2);
    expect(says).toHaveAttribute('data-level', '3');
    // A word without a level (a visitor's page) shows level 0, as a rendered one does.
    expect(container.querySelector('[data-w="tom"]')).toHaveAttribute('data-level', '0');
  });

  it('is indexed: a level the learner changed since is painted over it', () => {
    offerPaintedText(serverPaint(sections, 'fr', { says: '3' }));
    const painter = createTextPainter();
    const { container } = render(<PageText sections={sections} lang="fr" painter={painter} />);
    painter.sync(new Map([['tom', 2]]));
    expect(container.querySelector('[data-w="says"]')).toHaveAttribute('data-level', '0');
    expect(container.querySelector('[data-w="tom"]')).toHaveAttribute('data-level', '2');
  });

  it('is not taken for another text', () => {
    const painted = serverPaint([sections[1] ?? { tokens: [] }], 'fr');
    offerPaintedText(painted);
    const { container } = render(<PageText sections={sections} lang="fr" painter={createTextPainter()} />);
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(2);
    expect(container.querySelector('[data-w="ça"]')).not.toBe(painted.querySelector('[data-w="ça"]'));
  });

  it('gives way to the next page, rendered by the app', () => {
    offerPaintedText(serverPaint(sections, 'fr'));
    const painter = createTextPainter();
    const { container, rerender } = render(<PageText sections={sections} lang="fr" painter={painter} />);
    const next: Section[] = [{ tokens: [word(0, 'Fin')] }];
    rerender(<PageText sections={next} lang="fr" painter={painter} />);
    expect(container.querySelector('.reader-text')?.textContent).toBe('Fin');
  });
});

/** IntersectionObserver that reports nothing until `comeNear` says every observed target is near the screen. */
function stubViewport() {
  const observers = new Set<{ report: IntersectionObserverCallback; targets: Element[] }>();
  class ViewportStub {
    readonly observed: { report: IntersectionObserverCallback; targets: Element[] };
    constructor(report: IntersectionObserverCallback) {
      this.observed = { report, targets: [] };
      observers.add(this.observed);
    }
    observe(target: Element) {
      this.observed.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.observed);
    }
  }
  vi.stubGlobal('IntersectionObserver', ViewportStub);
  return {
    comeNear: () =>
      act(() => {
        for (const { report, targets } of [...observers]) {
          report(
            targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            {} as never,
          );
        }
      }),
  };
}

const rows = (count: number, from = 0): Section[] =>
  Array.from({ length: count }, (_, row) => ({ tokens: [word(0, `w${from + row}`)] }));

describe('a long list rendered a few sections a frame', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders the first sections and leaves room for the rest', () => {
    stubViewport();
    const { container } = render(
      <PageText sections={rows(25)} lang="en" painter={createTextPainter()} chunkSize={5} sectionsPerFrame={10} />,
    );
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(10);
    expect(container.querySelector<HTMLElement>('.reader-rest')?.style.getPropertyValue('--rest')).toBe('15');
  });

  it('renders more as the end nears the screen, the new words indexed and painted', () => {
    const viewport = stubViewport();
    const painter = createTextPainter({ schedule: (work) => work() });
    const { container } = render(
      <PageText sections={rows(25)} lang="en" painter={painter} chunkSize={5} sectionsPerFrame={10} />,
    );
    // The same levels as before: only the words indexed since are looked at.
    const levels = new Map([['w12', 3]]);
    painter.sync(levels);
    viewport.comeNear();
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(20);
    painter.sync(levels);
    expect(container.querySelector('[data-w="w12"]')).toHaveAttribute('data-level', '3');
    viewport.comeNear();
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(25);
    expect(container.querySelector('.reader-rest')).toBeNull();
  });

  it('starts again from the first sections for a new list', () => {
    const viewport = stubViewport();
    const painter = createTextPainter();
    const { container, rerender } = render(
      <PageText sections={rows(25)} lang="en" painter={painter} chunkSize={5} sectionsPerFrame={10} />,
    );
    viewport.comeNear();
    rerender(<PageText sections={rows(25, 100)} lang="en" painter={painter} chunkSize={5} sectionsPerFrame={10} />);
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(10);
    expect(container.querySelector('[data-w="w100"]')).not.toBeNull();
  });

  it('renders every section where the browser cannot tell what is on screen', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { container } = render(
      <PageText sections={rows(25)} lang="en" painter={createTextPainter()} chunkSize={5} sectionsPerFrame={10} />,
    );
    expect(container.querySelectorAll('.reader-paragraph')).toHaveLength(25);
  });
});
