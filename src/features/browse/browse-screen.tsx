import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { lazy, type RefObject, Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { contentQueries } from '@/api/content';
import { BottomSheet } from '@/components/bottom-sheet';
import { useSession } from '@/components/layout/use-session';
import type { Category, ContentSummary, SubCategory } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { usePreferences } from '@/stores/preferences';
import { useIsMobile, useUi } from '@/stores/ui';
import { ContentCards, figureRoom } from './content-cards';
import './browse-screen.css';

/** The learner's own texts load with their own code, after the library: a visitor never downloads it. */
const MyTexts = lazy(() => import('./my-texts').then((module) => ({ default: module.MyTexts })));
const CoveredContentCards = lazy(() =>
  import('./covered-content-cards').then((module) => ({ default: module.CoveredContentCards })),
);

/**
 * A sub-category's text cards. A member's show how much of each text they know: that code loads on demand, so a
 * visitor's first load carries none of it; until it comes the cards keep the figures' room.
 */
function LibraryCards({ contents, member }: { contents: readonly ContentSummary[]; member: boolean }) {
  const targetLang = usePreferences((s) => s.targetLang);
  if (!member) return <ContentCards contents={contents} language={targetLang} />;
  return (
    <Suspense fallback={<ContentCards contents={contents} language={targetLang} figures={figureRoom} />}>
      <CoveredContentCards contents={contents} language={targetLang} />
    </Suspense>
  );
}

type RowScroll = { back: boolean; forward: boolean };

/** Whether a sideways row can scroll back or forward (in either writing direction), kept as it scrolls or resizes. */
function useRowScroll(row: RefObject<HTMLElement | null>, content: unknown): RowScroll {
  const [scroll, setScroll] = useState<RowScroll>({ back: false, forward: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: new content may change how far the row scrolls
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const update = () => {
      const start = Math.abs(element.scrollLeft);
      const end = element.scrollWidth - element.clientWidth;
      const next = { back: start > 1, forward: start < end - 1 };
      setScroll((current) => (current.back === next.back && current.forward === next.forward ? current : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize?.disconnect();
    };
  }, [row, content]);
  return scroll;
}

/** Moves a sideways row by most of its width, back (-1) or forward (1), whichever way the text runs. */
function scrollRow(element: HTMLElement | null, direction: -1 | 1) {
  if (!element) return;
  const sign = getComputedStyle(element).direction === 'rtl' ? -1 : 1;
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollTo({
    left: element.scrollLeft + direction * sign * element.clientWidth * 0.8,
    behavior: still ? 'auto' : 'smooth',
  });
}

/**
 * A category's title and its sideways row of sub-categories. When the row holds more than it shows, buttons beside
 * the title move it, and its edges fade where more waits.
 */
function CategoryRow({
  category,
  language,
  selectedId,
}: {
  category: Category;
  /** The library's language, which its categories are named in. */
  language: LearningLanguage;
  selectedId: number | undefined;
}) {
  const { t } = useLingui();
  const subCategorySelected = useUi((s) => s.subCategorySelected);
  const row = useRef<HTMLUListElement>(null);
  const { back, forward } = useRowScroll(row, category.subCategories);
  const title = category.title;
  return (
    <>
      <div className="category-heading">
        <h2 id={`category-${category.id}`} lang={language}>
          {title}
        </h2>
        {back || forward ? (
          <div className="row-scroll">
            <button
              type="button"
              className="icon-button"
              aria-label={t`Scroll ${title} back`}
              aria-disabled={!back}
              onClick={() => back && scrollRow(row.current, -1)}
            >
              <ChevronLeft size={20} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="icon-button"
              aria-label={t`Scroll ${title} forward`}
              aria-disabled={!forward}
              onClick={() => forward && scrollRow(row.current, 1)}
            >
              <ChevronRight size={20} aria-hidden="true" />
            </button>
          </div>
        ) : null}
      </div>
      <ul
        ref={row}
        className="sub-category-row"
        data-more-back={back || undefined}
        data-more-forward={forward || undefined}
      >
        {category.subCategories.map((sub) => (
          <li key={sub.id}>
            <button
              type="button"
              className="sub-category"
              aria-pressed={sub.id === selectedId}
              onClick={() => subCategorySelected(sub.id)}
            >
              <span className="sub-category-title" lang={language}>
                {sub.title}
              </span>
              <span className="sub-category-description" lang={language}>
                {sub.description}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What Folio is, for a visitor: above the library, which they may read without an account. */
function VisitorIntro() {
  return (
    // Not a region: the journeys, and a screen reader's list of regions, start with the library's categories.
    <div className="intro">
      <h2>
        <Trans>Read your way into a new language</Trans>
      </h2>
      <p>
        <Trans>
          Folio has graded stories and articles in eight languages: tap any word to see its translation and hear it, and
          mark how well you know it. Reading is free; register to keep your words and a daily streak.
        </Trans>
      </p>
      <Link to="/signup" className="button button-primary">
        <Trans>Register for free</Trans>
      </Link>
    </div>
  );
}

/** Categories with their sub-categories; the chosen sub-category's contents show as cards (a sheet on mobile). */
export function BrowseScreen() {
  const targetLang = usePreferences((s) => s.targetLang);
  const { user } = useSession();
  const member = Boolean(user);
  const { data: categories } = useSuspenseQuery(contentQueries.categories(targetLang));
  const isMobile = useIsMobile();
  const selectedSubCategory = useUi((s) => s.selectedSubCategory);
  const subCategorySelected = useUi((s) => s.subCategorySelected);
  const closeSheet = useCallback(() => subCategorySelected(0), [subCategorySelected]);

  const allSubCategories = categories.flatMap((category) => category.subCategories);
  const chosen: SubCategory | undefined = allSubCategories.find((sub) => sub.id === selectedSubCategory);
  /** On a wide screen something is always shown: the first sub-category until the learner picks one. */
  const shown = chosen ?? (isMobile ? undefined : allSubCategories[0]);

  const myTexts = user ? (
    <Suspense fallback={null}>
      <MyTexts language={targetLang} />
    </Suspense>
  ) : null;

  const intro = user ? null : <VisitorIntro />;

  if (categories.length === 0) {
    return (
      <section className="page">
        {intro}
        <p>
          <Trans>There is nothing to read in this language yet.</Trans>
        </p>
        {myTexts}
      </section>
    );
  }

  return (
    <section className="page browse">
      <h1 className="visually-hidden">
        <Trans>Library</Trans>
      </h1>
      {intro}
      {myTexts}
      {categories.map((category) => {
        const shownHere = shown && category.subCategories.some((sub) => sub.id === shown.id) ? shown : undefined;
        return (
          <section key={category.id} className="category" aria-labelledby={`category-${category.id}`}>
            <CategoryRow category={category} language={targetLang} selectedId={shown?.id} />
            {!isMobile && shownHere ? <LibraryCards contents={shownHere.contents} member={member} /> : null}
          </section>
        );
      })}
      {isMobile && chosen ? (
        <BottomSheet title={<span lang={targetLang}>{chosen.title}</span>} onClose={closeSheet}>
          <LibraryCards contents={chosen.contents} member={member} />
        </BottomSheet>
      ) : null}
    </section>
  );
}
