import { memo, type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Section } from '@/contract/entities';
import { type LearningLanguage, textDirection } from '@/contract/languages';
import { tokensHtml } from '@/contract/text-markup';
import { endPaintedOffer, findPaintedText } from './painted-text';
import { chunkOf, paragraphOf, type TextPainter } from './text-painter';

type PageTextProps = {
  sections: readonly Section[];
  lang: LearningLanguage;
  /**
   * Told which word elements the page holds once they exist (anew, or appended sections'), which of its blocks are
   * off screen, and which word a tap or Enter picks.
   */
  painter: TextPainter;
  renderSectionStart?: ((section: Section, index: number) => ReactNode) | undefined;
  /** Put after a section's tokens, e.g. a vocabulary row's meaning, note and dates. */
  renderSectionEnd?: ((section: Section, index: number) => ReactNode) | undefined;
  /**
   * Groups the paragraphs in blocks of this many, each skipped whole while off screen: a two-hour transcript then
   * lays out and styles tens of blocks, not thousands of paragraphs, when a batch arrives (bench/transcript).
   * A chunked text observes its blocks, not its thousands of paragraphs (each observed target costs every frame).
   */
  chunkSize?: number | undefined;
  /**
   * Renders only the sections near the screen: this many at first, then this many more a frame while the end of
   * those rendered is within a screen of the viewport; the rest is room of the height they are likely to take (a
   * list of thousands of rows: a page of them appended costs nothing until it is scrolled to). Sections rendered
   * stay; a new list (another first section) starts again. Where the browser cannot tell, all are rendered.
   */
  sectionsPerFrame?: number | undefined;
};

/** How long a finger rests on a word before it starts a phrase (the next tap picks its last word). */
const longPressMs = 500;

/**
 * A tap selects a word (or the saved phrase it stands in); choosing a phrase: a drag across words or a shift+click
 * with a mouse, a long press then a tap on the last word on a phone. What is not a phrase selects the last word.
 */
function usePhraseGestures(painter: TextPainter, wordAt: (target: EventTarget | null) => HTMLElement | null) {
  const pressed = useRef<{ word: HTMLElement; touch: boolean; timer?: ReturnType<typeof setTimeout> } | null>(null);
  /** A long-pressed word, waiting for the tap on the phrase's last word. */
  const held = useRef<HTMLElement | null>(null);
  /** The click that ends a drag or a long press is theirs, not a tap. */
  const skipClick = useRef(false);
  const [release] = useState(() => () => {
    if (pressed.current?.timer) clearTimeout(pressed.current.timer);
    pressed.current = null;
  });
  useEffect(() => release, [release]);

  return {
    onPointerDown(event: React.PointerEvent) {
      const word = wordAt(event.target);
      release();
      if (!word || event.button !== 0) return;
      const touch = event.pointerType === 'touch';
      const press: NonNullable<typeof pressed.current> = { word, touch };
      if (touch) {
        press.timer = setTimeout(() => {
          held.current = word;
          skipClick.current = true;
          painter.startPhrase(word);
        }, longPressMs);
      }
      pressed.current = press;
    },
    onPointerUp(event: React.PointerEvent) {
      const press = pressed.current;
      release();
      if (!press || press.touch) return;
      const end = wordAt(event.target);
      if (!end || end === press.word) return;
      painter.selectBetween(press.word, end);
      skipClick.current = true;
    },
    onPointerCancel: release,
    onContextMenu(event: React.MouseEvent) {
      // A long press on a word starts a phrase, not the browser's menu.
      if (wordAt(event.target)) event.preventDefault();
    },
    onClick(event: React.MouseEvent) {
      if (skipClick.current) {
        skipClick.current = false;
        return;
      }
      const word = wordAt(event.target);
      if (!word) return;
      const start = held.current ?? (event.shiftKey ? painter.anchor() : null);
      held.current = null;
      if (start && start !== word) painter.selectBetween(start, word);
      else painter.select(word, true);
    },
  };
}

type SectionTextProps = {
  section: Section;
  index: number;
  renderStart: PageTextProps['renderSectionStart'];
  renderEnd: PageTextProps['renderSectionEnd'];
};

/**
 * One paragraph; memoised, so a transcript that grows by a batch renders only the new sections. Its words are one
 * HTML string (contract/text-markup.ts), the same the server paints first; React keeps the elements while the
 * string is unchanged, so the levels set on them stay.
 */
const SectionText = memo(function SectionText({ section, index, renderStart, renderEnd }: SectionTextProps) {
  return (
    <p className="reader-paragraph" data-section={index}>
      {renderStart?.(section, index)}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: tokensHtml escapes every token */}
      <span className="reader-words" dangerouslySetInnerHTML={{ __html: tokensHtml(section.tokens, 0) }} />
      {renderEnd?.(section, index)}
    </p>
  );
});

type ChunkProps = {
  sections: readonly Section[];
  start: number;
  renderStart: PageTextProps['renderSectionStart'];
  renderEnd: PageTextProps['renderSectionEnd'];
};

/** A block of paragraphs; re-rendered only when it gained sections (the last block of a growing transcript). */
const Chunk = memo(
  function Chunk({ sections, start, renderStart, renderEnd }: ChunkProps) {
    return (
      <div className="reader-chunk">
        {sections.map((section, offset) => (
          <SectionText
            // biome-ignore lint/suspicious/noArrayIndexKey: sections are appended (a removed vocabulary row re-renders the rows after it)
            key={offset}
            section={section}
            index={start + offset}
            renderStart={renderStart}
            renderEnd={renderEnd}
          />
        ))}
      </div>
    );
  },
  (before, after) =>
    before.start === after.start &&
    before.renderStart === after.renderStart &&
    before.renderEnd === after.renderEnd &&
    before.sections.length === after.sections.length &&
    before.sections.every((section, offset) => section === after.sections[offset]),
);

/** The sections `PageText` renders now, and the room left for the rest (`sectionsPerFrame`). */
function useSectionsNearScreen(sections: readonly Section[], perFrame: number | undefined) {
  const [count, setCount] = useState(() =>
    perFrame && typeof IntersectionObserver === 'function' ? perFrame : Number.POSITIVE_INFINITY,
  );
  const [first, setFirst] = useState(sections[0]);
  if (sections[0] !== first) {
    setFirst(sections[0]);
    if (Number.isFinite(count) && perFrame) setCount(perFrame);
  }
  const shown = useMemo(() => (count >= sections.length ? sections : sections.slice(0, count)), [sections, count]);
  const rest = useRef<HTMLDivElement>(null);
  const left = sections.length - shown.length;
  // Observed anew after each step: the observer's first report says whether the end is still near.
  useLayoutEffect(() => {
    const element = rest.current;
    if (!element || left === 0 || !perFrame || shown.length === 0) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setCount((before) => before + perFrame);
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [left, perFrame, shown.length]);
  return { shown, rest, left };
}

/**
 * The page's tokens, rendered once per page. Words are spans with button semantics (a roving tab stop, Enter and
 * Space select): a real <button> is an atomic inline box, and thousands of them make recolouring a third dearer.
 * Levels and the selection are data attributes set on the indexed elements, so pressing a level key never
 * re-renders thousands of tokens. Paragraphs use `content-visibility: auto` (in CSS) so off-screen ones cost
 * nothing to lay out.
 */
export const PageText = memo(function PageText({
  sections: allSections,
  lang,
  painter,
  renderSectionStart,
  renderSectionEnd,
  chunkSize,
  sectionsPerFrame,
}: PageTextProps) {
  const near = useSectionsNearScreen(allSections, sectionsPerFrame);
  const sections = near.shown;
  const container = useRef<HTMLDivElement>(null);
  const indexed = useRef<{ sections: readonly Section[]; observer?: IntersectionObserver }>(null);
  // The page the server painted is taken over as it is (painted-text.ts); any other sections are rendered here.
  const [painted] = useState(() =>
    chunkSize || renderSectionStart || renderSectionEnd
      ? null
      : { sections, paragraphs: findPaintedText(sections, lang) },
  );
  const adopted = painted?.paragraphs && painted.sections === sections ? painted.paragraphs : null;

  useLayoutEffect(() => {
    endPaintedOffer();
    const root = container.current;
    if (!root || !adopted) return;
    for (const paragraph of adopted) if (paragraph.parentElement !== root) root.append(paragraph);
  }, [adopted]);

  useLayoutEffect(() => {
    // Where the browser cannot tell, no block is off screen, so every word counts as visible.
    const observer =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            for (const entry of entries) painter.setVisible(entry.target, entry.isIntersecting);
          })
        : undefined;
    indexed.current = { sections: [], ...(observer && { observer }) };
    return () => observer?.disconnect();
  }, [painter]);

  // A transcript grows by batches: when the sections only gained some at the end, only their paragraphs are
  // indexed and observed, so a batch costs the same at the end of a two-hour video as at its start.
  useLayoutEffect(() => {
    const root = container.current;
    const state = indexed.current;
    if (!root || !state) return;
    const before = state.sections;
    const appended =
      before.length > 0 && before.length <= sections.length && sections[before.length - 1] === before.at(-1);
    if (!appended) {
      state.observer?.disconnect();
      painter.clear();
    }
    const added: HTMLElement[] = [];
    // Only the new paragraphs are looked up (by block and place), so a step costs the same at row 2,000 as at row 20.
    const paragraphAt = (position: number) =>
      chunkSize
        ? root.children[Math.floor(position / chunkSize)]?.children[position % chunkSize]
        : root.children[position];
    for (let position = appended ? before.length : 0; position < sections.length; position++) {
      const paragraph = paragraphAt(position);
      if (!paragraph) continue;
      // Observing a block again is a no-op, so each chunk is observed once however many batches fill it.
      const block = chunkSize ? paragraph.parentElement : paragraph;
      if (block) state.observer?.observe(block);
      for (const element of paragraph.querySelectorAll<HTMLElement>('[data-w]')) added.push(element);
    }
    state.sections = sections;
    painter.index(added, chunkSize ? chunkOf : paragraphOf);
  }, [painter, sections, chunkSize]);

  const wordAt = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>('[data-w]') : null;
  const gesture = usePhraseGestures(painter, wordAt);

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: clicks and keys are delegated to the words inside */}
      <div
        // A new element when the painted paragraphs give way to rendered ones, so React never meets nodes it did not make.
        key={adopted ? 'painted' : 'rendered'}
        ref={container}
        className="reader-text"
        lang={lang}
        dir={textDirection(lang)}
        {...gesture}
        onKeyDown={(event) => {
          // Only a word's keys: a control beside the words (a time stamp, a row's checkbox) keeps its own.
          const word = wordAt(event.target);
          if (word && (event.key === 'Enter' || event.key === ' ') && !event.repeat) {
            event.preventDefault();
            painter.select(word, true);
          }
        }}
      >
        {adopted
          ? null
          : chunkSize
            ? Array.from({ length: Math.ceil(sections.length / chunkSize) }, (_, chunk) => (
                <Chunk
                  // biome-ignore lint/suspicious/noArrayIndexKey: sections are appended (a removed vocabulary row re-renders the rows after it)
                  key={chunk}
                  sections={sections.slice(chunk * chunkSize, (chunk + 1) * chunkSize)}
                  start={chunk * chunkSize}
                  renderStart={renderSectionStart}
                  renderEnd={renderSectionEnd}
                />
              ))
            : sections.map((section, index) => (
                <SectionText
                  // biome-ignore lint/suspicious/noArrayIndexKey: sections are appended (a removed vocabulary row re-renders the rows after it)
                  key={index}
                  section={section}
                  index={index}
                  renderStart={renderSectionStart}
                  renderEnd={renderSectionEnd}
                />
              ))}
      </div>
      {near.left > 0 ? (
        <div
          ref={near.rest}
          className="reader-rest"
          aria-hidden="true"
          style={{ '--rest': near.left } as React.CSSProperties}
        />
      ) : null}
    </>
  );
});
