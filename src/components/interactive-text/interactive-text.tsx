import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiRequestError } from '@/api/client';
import { errorText } from '@/api/error-text';
import { translationQueries, useTranslateToken } from '@/api/translations';
import { levelsOf, useWordLevelSaver, type WordScope, wordQueries } from '@/api/words';
import type { Section, UserWord, WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { afterPaint } from '@/lib/after-paint';
import { toast } from '@/lib/toast';
import { usePreferences } from '@/stores/preferences';
import { useSession } from '../layout/use-session';
import { isTypingTarget, readerKeyAction } from './keys';
import { PageText, paragraphOf, type WordIndex } from './page-text';
import { createSelectionStore } from './selection-store';
import { speak } from './speak';
import type { TranslationStatus } from './translation-box';
import { WordPanel } from './word-panel';

/** The dialogs a level key may open (a visitor's, or the word limit's) load with their first use, not with the page. */
const LoginPromptDialog = lazy(() =>
  import('./word-dialogs').then((module) => ({ default: module.LoginPromptDialog })),
);
const WordLimitDialog = lazy(() => import('./word-dialogs').then((module) => ({ default: module.WordLimitDialog })));

export type { WordIndex } from './page-text';

type InteractiveTextProps = {
  sections: readonly Section[];
  targetLang: LearningLanguage;
  homeLang: LearningLanguage;
  /**
   * What the text is: a library page (its page translations and glossary then help) or a video's transcript.
   * Its levels are fetched for it alone.
   */
  source: { page: { contentId: number; pageId: number } } | { videoId: string };
  /** Level and movement keys act only while the text is the screen's focus (not behind a tab or a dialog). */
  keysEnabled: boolean;
  /** Put before a section's tokens, e.g. a transcript line's time stamp. */
  renderSectionStart?: (section: Section, index: number) => ReactNode;
  /** Told when a tap or key selects a word (the player may pause). */
  onWordSelected?: () => void;
  /** Paragraphs per block skipped whole off screen, for texts of thousands of paragraphs (transcripts). */
  chunkSize?: number;
};

/** On a phone the panel is pinned over the text: a selected word it would cover scrolls up above it. */
function keepAbovePanel(element: HTMLElement, panel: HTMLElement | null) {
  if (!panel || getComputedStyle(panel).position !== 'fixed') return;
  const overlap = element.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
  if (overlap > 0) window.scrollBy({ top: overlap + 16 });
}

/**
 * The one engine of tappable, level-coloured text, for reader pages and video transcripts alike: token rendering,
 * the word index and its paint, selection, keys, level saving, translations, the panel and its dialogs.
 * Built so a level key never re-renders the text (see ARCHITECTURE.md, "The reader").
 */
export function InteractiveText({
  sections,
  targetLang,
  homeLang,
  source,
  keysEnabled,
  renderSectionStart,
  onWordSelected,
  chunkSize,
}: InteractiveTextProps) {
  const { i18n, t } = useLingui();
  const { user } = useSession();
  const page = 'page' in source ? source.page : undefined;
  const pageKey = page ? { ...page, homeLang, targetLang } : undefined;
  const wordScope: WordScope =
    'page' in source ? { language: targetLang, ...source.page } : { language: targetLang, videoId: source.videoId };
  const { data: translations } = useQuery({
    ...translationQueries.page(pageKey ?? { contentId: 0, pageId: 0, homeLang, targetLang }),
    enabled: pageKey !== undefined && homeLang !== targetLang,
  });
  // The route's loader has just fetched (or revalidated) these levels; mounting asks only when they are missing.
  const { data: words } = useQuery({ ...wordQueries.scope(wordScope), enabled: Boolean(user), refetchOnMount: false });
  const translateToken = useTranslateToken(pageKey);
  const { mutate: translate } = translateToken;
  const speechOn = usePreferences((s) => s.speechOn);

  const [selectionStore] = useState(createSelectionStore);
  const [dialog, setDialog] = useState<'login' | 'limit' | null>(null);
  const index = useRef<WordIndex>({
    byWord: new Map(),
    inOrder: [],
    offScreen: new Set(),
    blockOf: paragraphOf,
  });
  const selectedElement = useRef<HTMLElement | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const announcer = useRef<HTMLParagraphElement>(null);
  const [indexVersion, setIndexVersion] = useState(0);

  const levels = useMemo(() => levelsOf(words, targetLang), [words, targetLang]);
  const translationByToken = useMemo(
    () => new Map((translations ?? []).map((item) => [item.tokenId, item.translatesTo])),
    [translations],
  );

  /** The level each word's elements show (or will show right after this frame); absent = 0, as rendered. */
  const painted = useRef(new Map<string, number>());

  /** Occurrences off screen waiting for the next frame, by word: one callback for all, however many words. */
  const later = useRef<Map<string, HTMLElement[]> | null>(null);

  /**
   * Recolours every occurrence of a word: those in paragraphs on screen now, the rest right after this frame is
   * painted, with the level meant by then (a later key, or a refusal rolled back meanwhile, wins).
   */
  const paint = useCallback((word: string, level: number) => {
    painted.current.set(word, level);
    const { byWord, offScreen, blockOf } = index.current;
    const waiting: HTMLElement[] = [];
    for (const element of byWord.get(word) ?? []) {
      const block = blockOf(element);
      if (block && offScreen.has(block)) waiting.push(element);
      else element.dataset.level = String(level);
    }
    if (waiting.length === 0) return;
    if (later.current) {
      later.current.set(word, waiting);
      return;
    }
    later.current = new Map([[word, waiting]]);
    afterPaint(() => {
      const pending = later.current ?? new Map<string, HTMLElement[]>();
      later.current = null;
      for (const [pendingWord, elements] of pending) {
        const meant = String(painted.current.get(pendingWord) ?? 0);
        for (const element of elements) element.dataset.level = meant;
      }
    });
  }, []);

  // Recolours only the words whose level changed; the token list itself never re-renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: indexVersion marks a freshly indexed text
  useLayoutEffect(() => {
    for (const word of index.current.byWord.keys()) {
      const level = levels.get(word) ?? 0;
      if ((painted.current.get(word) ?? 0) !== level) paint(word, level);
    }
  }, [levels, indexVersion, paint]);

  const onIndexed = useCallback(
    (fresh: WordIndex, added: readonly HTMLElement[] | null) => {
      index.current = fresh;
      if (added) {
        // Sections appended (a transcript's next batch): their words show the levels already painted; words new
        // to the text are painted by the layout effect; the selection stays.
        for (const element of added) {
          const level = painted.current.get(element.dataset.w ?? '');
          if (level) element.dataset.level = String(level);
        }
        setIndexVersion((version) => version + 1);
        return;
      }
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
      onWordSelected?.();
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
          ...(page ? { contentId: page.contentId, pageId: page.pageId } : {}),
        });
      });
    },
    [speechOn, targetLang, homeLang, translationByToken, translate, page, selectionStore, onWordSelected],
  );
  const latestSelect = useRef(select);
  latestSelect.current = select;
  /** Stable, so the memoised text never re-renders for a new handler. */
  const onWordClick = useCallback((element: HTMLElement) => latestSelect.current(element, true), []);

  const onRefused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiRequestError && error.details[0]?.code === 'word_limit') setDialog('limit');
      else toast.error(errorText(error, i18n));
    },
    [i18n],
  );
  const saveLevel = useWordLevelSaver(wordScope, onRefused);

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
      // Told to screen readers through a polite live region, written directly: a key re-renders nothing.
      const display = selection.display;
      if (announcer.current) announcer.current.textContent = t`${display} — level ${level}`;
    },
    [selectionStore, user, saveLevel, targetLang, paint, t],
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
    if (!keysEnabled || dialog) return;
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
  }, [keysEnabled, dialog, setLevel, move]);

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

  return (
    <>
      <PageText
        sections={sections}
        lang={targetLang}
        onIndexed={onIndexed}
        onWordClick={onWordClick}
        renderSectionStart={renderSectionStart}
        chunkSize={chunkSize}
      />
      <WordPanel
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
      <p ref={announcer} className="visually-hidden" aria-live="polite" />
      <Suspense fallback={null}>
        {dialog === 'login' ? <LoginPromptDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'limit' && user ? <WordLimitDialog user={user} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </>
  );
}
