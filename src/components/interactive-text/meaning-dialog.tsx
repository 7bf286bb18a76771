import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { OwnMeaning } from '@/api/words';
import { Modal } from '@/components/modal';
import { ownMeaningMaxLength, wordNoteMaxLength } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { ChoiceChips } from './choice-chips';
import { meaningToSave, noteToSave, sensesOf } from './senses';
import './meaning-dialog.css';

type MeaningDialogProps = {
  /** The word as the text shows it. */
  display: string;
  targetLang: LearningLanguage;
  homeLang: LearningLanguage;
  /** The dictionary's translation the box showed, whose senses may be picked. */
  dictionary: string | undefined;
  /** What the learner wrote before (nulls: nothing yet). */
  own: OwnMeaning;
  onSave: (own: OwnMeaning) => void;
  onClose: () => void;
};

/**
 * The learner's own meaning (one line, with the dictionary's senses to pick from) and note (plain text, its lines
 * kept) for a word. Saving an empty meaning gives the word back the dictionary's; nothing is sent when nothing changed.
 */
export function MeaningDialog({ display, targetLang, homeLang, dictionary, own, onSave, onClose }: MeaningDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const meaningField = useRef<HTMLInputElement>(null);
  const [meaning, setMeaning] = useState(own.meaning ?? '');
  const [note, setNote] = useState(own.note ?? '');
  const senses = sensesOf(dictionary);
  const picked = meaningToSave(meaning);

  useEffect(() => meaningField.current?.focus(), []);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = { meaning: picked || null, note: noteToSave(note) || null };
    if (next.meaning !== own.meaning || next.note !== own.note) onSave(next);
    onClose();
  };

  const meaningLength = meaning.length;
  const noteLength = note.length;
  return (
    <Modal
      title={
        <Trans>
          Edit{' '}
          <span lang={targetLang} dir="auto">
            {display}
          </span>
        </Trans>
      }
      onClose={onClose}
    >
      <form className="meaning-form" onSubmit={save}>
        <label htmlFor={`${id}-meaning`}>
          <Trans>Your meaning</Trans>
        </label>
        <input
          ref={meaningField}
          id={`${id}-meaning`}
          type="text"
          lang={homeLang}
          dir="auto"
          autoComplete="off"
          maxLength={ownMeaningMaxLength}
          value={meaning}
          aria-describedby={`${id}-meaning-hint ${id}-meaning-count`}
          onChange={(event) => setMeaning(event.target.value)}
        />
        <p className="meaning-field-foot">
          <span id={`${id}-meaning-hint`}>
            <Trans>Leave it empty to show the dictionary's meaning.</Trans>
          </span>
          <span id={`${id}-meaning-count`} className="meaning-count">
            {t`${meaningLength} of ${ownMeaningMaxLength} characters`}
          </span>
        </p>
        {senses.length > 1 ? (
          <ChoiceChips
            legend={<Trans>The dictionary's meanings</Trans>}
            choices={senses}
            chosen={picked}
            lang={homeLang}
            onChoose={setMeaning}
          />
        ) : null}
        <label htmlFor={`${id}-note`}>
          <Trans>Note</Trans>
        </label>
        <textarea
          id={`${id}-note`}
          rows={4}
          dir="auto"
          maxLength={wordNoteMaxLength}
          value={note}
          aria-describedby={`${id}-note-count`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p className="meaning-field-foot">
          <span id={`${id}-note-count`} className="meaning-count">
            {t`${noteLength} of ${wordNoteMaxLength} characters`}
          </span>
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button-primary">
            <Trans>Save</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
