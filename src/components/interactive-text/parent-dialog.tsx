import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiRequestError } from '@/api/client';
import { errorText, type WordParentErrorCode } from '@/api/error-text';
import { useSaveParent, wordLemmaQuery } from '@/api/word-parents';
import type { SavedWords } from '@/api/words';
import { BusyButton } from '@/components/busy-button';
import { Modal } from '@/components/modal';
import { parentSuggestions } from '@/contract/base-forms';
import type { ScopedWord, UserWord, WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { isPhrase } from '@/contract/phrases';
import { ChoiceChips } from './choice-chips';
import { FamilyLevelChoiceField, FamilyLevelOffer } from './family-level-offer';
import type { Selection } from './translation-box';
import './parent-dialog.css';

const parentErrors: Record<WordParentErrorCode, MessageDescriptor> = {
  parent_self: msg`A word cannot be its own base form`,
  parent_cycle: msg`That word already has this one as its base form, directly or through others`,
  parent_language: msg`The base form must be a word of the language you are learning`,
};

type ParentStepProps = {
  selection: Selection;
  targetLang: LearningLanguage;
  /** The text's saved words: the word's parent now, and which suggested base forms the learner has saved. */
  levels: SavedWords;
  /** A refusal for the word limit: the limit dialog. */
  onRefused: (error: unknown) => void;
  onClose: () => void;
};

/**
 * The translation box's parent step (docs/decisions/0041): the word's base form, suggested by the dictionary (under a
 * legend of its own) and the base-form rules (those the learner has saved first) or written; the learner confirms,
 * picks another, or unlinks.
 */
function ParentStep({ selection, targetLang, levels, onRefused, onClose }: ParentStepProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const current = levels.word(selection.lowercase)?.parent;
  const lemma = useQuery({
    ...wordLemmaQuery(targetLang, selection.lowercase),
    enabled: !isPhrase(selection.lowercase),
  }).data;
  const suggestions = parentSuggestions(selection.lowercase, targetLang, (form) => levels.get(form) !== undefined, {
    lemma,
  });
  // The dictionary's apart, so the learner sees where a suggestion comes from.
  const fromDictionary = suggestions.filter((form) => form === lemma);
  const fromRules = suggestions.filter((form) => form !== lemma);
  // Until the learner writes or picks one, the field holds the parent or the best suggestion (the dictionary's may
  // arrive a moment after the rules').
  const [written, setParent] = useState<string | undefined>(undefined);
  const parent = written ?? current ?? suggestions[0] ?? '';
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate, isPending } = useSaveParent();

  useEffect(() => field.current?.focus(), []);

  const send = (next: string | null) =>
    mutate(
      { language: targetLang, lowercase: selection.lowercase, parent: next },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (error instanceof ApiRequestError && error.details[0]?.code === 'word_limit') {
            onClose();
            onRefused(error);
          } else setProblem(errorText(error, i18n, parentErrors));
        },
      },
    );

  const link = (event: FormEvent) => {
    event.preventDefault();
    const form = parent.trim().toLowerCase();
    if (!form) setProblem(t`Write the word's base form`);
    else if (form === current) onClose();
    else send(form);
  };

  const chosen = parent.trim().toLowerCase();
  return (
    <Modal
      title={
        <Trans>
          Base form of{' '}
          <span lang={targetLang} dir="auto">
            {selection.display}
          </span>
        </Trans>
      }
      onClose={onClose}
    >
      <form className="parent-form" onSubmit={link}>
        <p id={`${id}-hint`} className="parent-hint">
          <Trans>Link this word to its base form: while it has no meaning of its own, it shows the base form's.</Trans>
        </p>
        {fromDictionary.length > 0 ? (
          <ChoiceChips
            legend={<Trans>From the dictionary</Trans>}
            choices={fromDictionary}
            chosen={chosen}
            lang={targetLang}
            onChoose={setParent}
          />
        ) : null}
        {fromRules.length > 0 ? (
          <ChoiceChips
            legend={<Trans>Suggestions</Trans>}
            choices={fromRules}
            chosen={chosen}
            lang={targetLang}
            onChoose={setParent}
          />
        ) : null}
        <label htmlFor={`${id}-parent`}>
          <Trans>Base form</Trans>
        </label>
        <input
          ref={field}
          id={`${id}-parent`}
          type="text"
          lang={targetLang}
          dir="auto"
          autoComplete="off"
          value={parent}
          aria-describedby={`${id}-hint`}
          aria-invalid={problem !== null}
          onChange={(event) => {
            setParent(event.target.value);
            setProblem(null);
          }}
        />
        {problem !== null ? (
          <p className="parent-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <FamilyLevelChoiceField />
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          {current !== undefined ? (
            <BusyButton type="button" className="button button-secondary" busy={isPending} onClick={() => send(null)}>
              <Trans>Unlink</Trans>
            </BusyButton>
          ) : null}
          <BusyButton type="submit" className="button button-primary" busy={isPending}>
            <Trans>Link</Trans>
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}

type ParentDialogProps = ParentStepProps & {
  /** The parent step (`true`), or the level just given to a word with a parent, which its family may take too. */
  step: true | WordLevel;
  /** The text's saved words, where the family is looked for. */
  words: readonly ScopedWord[] | undefined;
  /** The one save queue's level save. */
  save: (word: UserWord) => void;
};

/** A word's family in the reader: the parent step, or the offer to give its family the level it was just given. */
export function ParentDialog({ step, words, save, ...props }: ParentDialogProps) {
  if (step === true) return <ParentStep {...props} />;
  const { selection, targetLang, onClose } = props;
  const word = { lowercase: selection.lowercase, level: step, language: targetLang };
  return <FamilyLevelOffer word={word} display={selection.display} words={words} save={save} onClose={onClose} />;
}
