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
import {
  type ContextOfSave,
  levelsOf,
  type OwnMeaning,
  useSaveMeaning,
  useWordLevelSaver,
  type WordScope,
  wordQueries,
} from '@/api/words';
import type { Section, UserWord, WordLevel } from '@/contract/entities';
import { type LearningLanguage, textDirection } from '@/contract/languages';
import { withLazyCatalog } from '@/i18n/i18n';
import { afterPaint } from '@/lib/after-paint';
import { useBlockSizeProperty } from '@/lib/block-size-property';
import { toast } from '@/lib/toast';
import { usePreferences } from '@/stores/preferences';
import { useUi } from '@/stores/ui';
import { useSession } from '../layout/use-session';
import { isTypingTarget, readerKeyAction } from './keys';
import { PageText } from './page-text';
import { createSelectionStore } from './selection-store';
import { speak } from './speak';
import { type ChosenPhrase, createTextPainter } from './text-painter';
import type { Selection, TranslationStatus } from './translation-box';
import { WordPanel } from './word-panel';
import './interactive-text.css';

/**
 * The dialogs a level key, Edit or Base form may open (a visitor's, the word limit's, the own meaning's, the parent
 * step) load with their first use, their strings with the lazy catalog, not with the page.
 */
const LoginPromptDialog = lazy(() =>
  withLazyCatalog(import('./word-dialogs')).then((module) => ({ default: module.LoginPromptDialog })),
);
const WordLimitDialog = lazy(() =>
  withLazyCatalog(import('./word-dialogs')).then((module) => ({ default: module.WordLimitDialog })),
);
const MeaningDialog = lazy(() =>
  withLazyCatalog(import('./meaning-dialog')).then((module) => ({ default: module.MeaningDialog })),
);
const ParentDialog = lazy(() =>
  withLazyCatalog(import('./parent-dialog')).then((module) => ({ default: module.ParentDialog })),
);

/**
 * The word whose own meaning is being written, and the dictionary's translation its box showed; or, with `parent`,
 * the word whose base form is being chosen (`true`) or whose family may take the level it was just given.
 */
type MeaningEditing = { selection: Selection; dictionary: string | undefined; parent?: true | WordLevel | undefined };

let sentences: Promise<typeof import('./sentence')> | undefined;
/**
 * The sentence code (a saved word's sentence, `sentence.ts`), outside the first load: asked for once a member's text
 * that saves sentences has shown, so a level key finds it loaded and its save is sent at once. A failed load is asked
 * again next time.
 */
function loadSentences() {
  sentences ??= import('./sentence').catch((error: unknown) => {
    sentences = undefined;
    throw error;
  });
  return sentences;
}

type InteractiveTextProps = {
  sections: readonly Section[];
  targetLang: LearningLanguage;
  homeLang: LearningLanguage;
  /**
   * What the text is: a library page (its page translations and glossary then help), a video's transcript, a
   * text's "Learn these words" list or the learner's vocabulary (a word per section). Its levels are fetched for it
   * alone (the vocabulary's come with its list).
   */
  source:
    | { page: { contentId: number; pageId: number } }
    | { videoId: string }
    | { newWordsOf: number }
    | { vocabulary: true };
  /** Translations the text already has, by token id (a vocabulary row's meaning): shown without asking for one. */
  meanings?: ReadonlyMap<number, string>;
  /** Level and movement keys act only while the text is the screen's focus (not behind a tab or a dialog). */
  keysEnabled: boolean;
  /** Put before a section's tokens, e.g. a transcript line's time stamp. */
  renderSectionStart?: (section: Section, index: number) => ReactNode;
  /** Put after a section's tokens, e.g. a vocabulary row's meaning and dates. */
  renderSectionEnd?: (section: Section, index: number) => ReactNode;
  /** Told when a tap or key selects a word (the player may pause). */
  onWordSelected?: () => void;
  /** Paragraphs per block skipped whole off screen, for texts of thousands of paragraphs (transcripts). */
  chunkSize?: number;
  /** Sections rendered at first and then per frame as the end nears the screen (a list of thousands of rows). */
  sectionsPerFrame?: number;
};

/** On a phone the panel is pinned over the text: a selected word it would cover scrolls up above it. */
function keepAbovePanel(element: HTMLElement, panel: HTMLElement | null) {
  if (!panel || getComputedStyle(panel).position !== 'fixed') return;
  const overlap = element.getBoundingClientRect().bottom - panel.getBoundingClientRect().top;
  if (overlap > 0) window.scrollBy({ top: overlap + 16 });
}

/**
 * The one engine of tappable, level-coloured text, for reader pages and video transcripts alike: token rendering,
 * the word index and its paint, selection, keys, level saving, translations, the panel and its dialogs. The index,
 * the paint and the selection are the painter's (text-painter.ts); this wires it to the levels query, the keys, the
 * save queue and the panel. Built so a level key never re-renders the text (docs/decisions/0008).
 */
export function InteractiveText({
  sections,
  targetLang,
  homeLang,
  source,
  meanings,
  keysEnabled,
  renderSectionStart,
  renderSectionEnd,
  onWordSelected,
  chunkSize,
  sectionsPerFrame,
}: InteractiveTextProps) {
  const { i18n, t } = useLingui();
  const { user } = useSession();
  const page = 'page' in source ? source.page : undefined;
  const pageKey = page ? { ...page, homeLang, targetLang } : undefined;
  const wordScope: WordScope =
    'page' in source ? { language: targetLang, ...source.page } : { language: targetLang, ...source };
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
  const [editing, setEditing] = useState<MeaningEditing | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const announcer = useRef<HTMLParagraphElement>(null);
  // The panel stays over the text's end (sticky, or pinned on a phone): its height is the page's room (base.css).
  useBlockSizeProperty(panelRef, '--word-panel-block');

  const levels = useMemo(() => levelsOf(words, targetLang), [words, targetLang]);
  const translationByToken = useMemo(
    () => meanings ?? new Map((translations ?? []).map((item) => [item.tokenId, item.translatesTo])),
    [meanings, translations],
  );

  const latestOnSelect = useRef<(element: HTMLElement | null, phrase?: ChosenPhrase) => void>(() => {});
  /** One painter for the component's life, reaching each render's handler: the memoised text never re-renders. */
  const [painter] = useState(() =>
    createTextPainter({ onSelect: (element, phrase) => latestOnSelect.current(element, phrase) }),
  );

  /**
   * What a selection sets off beyond the word or phrase itself: the panel, speech, the player's pause, a
   * translation (a phrase's is always asked for: the page's translations are a word's).
   */
  latestOnSelect.current = (element: HTMLElement | null, phrase?: ChosenPhrase) => {
    if (!element) {
      selectionStore.set(null);
      return;
    }
    const tokenId = Number(element.dataset.id);
    const selection: Selection = phrase
      ? { tokenId, display: phrase.display, lowercase: phrase.lowercase, phrase: true }
      : { tokenId, display: element.textContent ?? '', lowercase: element.dataset.w ?? '' };
    const { display, lowercase } = selection;
    selectionStore.set(selection);
    if (phrase && announcer.current) {
      const level = levels.get(lowercase) ?? 0;
      announcer.current.textContent = t`${display}, phrase, level ${level}`;
    }
    onWordSelected?.();
    if (speechOn) speak(display, targetLang);
    const needsTranslation = (phrase !== undefined || !translationByToken.has(tokenId)) && homeLang !== targetLang;
    // The word shows first; the request goes out once that frame is painted, if the word is still selected.
    afterPaint(() => {
      if (painter.selected() !== element) return;
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
  };

  // After every commit: the text may have been indexed anew or grown in this one (PageText's effects run first);
  // the painter paints only the words whose level changed, and nothing when neither levels nor words did.
  useLayoutEffect(() => painter.sync(levels));

  const onRefused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiRequestError && error.details[0]?.code === 'word_limit') setDialog('limit');
      else toast.error(errorText(error, i18n));
    },
    [i18n],
  );
  const saveLevel = useWordLevelSaver(wordScope, onRefused);
  const { mutate: saveMeaning } = useSaveMeaning(onRefused);

  const editMeaning = useCallback(
    (dictionary: string | undefined, parent?: true) => {
      const selection = selectionStore.get();
      if (!selection) return;
      if (!user) setDialog('login');
      else setEditing({ selection, dictionary, parent });
    },
    [selectionStore, user],
  );
  const saveOwnMeaning = (own: OwnMeaning) => {
    if (!editing) return;
    saveMeaning({
      language: targetLang,
      lowercase: editing.selection.lowercase,
      dictionary: editing.dictionary,
      ...own,
    });
  };

  /**
   * A word saved from a page or a transcript keeps the sentence it was met in (a flashcard's front); lists send
   * none. Its code loads once the member's text has shown (`loadSentences`), not with the page.
   */
  const contextSource = page ?? ('videoId' in source ? { videoId: source.videoId } : undefined);
  const savesSentences = Boolean(user && contextSource);
  useEffect(() => {
    if (savesSentences) loadSentences().catch(() => {});
  }, [savesSentences]);
  const latestContextOf = useRef<(tokenId: number) => ContextOfSave | undefined>(() => undefined);
  latestContextOf.current = (tokenId) =>
    contextSource &&
    (() => loadSentences().then(({ wordContextAt }) => wordContextAt(sections, tokenId, contextSource)));

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
      painter.paint(word.lowercase, level);
      saveLevel(word, latestContextOf.current(selection.tokenId));
      if (levels.word(word.lowercase)?.parent) setEditing({ selection, dictionary: undefined, parent: level });
      // Told to screen readers through a polite live region, written directly: a key re-renders nothing.
      const display = selection.display;
      if (announcer.current) {
        announcer.current.textContent = selection.phrase
          ? t`${display}, phrase, level ${level}`
          : t`${display} — level ${level}`;
      }
    },
    [selectionStore, user, saveLevel, targetLang, painter, t, levels],
  );

  useEffect(() => {
    if (!keysEnabled || dialog || editing) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      // A menu open over the text has the keys: a digit pressed there must not change a word behind it.
      const { openMenu, burgerOpen } = useUi.getState();
      if (openMenu !== null || burgerOpen) return;
      const action = readerKeyAction(event.key, event.shiftKey, textDirection(targetLang));
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'level') setLevel(action.level);
      else if (action.kind === 'extend') painter.extend(action.step);
      else painter.move(action.step);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [keysEnabled, dialog, editing, setLevel, painter, targetLang]);

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
        painter={painter}
        renderSectionStart={renderSectionStart}
        renderSectionEnd={renderSectionEnd}
        chunkSize={chunkSize}
        sectionsPerFrame={sectionsPerFrame}
      />
      <WordPanel
        panelRef={panelRef}
        selectionStore={selectionStore}
        levels={levels}
        translationByToken={translationByToken}
        onDemand={{
          tokenId: translateToken.variables?.tokenId,
          lowercase: translateToken.variables?.lowerCase,
          translation: translateToken.data?.translatesTo,
          status: translationStatus,
        }}
        onLevel={setLevel}
        onEdit={editMeaning}
      />
      <p ref={announcer} className="visually-hidden" aria-live="polite" />
      <Suspense fallback={null}>
        {dialog === 'login' ? <LoginPromptDialog onClose={() => setDialog(null)} /> : null}
        {dialog === 'limit' && user ? <WordLimitDialog user={user} onClose={() => setDialog(null)} /> : null}
        {editing?.parent !== undefined ? (
          <ParentDialog
            step={editing.parent}
            selection={editing.selection}
            targetLang={targetLang}
            words={words}
            save={saveLevel}
            levels={levels}
            onRefused={onRefused}
            onClose={() => setEditing(null)}
          />
        ) : editing ? (
          <MeaningDialog
            display={editing.selection.display}
            targetLang={targetLang}
            homeLang={homeLang}
            dictionary={editing.dictionary}
            own={levels.own(editing.selection.lowercase)}
            onSave={saveOwnMeaning}
            onClose={() => setEditing(null)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
