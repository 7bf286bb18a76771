import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { progressQueries } from '@/api/progress';
import { type VocabularyFilters, vocabularyQueries } from '@/api/vocabulary';
import { dateFormatter } from '@/components/format';
import { InteractiveText } from '@/components/interactive-text/interactive-text';
import { useLevelDisplayClass } from '@/components/interactive-text/level-display';
import { TextToggles } from '@/components/interactive-text/text-toggles';
import { useSession } from '@/components/layout/use-session';
import type { VocabularyWord } from '@/contract/endpoints/vocabulary';
import type { Section } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { usePreferences } from '@/stores/preferences';
import { FilterBar } from './filter-bar';
import { MoreRows } from './more-rows';
import { ProgressPanel } from './progress-panel';
import { RowCells, RowCheck } from './row-cells';
import { RemoveWordsDialog, SelectAllShown, SelectionBar } from './selection-bar';
import { createRowStore, listedWords, rowSections } from './vocabulary-rows';
import '@/components/interactive-text/word-rows.css';
import './vocabulary-screen.css';

// The export's dialog and download code load when the learner opens it.
const ExportDialog = lazy(async () => ({ default: (await import('./export-dialog')).ExportDialog }));
// So does the import's.
const ImportDialog = lazy(async () => ({ default: (await import('./import-dialog')).ImportDialog }));

type VocabularyScreenProps = {
  filters: VocabularyFilters;
  onFiltersChange: (change: Partial<VocabularyFilters>) => Promise<void> | void;
};

/** Rows per block the browser skips whole while it is off screen (the list's pages hold more). */
const rowsPerBlock = 25;
/** Rows rendered at first, and then a frame, as the list's end nears the screen (page-text.tsx). */
const rowsPerFrame = 10;

function VocabularyPitch() {
  return (
    <section className="page vocabulary-pitch">
      <h1>
        <Trans>Keep every word you learn</Trans>
      </h1>
      <p>
        <Trans>
          Every word you give a level while you read is kept in your list: filter and search it, see what each word
          means, hear it, and change its level in a keystroke.
        </Trans>
      </p>
      <Link to="/signup" className="button button-primary">
        <Trans>Register for free</Trans>
      </Link>
    </section>
  );
}

/** The list's sections, kept row by row while the rows list the same words (vocabulary-rows.ts). */
function useRowSections(words: readonly VocabularyWord[]): readonly Section[] {
  const before = useRef<readonly Section[]>([]);
  return useMemo(() => {
    before.current = rowSections(words, before.current);
    return before.current;
  }, [words]);
}

type VocabularyListProps = VocabularyScreenProps & { language: LearningLanguage; homeLang: LearningLanguage };

function VocabularyList({ language, homeLang, filters, onFiltersChange }: VocabularyListProps) {
  const { i18n } = useLingui();
  const levelDisplay = useLevelDisplayClass();
  const list = useInfiniteQuery({
    ...vocabularyQueries.list({ language, homeLang, ...filters }),
    placeholderData: keepPreviousData,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const words = useMemo(() => listedWords(data?.pages ?? []), [data]);
  const first = data?.pages[0];

  const [store] = useState(createRowStore);
  // The rows rendered with this list read its words; the rows already on screen hear of them after it commits.
  store.list(words);
  useLayoutEffect(() => store.shown(words), [store, words]);

  const sections = useRowSections(words);
  // The dictionary's meanings, shown by the translation box without asking; a learner's own comes with the levels.
  const meanings = useMemo(
    () =>
      new Map(
        words.flatMap(({ meaning, meaningIsOwn }, row) =>
          meaning === null || meaningIsOwn ? [] : [[row, meaning] as const],
        ),
      ),
    [words],
  );
  const changedOn = useMemo(() => dateFormatter(i18n.locale, { dateStyle: 'medium' }), [i18n.locale]);
  const renderCheck = useCallback(
    (section: Section) => (
      <RowCheck
        store={store}
        lowercase={section.tokens[0]?.lowercase ?? ''}
        written={section.tokens[0]?.display ?? ''}
      />
    ),
    [store],
  );
  const renderCells = useCallback(
    (section: Section) => (
      <RowCells
        store={store}
        lowercase={section.tokens[0]?.lowercase ?? ''}
        homeLang={homeLang}
        changedOn={changedOn}
      />
    ),
    [store, homeLang, changedOn],
  );
  const [dialogOpen, setDialogOpen] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  // After a removal the selection's bar is gone: the focus goes to the top of the list, not to the page's start.
  const heading = useRef<HTMLHeadingElement>(null);
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) heading.current?.focus();
  }, [removals]);

  // The counts per level are the progress panel's (one call): a search need not count every saved word.
  const counts = useQuery(progressQueries.language(language)).data?.levels;
  const total = first?.total ?? 0;
  // Grouped by family, the total counts the words without a parent: the words that match.
  const filtered =
    filters.levels.length > 0 || filters.q.trim() !== '' || filters.family === true || filters.phrases === true;
  const saved = first && !filtered ? total : counts?.reduce((sum, count) => sum + count, 0);

  return (
    <section className="page vocabulary" aria-labelledby="vocabulary-heading">
      <div className="vocabulary-heading">
        <h1 id="vocabulary-heading" ref={heading} tabIndex={-1}>
          <Trans>Words</Trans>
        </h1>
        {first ? (
          <p className="vocabulary-total" aria-live="polite">
            {filtered ? (
              <Plural value={total} one="# word matches" other="# words match" />
            ) : (
              <Plural value={total} one="# word saved" other="# words saved" />
            )}
          </p>
        ) : null}
        <div className="vocabulary-links">
          <Link to="/flashcards">
            <Trans>Flashcards</Trans>
          </Link>
          <button type="button" className="button button-secondary" onClick={() => setExportOpen(true)}>
            <Trans>Export</Trans>
          </button>
          <button type="button" className="button button-secondary" onClick={() => setImportOpen(true)}>
            <Trans>Import</Trans>
          </button>
        </div>
      </div>
      {exportOpen ? (
        <Suspense fallback={null}>
          <ExportDialog language={language} levels={filters.levels} onClose={() => setExportOpen(false)} />
        </Suspense>
      ) : null}
      {importOpen ? (
        <Suspense fallback={null}>
          <ImportDialog language={language} onClose={() => setImportOpen(false)} />
        </Suspense>
      ) : null}
      <ProgressPanel language={language} />
      <FilterBar counts={counts} filters={filters} onFiltersChange={onFiltersChange} />
      {list.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {list.isError && !data ? (
        <p role="alert" className="vocabulary-empty">
          <Trans>An error occurred</Trans>{' '}
          <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
      {saved === 0 ? (
        <p className="vocabulary-empty">
          <Trans>No words saved yet. Give a word a level while you read, and it is listed here.</Trans>{' '}
          <Link to="/">
            <Trans>Find something to read</Trans>
          </Link>
        </p>
      ) : first && words.length === 0 ? (
        <p className="vocabulary-empty">
          <Trans>No saved word matches.</Trans>
        </p>
      ) : null}
      {words.length > 0 ? (
        <>
          <div className="vocabulary-tools">
            <SelectAllShown store={store} words={words} />
            <div className="vocabulary-toggles">
              <TextToggles />
            </div>
          </div>
          <SelectionBar store={store} language={language} onRemove={() => setDialogOpen(true)} />
          <div className={`vocabulary-list word-rows ${levelDisplay}`.trim()} aria-busy={list.isPlaceholderData}>
            <InteractiveText
              sections={sections}
              targetLang={language}
              homeLang={homeLang}
              source={vocabularySource}
              meanings={meanings}
              keysEnabled={!dialogOpen && !exportOpen}
              renderSectionStart={renderCheck}
              renderSectionEnd={renderCells}
              chunkSize={rowsPerBlock}
              sectionsPerFrame={rowsPerFrame}
            />
          </div>
          <MoreRows
            hasMore={hasNextPage}
            loading={isFetchingNextPage}
            onMore={() => {
              if (!isFetchingNextPage) void fetchNextPage();
            }}
          />
          {dialogOpen ? (
            <RemoveWordsDialog
              store={store}
              language={language}
              onClose={() => setDialogOpen(false)}
              onRemoved={() => {
                setDialogOpen(false);
                setRemovals((count) => count + 1);
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

const vocabularySource = { vocabulary: true } as const;

/**
 * The learner's saved words in the language they learn (`/words`): counts per level, filters, a search and an
 * order above; the words themselves are the text engine's (tap for the translation box and Speak, level keys and
 * movement, the reader's save queue), one per row with its checkbox, meaning, note, occurrences and last change.
 * A visitor is offered an account instead.
 */
export function VocabularyScreen(props: VocabularyScreenProps) {
  const { user } = useSession();
  const language = usePreferences((s) => s.targetLang);
  const homeLang = usePreferences((s) => s.homeLang);
  if (!user) return <VocabularyPitch />;
  return <VocabularyList key={`${user.username}-${language}`} language={language} homeLang={homeLang} {...props} />;
}
