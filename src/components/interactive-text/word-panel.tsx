import { Trans } from '@lingui/react/macro';
import type { RefObject } from 'react';
import type { SavedWords } from '@/api/words';
import type { WordLevel } from '@/contract/entities';
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
  onDemand: { tokenId: number | undefined; translation: string | undefined; status: TranslationStatus };
  onLevel: (level: WordLevel) => void;
  /** Edit in the translation box: told the dictionary's translation it shows, for the senses to pick from. */
  onEdit: (translation: string | undefined) => void;
};

const noMeaning = { meaning: null, note: null };

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
  const currentLevel = selection ? (levels.get(selection.lowercase) ?? 0) : undefined;
  const askedFor = selection !== null && onDemand.tokenId === selection.tokenId;
  const translation = selection
    ? (translationByToken.get(selection.tokenId) ?? (askedFor ? onDemand.translation : undefined))
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
