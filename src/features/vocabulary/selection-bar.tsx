import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useChangeVocabulary } from '@/api/vocabulary';
import { Modal } from '@/components/modal';
import type { VocabularyWord } from '@/contract/endpoints/vocabulary';
import type { LearningLanguage } from '@/contract/languages';
import { type RowStore, useSelection } from './vocabulary-rows';

/** Ticks every row shown (every page loaded so far), or none; half-ticked while only some are. */
export function SelectAllShown({ store, words }: { store: RowStore; words: readonly VocabularyWord[] }) {
  const selection = useSelection(store);
  const box = useRef<HTMLInputElement>(null);
  const all = words.length > 0 && selection.size >= words.length && words.every((w) => selection.has(w.lowercase));
  const some = selection.size > 0 && !all;
  useEffect(() => {
    if (box.current) box.current.indeterminate = some;
  }, [some]);
  return (
    <label className="vocabulary-select-all">
      <input
        ref={box}
        type="checkbox"
        checked={all}
        onChange={(event) => store.select(event.target.checked ? words.map((word) => word.lowercase) : [])}
      />
      <Trans>Select all shown</Trans>
    </label>
  );
}

type SelectionBarProps = { store: RowStore; language: LearningLanguage; onRemove: () => void };

/** With words selected: how many, a level for all of them, or their removal (after a confirmation). */
export function SelectionBar({ store, language, onRemove }: SelectionBarProps) {
  const { t } = useLingui();
  const selection = useSelection(store);
  const { mutate } = useChangeVocabulary();
  const count = selection.size;
  if (count === 0) return null;
  return (
    <section className="vocabulary-selection" aria-label={t`Selected words`}>
      <p className="vocabulary-selected">
        <Plural value={count} one="# selected" other="# selected" />
      </p>
      <fieldset className="vocabulary-set-level">
        <legend>
          <Trans>Set level</Trans>
        </legend>
        {([0, 1, 2, 3, 4] as const).map((level) => (
          <button
            key={level}
            type="button"
            className="level-button"
            data-level={level}
            onClick={() => mutate({ language, words: [...selection], level })}
          >
            {level}
          </button>
        ))}
      </fieldset>
      <div className="vocabulary-selection-actions">
        <button type="button" className="button button-secondary" onClick={onRemove}>
          <Trash2 size={18} aria-hidden="true" />
          <Trans>Remove</Trans>
        </button>
        <button type="button" className="button button-secondary" onClick={() => store.select([])}>
          <Trans>Clear selection</Trans>
        </button>
      </div>
    </section>
  );
}

type RemoveWordsDialogProps = {
  store: RowStore;
  language: LearningLanguage;
  onClose: () => void;
  /** The words are gone from the list (the dialog has closed). */
  onRemoved: () => void;
};

/** "Remove N words?": removed, they are unsaved again and no longer count against the word limit. */
export function RemoveWordsDialog({ store, language, onClose, onRemoved }: RemoveWordsDialogProps) {
  const selection = useSelection(store);
  const { mutate } = useChangeVocabulary();
  const count = selection.size;
  return (
    <Modal title={<Plural value={count} one="Remove # word?" other="Remove # words?" />} onClose={onClose}>
      <p>
        <Plural
          value={count}
          one="It will no longer be saved, its level is forgotten, and it no longer counts against your word limit."
          other="They will no longer be saved, their levels are forgotten, and they no longer count against your word limit."
        />
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            mutate({ language, words: [...selection], remove: true });
            onRemoved();
          }}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </Modal>
  );
}
