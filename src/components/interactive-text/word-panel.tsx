import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { errorText } from '@/api/error-text';
import type { SavedWords } from '@/api/words';
import type { WordLevel } from '@/contract/entities';
import { withLazyCatalog } from '@/i18n/i18n';
import { toast } from '@/lib/toast';
import { usePreferences } from '@/stores/preferences';
import { useSession } from '../layout/use-session';
import { type SelectionStore, useSelection } from './selection-store';
import { TranslationBox, type TranslationStatus } from './translation-box';

type WordPanelProps = {
  panelRef: RefObject<HTMLDivElement | null>;
  selectionStore: SelectionStore;
  levels: SavedWords;
  translationByToken: ReadonlyMap<number, string>;
  /**
   * The last on-demand translation (asked for when the page's translations lacked a word) and its status; it
   * counts only for the token it was asked for, so nothing needs resetting on a tap.
   */
  onDemand: {
    tokenId: number | undefined;
    lowercase: string | undefined;
    translation: string | undefined;
    status: TranslationStatus;
  };
  onLevel: (level: WordLevel) => void;
  /**
   * Edit in the translation box: told the dictionary's translation it shows, for the senses to pick from; Base form
   * (`parent`): the parent step.
   */
  onEdit: (translation: string | undefined, parent?: true) => void;
};

const noMeaning = { meaning: null, note: null };

/** Add to flashcards: its code, calls and toasts load with the lazy catalog on the click, never with the text. */
function useAddToFlashcards() {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  return async (lowercase: string) => {
    const { targetLang, homeLang } = usePreferences.getState();
    try {
      const { addToFlashcards } = await withLazyCatalog(import('./add-to-flashcards'));
      await addToFlashcards(queryClient, i18n, { language: targetLang, homeLang, lowercase });
    } catch (error) {
      toast.error(errorText(error, i18n));
    }
  };
}

/** The translation box and the level panel: the only part of an interactive text a tap re-renders. */
export function WordPanel({
  panelRef,
  selectionStore,
  levels,
  translationByToken,
  onDemand,
  onLevel,
  onEdit,
}: WordPanelProps) {
  const selection = useSelection(selectionStore);
  const { user } = useSession();
  const addToFlashcards = useAddToFlashcards();
  const saved = selection ? levels.word(selection.lowercase) : undefined;
  const savedLevel = saved?.level;
  const currentLevel = selection ? (savedLevel ?? 0) : undefined;
  const askedFor =
    selection !== null && onDemand.tokenId === selection.tokenId && onDemand.lowercase === selection.lowercase;
  // A page's translations are its words': a phrase has only the one asked for it.
  const translation = selection
    ? ((selection.phrase ? undefined : translationByToken.get(selection.tokenId)) ??
      (askedFor ? onDemand.translation : undefined))
    : undefined;
  const status = onDemand.status === 'same-language' || askedFor ? onDemand.status : 'idle';
  return (
    <div ref={panelRef} className="reader-panel">
      <TranslationBox
        selection={selection}
        translation={translation}
        status={status}
        own={selection ? levels.own(selection.lowercase) : noMeaning}
        onEdit={() => onEdit(translation)}
        parent={saved?.parent}
        parentMeaning={saved?.parentMeaning}
        onParent={() => onEdit(translation, true)}
        onAddToFlashcards={
          user && selection && savedLevel !== undefined && savedLevel >= 1 && savedLevel <= 3
            ? () => void addToFlashcards(selection.lowercase)
            : undefined
        }
      />
      <fieldset className="level-panel" disabled={!selection}>
        <legend>
          <Trans>Level</Trans>
        </legend>
        {([1, 2, 3, 4] as const).map((level) => (
          <button
            key={level}
            type="button"
            className="level-button"
            data-level={level}
            aria-pressed={currentLevel === level}
            onClick={() => onLevel(level)}
          >
            {level}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
