import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback } from 'react';
import { contentQueries } from '@/api/content';
import { BottomSheet } from '@/components/bottom-sheet';
import { useSession } from '@/components/layout/use-session';
import type { Category, ContentSummary, SubCategory } from '@/contract/entities';
import { usePreferences } from '@/stores/preferences';
import { useIsMobile, useUi } from '@/stores/ui';

/** The learner's own texts load with their own code, after the library: a visitor never downloads it. */
const MyTexts = lazy(() => import('./my-texts').then((module) => ({ default: module.MyTexts })));

function ContentCards({ contents }: { contents: readonly ContentSummary[] }) {
  return (
    <ul className="content-cards">
      {contents.map((content) => (
        <li key={content.id}>
          <Link to="/reader/$id" params={{ id: content.id }} className="content-card">
            <span className="content-card-title">
              {content.title}
              {/* Spaces, so the link's name reads "A Quiet Morning A1 A short story…", not "A Quiet MorningA1A short…". */}
              {content.level ? (
                <>
                  {' '}
                  <span className="library-tag content-card-level">{content.level}</span>
                </>
              ) : null}
            </span>{' '}
            <span className="content-card-description">{content.description}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function SubCategoryRow({ category, selectedId }: { category: Category; selectedId: number | undefined }) {
  const subCategorySelected = useUi((s) => s.subCategorySelected);
  return (
    <ul className="sub-category-row">
      {category.subCategories.map((sub) => (
        <li key={sub.id}>
          <button
            type="button"
            className="sub-category"
            aria-pressed={sub.id === selectedId}
            onClick={() => subCategorySelected(sub.id)}
          >
            <span className="sub-category-title">{sub.title}</span>
            <span className="sub-category-description">{sub.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Categories with their sub-categories; the chosen sub-category's contents show as cards (a sheet on mobile). */
export function BrowseScreen() {
  const targetLang = usePreferences((s) => s.targetLang);
  const { user } = useSession();
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

  if (categories.length === 0) {
    return (
      <section className="page">
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
      {myTexts}
      {categories.map((category) => {
        const shownHere = shown && category.subCategories.some((sub) => sub.id === shown.id) ? shown : undefined;
        return (
          <section key={category.id} className="category" aria-labelledby={`category-${category.id}`}>
            <h2 id={`category-${category.id}`}>{category.title}</h2>
            <SubCategoryRow category={category} selectedId={shown?.id} />
            {!isMobile && shownHere ? <ContentCards contents={shownHere.contents} /> : null}
          </section>
        );
      })}
      {isMobile && chosen ? (
        <BottomSheet title={chosen.title} onClose={closeSheet}>
          <ContentCards contents={chosen.contents} />
        </BottomSheet>
      ) : null}
    </section>
  );
}
