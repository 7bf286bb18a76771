import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { BusyButton } from '@/components/busy-button';
import {
  type AnkiFieldChoice,
  type AnkiFieldRole,
  type AnkiMapping,
  type AnkiNoteTypeSummary,
  ankiFieldRoles,
} from '@/contract/anki-import';
import './anki-fields.css';

const roleNames: Record<AnkiFieldRole, MessageDescriptor> = {
  word: msg`Word`,
  meaning: msg`Meaning`,
  sentence: msg`Sentence`,
  note: msg`Note`,
};

type AnkiFieldsProps = {
  noteTypes: AnkiNoteTypeSummary[];
  pending: boolean;
  /** Reads the package again with these fields: a new preview. */
  onRead: (mapping: AnkiMapping) => void;
};

const sameChoice = (a: AnkiFieldChoice, b: AnkiFieldChoice) => ankiFieldRoles.every((role) => a[role] === b[role]);

/**
 * Which field of each Anki note type is the word, the meaning, the sentence and the note, each field shown with a
 * few of its values. The preview was read with the choices the server reports; changed choices are read again on
 * request (each reading is an upload), and until then the learner is told the preview is the earlier one.
 */
export function AnkiFields({ noteTypes, pending, onRead }: AnkiFieldsProps) {
  const { t } = useLingui();
  const [choices, setChoices] = useState(() => new Map(noteTypes.map((type) => [type.id, type.choice])));
  const changed = noteTypes.some((type) => !sameChoice(type.choice, choices.get(type.id) ?? type.choice));
  const choose = (id: number, role: AnkiFieldRole, field: number | null) =>
    setChoices((current) => {
      const next = new Map(current);
      const choice = next.get(id);
      if (choice) next.set(id, { ...choice, [role]: field });
      return next;
    });
  return (
    <section className="anki-fields" aria-label={t`Anki fields`}>
      <p>
        <Trans>Choose which field of your Anki notes is the word and which the meaning.</Trans>
      </p>
      {noteTypes.map((type) => (
        <NoteTypeFields
          key={type.id}
          noteType={type}
          choice={choices.get(type.id) ?? type.choice}
          onChoose={(role, field) => choose(type.id, role, field)}
        />
      ))}
      {/* Always there, so the focus stays on it while the package is read again. */}
      <BusyButton
        type="button"
        className="button button-secondary"
        busy={pending}
        onClick={() => onRead([...choices].map(([noteTypeId, choice]) => ({ noteTypeId, ...choice })))}
      >
        <Trans>Read again with these fields</Trans>
      </BusyButton>
      {changed ? (
        <p role="status">
          <Trans>The preview below is still the one read with the fields before.</Trans>
        </p>
      ) : null}
    </section>
  );
}

function NoteTypeFields({
  noteType,
  choice,
  onChoose,
}: {
  noteType: AnkiNoteTypeSummary;
  choice: AnkiFieldChoice;
  onChoose: (role: AnkiFieldRole, field: number | null) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { name, notes } = noteType;
  return (
    <fieldset className="anki-fields-type">
      <legend>{t`${name}, notes: ${notes}`}</legend>
      {ankiFieldRoles.map((role) => (
        <div key={role} className="anki-fields-row">
          <label htmlFor={`${id}-${role}`}>{i18n._(roleNames[role])}</label>
          <select
            id={`${id}-${role}`}
            value={choice[role] ?? ''}
            onChange={(event) => onChoose(role, event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">{role === 'word' ? t`None: leave these notes out` : t`None`}</option>
            {noteType.fields.map((field, index) => (
              <option key={field.name} value={index}>
                {field.samples.length > 0 ? `${field.name} (${field.samples.join(', ')})` : field.name}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  );
}
