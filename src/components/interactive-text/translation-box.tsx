import { Trans, useLingui } from '@lingui/react/macro';
import type { OwnMeaning } from '@/api/words';

/** The selected word, or phrase: its first token, its text as written, its lowercase form as saved. */
export type Selection = { tokenId: number; display: string; lowercase: string; phrase?: true };

export type TranslationStatus = 'idle' | 'loading' | 'missing' | 'error' | 'same-language';

type TranslationBoxProps = {
  selection: Selection | null;
  translation: string | undefined;
  status: TranslationStatus;
  /** The learner's own meaning and note for the selected word (none written: nulls). */
  own: OwnMeaning;
  /** Opens the dialog that writes them (or, for a visitor, the login prompt). */
  onEdit: () => void;
  /** The word's parent (its base form) and the parent's meaning, shown when the word has none of its own. */
  parent?: string | undefined;
  parentMeaning?: string | undefined;
  /** Opens the parent step (or, for a visitor, the login prompt). */
  onParent: () => void;
  /** Makes the selected word a flashcard: offered for a member's saved word being learnt (levels 1–3). */
  onAddToFlashcards?: (() => void) | undefined;
};

/** The dictionary's translation of the selected word, or why there is none. */
function DictionaryTranslation({ translation, status }: Pick<TranslationBoxProps, 'translation' | 'status'>) {
  if (translation) return translation;
  if (status === 'loading') return <Trans>Translating…</Trans>;
  if (status === 'missing') return <Trans>No translation found for this word</Trans>;
  if (status === 'error') return <Trans>An error occurred</Trans>;
  if (status === 'same-language') return <Trans>Choose your own language in the header to see translations.</Trans>;
  return null;
}

/**
 * The selected word's display form and its translation: the learner's own meaning when they wrote one (marked as
 * theirs, the dictionary's below it, smaller), else its parent's (marked with the parent), and their note; Edit
 * writes them, Base form links the word to its parent.
 */
export function TranslationBox({
  selection,
  translation,
  status,
  own,
  onEdit,
  parent,
  parentMeaning,
  onParent,
  onAddToFlashcards,
}: TranslationBoxProps) {
  const { t } = useLingui();
  const meaning = own.meaning ?? parentMeaning;
  return (
    <section className="translation-box" aria-live="polite" aria-label={t`Translation`}>
      {selection ? (
        <>
          <div className="translation-head">
            {/* The word and its translation keep their own direction inside a right-to-left interface. */}
            <p className="translation-word" dir="auto">
              {selection.display}
            </p>
            <button type="button" className="link-button translation-aside" onClick={onEdit}>
              <Trans>Edit</Trans>
            </button>
            <button type="button" className="link-button translation-aside" onClick={onParent}>
              {parent ? <Trans>Base form: {parent}</Trans> : <Trans>Base form</Trans>}
            </button>
          </div>
          {meaning !== undefined ? (
            <>
              <p>
                <span className="translation-hint translation-aside" dir="auto">
                  {own.meaning !== null ? <Trans>Your meaning</Trans> : parent}
                </span>{' '}
                <span dir="auto">{meaning}</span>
              </p>
              <p
                className="translation-hint translation-aside translation-dictionary"
                dir={translation ? 'auto' : undefined}
              >
                <DictionaryTranslation translation={translation} status={status} />
              </p>
            </>
          ) : (
            <p className="translation-text" dir={translation ? 'auto' : undefined}>
              <DictionaryTranslation translation={translation} status={status} />
            </p>
          )}
          {own.note !== null ? (
            <p className="translation-hint translation-aside translation-note" dir="auto">
              {own.note}
            </p>
          ) : null}
          {/* On its own line: beside the word and Edit, a long word would push it past a phone's width. */}
          {onAddToFlashcards ? (
            <p>
              <button type="button" className="link-button translation-aside" onClick={onAddToFlashcards}>
                <Trans>Add to flashcards</Trans>
              </button>
            </p>
          ) : null}
        </>
      ) : (
        <p className="translation-hint">
          <Trans>Tap a word to see its translation.</Trans>
        </p>
      )}
    </section>
  );
}
