import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { wordFamilyQuery } from '@/api/word-parents';
import { Modal } from '@/components/modal';
import type { ScopedWord, UserWord } from '@/contract/entities';
import { type FamilyLevelChoice, familyLevelChoices, useFamilyLevels } from '@/stores/family-levels';
import './family-level-offer.css';

/**
 * The family of a word with a parent, as far as a text knows it: the parent, the parent's other children and the
 * word's own children among the text's saved words, but for those already at the level. What the offer falls back on
 * while the server's answer (the whole family) is not there.
 */
export function familyOf(word: UserWord, parent: string, words: readonly ScopedWord[]): UserWord[] {
  const saved = words.filter((other) => other.language === word.language);
  const members = new Set([parent]);
  for (const other of saved) {
    if (other.lowercase !== word.lowercase && (other.parent === parent || other.parent === word.lowercase)) {
      members.add(other.lowercase);
    }
  }
  const levelOf = new Map(saved.map((other) => [other.lowercase, other.level]));
  return [...members]
    .filter((lowercase) => levelOf.get(lowercase) !== word.level)
    .map((lowercase) => ({ lowercase, level: word.level, language: word.language }));
}

/** The whole family of a word as the server answered it (the word among it), but for those already at the level. */
export function wholeFamilyOf(word: UserWord, family: readonly UserWord[]): UserWord[] {
  return family
    .filter((member) => member.lowercase !== word.lowercase && member.level !== word.level)
    .map((member) => ({ lowercase: member.lowercase, level: word.level, language: word.language }));
}

type FamilyLevelOfferProps = {
  /** The word with the level it was just given. */
  word: UserWord;
  display: string;
  words: readonly ScopedWord[] | undefined;
  save: (word: UserWord) => void;
  onClose: () => void;
};

/**
 * After a level given to a word with a parent: the family takes it too, through the one save queue, as the learner's
 * choice says (`useFamilyLevels`); asked, the learner may keep their answer.
 */
export function FamilyLevelOffer({ word, display, words, save, onClose }: FamilyLevelOfferProps) {
  const choice = useFamilyLevels((s) => s.choice);
  const picked = useFamilyLevels((s) => s.familyLevelChoicePicked);
  const [remember, setRemember] = useState(false);
  const parent = words?.find((saved) => saved.lowercase === word.lowercase && saved.language === word.language)?.parent;
  // The whole family, whichever texts hold its words; the text's own while the answer is not there, or if it fails.
  const whole = useQuery({ ...wordFamilyQuery(word.language, word.lowercase), enabled: parent !== undefined });
  const settled = parent === undefined || !whole.isPending;
  const family =
    parent === undefined ? [] : whole.data ? wholeFamilyOf(word, whole.data) : familyOf(word, parent, words ?? []);
  const asks = choice === 'ask' && family.length > 0;

  useEffect(() => {
    if (!settled || asks) return;
    if (choice === 'always') for (const member of family) save(member);
    onClose();
  });

  if (!settled || !asks) return null;
  const answer = (whole: boolean) => {
    if (whole) for (const member of family) save(member);
    if (remember) picked(whole ? 'always' : 'never');
    onClose();
  };
  const level = word.level;
  return (
    <Modal title={<Trans>Give level {level} to its family too?</Trans>} onClose={onClose}>
      <p>
        <Trans>
          <span dir="auto">{display}</span> has a family:
        </Trans>{' '}
        {family.map((member) => (
          <span key={member.lowercase} className="family-offer-word" dir="auto">
            {member.lowercase}{' '}
          </span>
        ))}
      </p>
      <label className="family-offer-remember">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        <Trans>Remember my answer</Trans>
      </label>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={() => answer(false)}>
          <Trans>Only this word</Trans>
        </button>
        <button type="button" className="button button-primary" onClick={() => answer(true)}>
          <Trans>The whole family</Trans>
        </button>
      </div>
    </Modal>
  );
}

/** The learner's choice for families' levels, where they may change it: the parent step. */
export function FamilyLevelChoiceField() {
  const { t } = useLingui();
  const id = useId();
  const choice = useFamilyLevels((s) => s.choice);
  const picked = useFamilyLevels((s) => s.familyLevelChoicePicked);
  const labels: Record<FamilyLevelChoice, string> = {
    ask: t`Ask me`,
    always: t`Give it to the whole family`,
    never: t`Give it to that word only`,
  };
  return (
    <>
      <label htmlFor={id}>
        <Trans>When a word of a family gets a level</Trans>
      </label>
      <select
        id={id}
        value={choice}
        onChange={(event) => {
          const next = familyLevelChoices.find((known) => known === event.target.value);
          if (next) picked(next);
        }}
      >
        {familyLevelChoices.map((known) => (
          <option key={known} value={known}>
            {labels[known]}
          </option>
        ))}
      </select>
    </>
  );
}
