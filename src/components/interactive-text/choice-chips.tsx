import type { ReactNode } from 'react';
import type { LearningLanguage } from '@/contract/languages';
import './choice-chips.css';

type ChoiceChipsProps = {
  legend: ReactNode;
  choices: readonly string[];
  /** The choice the field below holds now, shown pressed. */
  chosen: string;
  lang: LearningLanguage;
  onChoose: (choice: string) => void;
};

/** A word dialog's choices as pills (a dictionary's senses, suggested base forms): a press puts one in the field. */
export function ChoiceChips({ legend, choices, chosen, lang, onChoose }: ChoiceChipsProps) {
  return (
    <fieldset className="choice-chips">
      <legend>{legend}</legend>
      {choices.map((choice) => (
        <button
          key={choice}
          type="button"
          className="choice-chip"
          lang={lang}
          dir="auto"
          aria-pressed={chosen === choice}
          onClick={() => onChoose(choice)}
        >
          {choice}
        </button>
      ))}
    </fieldset>
  );
}
