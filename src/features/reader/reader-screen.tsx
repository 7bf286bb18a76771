import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiRequestError } from '@/api/client';
import { contentQueries } from '@/api/content';
import { errorText } from '@/api/error-text';
import { translationQueries, useTranslateToken } from '@/api/translations';
import { useSaveUserPage } from '@/api/user-pages';
import { levelsOf, useWordLevelSaver, wordQueries } from '@/api/words';
import { useSession } from '@/components/layout/use-session';
import type { PageType, UserWord, WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { afterPaint } from '@/lib/after-paint';
import { usePreferences } from '@/stores/preferences';
import { PageText, type WordIndex } from './page-text';
import { PageTypeLabel } from './page-type-label';
import { LoginPromptDialog, WordLimitDialog } from './reader-dialogs';
import { isTypingTarget, readerKeyAction } from './reader-keys';
import { ReaderPanel } from './reader-panel';
import { createSelectionStore } from './selection-store';
import { speak } from './speak';
import type { TranslationStatus } from './translation-box';

type ReaderScreenProps = {
  targetLang: LearningLanguage;
  homeLang: LearningLanguage;
  contentId: number;
  pageId: number;
};

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** On a phone the panel is pinned over the text: a selected word it would cover scrolls up above it. */
function keepAbovePanel(element: HTMLElement, panel: HTMLElement | null) {
  if (!panel || getComputedStyle(panel).position !== 'fixed') return;
  const overlap = element.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
  if (overlap > 0) window.scrollBy({ top: overlap + 16 });
}

export function ReaderScreen({ targetLang, homeLang, contentId, pageId }: ReaderScreenProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data: reader } = useSuspenseQuery(contentQueries.reader(targetLang, contentId, pageId));
  const pageKey = { contentId, pageId, homeLang, targetLang };
  const { data: translations } = useQuery({ ...translationQueries.page(pageKey), enabled: homeLang !== targetLang });
  const { data: words } = useQuery({ ...wordQueries.list(), enabled: Boolean(user) });
  const translateToken = useTranslateToken(pageKey);
  const { mutate: translate } = translateToken;
  const saveUserPage = useSaveUserPage();
  const levelsShown = usePreferences((s) => s.levelsShown);
  const speechOn = usePreferences((s) => s.speechOn);
  const levelsToggled = usePreferences((s) => s.levelsToggled);
  const speechToggled = usePreferences((s) => s.speechToggled);

  const [tab, setTab] = useState<'text' | 'pages'>('text');
  const [selectionStore] = useState(createSelectionStore);
  const [dialog, setDialog] = useState<'login' | 'limit' | null>(null);
  const index = useRef<WordIndex>({ byWord: new Map(), inOrder: [], offScreen: new Set() });
  const selectedElement = useRef<HTMLElement | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [indexVersion, setIndexVersion] = useState(0);

  const levels = useMemo(() => levelsOf(words, targetLang), [words, targetLang]);
  const translationByToken = useMemo(
    () => new Map((translations ?? []).map((item) => [item.tokenId, item.translatesTo])),
    [translations],
  );

  /** The level each word's elements show (or will show right after this frame); absent = 0, as rendered. */
  const painted = useRef(new Map<string, number>());

  /**
   * Recolours every occurrence of a word: those in paragraphs on screen now, the rest right after this frame is
   * painted, with the level meant by then (a later key, or a refusal rolled back meanwhile, wins).
   */
  const paint = useCallback((word: string, level: number) => {
    painted.current.set(word, level);
    const { byWord, offScreen } = index.current;
    const later: HTMLElement[] = [];
    for (const element of byWord.get(word) ?? []) {
      if (element.parentElement && offScreen.has(element.parentElement)) later.push(element);
      else element.dataset.level = String(level);
    }
    if (later.length === 0) return;
    afterPaint(() => {
      const meant = String(painted.current.get(word) ?? 0);
      for (const element of later) element.dataset.level = meant;
    });
  }, []);

  // Recolours only the words whose level changed; the token list itself never re-renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: indexVersion marks a freshly indexed page
  useLayoutEffect(() => {
    for (const word of index.current.byWord.keys()) {
      const level = levels.get(word) ?? 0;
      if ((painted.current.get(word) ?? 0) !== level) paint(word, level);
    }
  }, [levels, indexVersion, paint]);

  const onIndexed = useCallback(
    (fresh: WordIndex) => {
      index.current = fresh;
      painted.current = new Map();
      selectedElement.current = null;
      const first = fresh.inOrder[0];
      if (first) first.tabIndex = 0;
      selectionStore.set(null);
      setIndexVersion((version) => version + 1);
    },
    [selectionStore],
  );

  const select = useCallback(
    (element: HTMLElement, toggle: boolean) => {
      const previous = selectedElement.current;
      if (previous) {
        previous.removeAttribute('data-selected');
        previous.tabIndex = -1;
      }
      if (toggle && previous === element) {
        selectedElement.current = null;
        element.tabIndex = 0;
        selectionStore.set(null);
        return;
      }
      element.dataset.selected = '';
      element.tabIndex = 0;
      selectedElement.current = element;
      const tokenId = Number(element.dataset.id);
      const lowercase = element.dataset.w ?? '';
      const display = element.textContent ?? '';
      selectionStore.set({ tokenId, display, lowercase });
      if (speechOn) speak(display, targetLang);
      const needsTranslation = !translationByToken.has(tokenId) && homeLang !== targetLang;
      // The word shows first; the request goes out once that frame is painted, if the word is still selected.
      afterPaint(() => {
        if (selectedElement.current !== element) return;
        keepAbovePanel(element, panelRef.current);
        if (!needsTranslation) return;
        translate({
          tokenId,
          lowerCase: lowercase,
          targetLanguage: targetLang,
          homeLanguage: homeLang,
          contentId,
          pageId,
        });
      });
    },
    [speechOn, targetLang, homeLang, translationByToken, translate, contentId, pageId, selectionStore],
  );
  const latestSelect = useRef(select);
  latestSelect.current = select;
  /** Stable, so the memoised page text never re-renders for a new handler. */
  const onWordClick = useCallback((element: HTMLElement) => latestSelect.current(element, true), []);

  const onRefused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiRequestError && error.details[0]?.code === 'word_limit') setDialog('limit');
      else toast.error(errorText(error, i18n));
    },
    [i18n],
  );
  const saveLevel = useWordLevelSaver(onRefused);

  const setLevel = useCallback(
    (level: WordLevel) => {
      const selection = selectionStore.get();
      if (!selection) return;
      if (!user) {
        setDialog('login');
        return;
      }
      const word: UserWord = { lowercase: selection.lowercase, level, language: targetLang };
      // Paint now, in this event: the cache's own re-render comes a task later and then finds nothing to change.
      paint(word.lowercase, level);
      saveLevel(word);
    },
    [selectionStore, user, saveLevel, targetLang, paint],
  );

  const move = useCallback(
    (step: 1 | -1) => {
      const { inOrder } = index.current;
      if (inOrder.length === 0) return;
      const current = selectedElement.current ? inOrder.indexOf(selectedElement.current) : -1;
      const next = inOrder[current === -1 ? (step === 1 ? 0 : inOrder.length - 1) : current + step];
      if (!next) return;
      select(next, false);
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: 'nearest' });
    },
    [select],
  );

  useEffect(() => {
    if (tab !== 'text' || dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      const action = readerKeyAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'level') setLevel(action.level);
      else move(action.step);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [tab, dialog, setLevel, move]);

  const isLast = pageId >= reader.pages.length - 1;
  const pageType: PageType = reader.selectedPage.pageType;
  const translationStatus: TranslationStatus =
    homeLang === targetLang
      ? 'same-language'
      : translateToken.isPending
        ? 'loading'
        : translateToken.error instanceof ApiRequestError && translateToken.error.details[0]?.code === 'no_translation'
          ? 'missing'
          : translateToken.isError
            ? 'error'
            : 'idle';

  const openPage = (page: number) => {
    setTab('text');
    void navigate({ to: '/reader/$id', params: { id: contentId }, search: { page } });
  };

  const finishPage = () => {
    if (user) saveUserPage.mutate({ contentId, pageId, language: targetLang });
    if (isLast) void navigate({ to: '/' });
    else openPage(pageId + 1);
  };

  return (
    <section className="page reader">
      <div className="reader-toolbar">
        <div className="tabs" role="tablist" aria-label={t`Reader`}>
          <button type="button" role="tab" aria-selected={tab === 'text'} onClick={() => setTab('text')}>
            <Trans>Text</Trans>
          </button>
          <button type="button" role="tab" aria-selected={tab === 'pages'} onClick={() => setTab('pages')}>
            <PageTypeLabel pageType={pageType} />
          </button>
        </div>
        <div className="reader-toggles">
          <button type="button" className="toggle" aria-pressed={levelsShown} onClick={levelsToggled}>
            <Trans>Levels</Trans>
          </button>
          <button type="button" className="toggle" aria-pressed={speechOn} onClick={speechToggled}>
            <Trans>Speak</Trans>
          </button>
        </div>
      </div>
      {tab === 'text' ? (
        <div role="tabpanel" className={levelsShown ? 'reader-body' : 'reader-body levels-off'}>
          <PageText sections={reader.sections} lang={targetLang} onIndexed={onIndexed} onWordClick={onWordClick} />
          <ReaderPanel
            panelRef={panelRef}
            selectionStore={selectionStore}
            levels={levels}
            translationByToken={translationByToken}
            onDemand={{
              tokenId: translateToken.variables?.tokenId,
              translation: translateToken.data?.translatesTo,
              status: translationStatus,
            }}
            onLevel={setLevel}
          />
          <button type="button" className="button button-primary read-next" onClick={finishPage}>
            {isLast ? <Trans>Finished</Trans> : <Trans>Read Next</Trans>}
          </button>
        </div>
      ) : (
        <div role="tabpanel">
          <ol className="page-list">
            {reader.pages.map((page) => (
              <li key={page.id}>
                <button
                  type="button"
                  className="page-list-item"
                  aria-current={page.id === pageId ? 'page' : undefined}
                  onClick={() => openPage(page.id)}
                >
                  {page.id + 1}. {capitalise(page.title)}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
      {dialog === 'login' ? <LoginPromptDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'limit' && user ? <WordLimitDialog user={user} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}
