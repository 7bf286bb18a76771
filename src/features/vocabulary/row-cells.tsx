import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { VocabularyRow } from '@/contract/endpoints/vocabulary';
import type { LearningLanguage } from '@/contract/languages';
import { type RowStore, useRowSelected, useRowWord } from './vocabulary-rows';

type RowProps = { store: RowStore; lowercase: string };

/** A row's checkbox, named by its word as the row writes it ("Katze", not "katze"). */
export const RowCheck = memo(function RowCheck({ store, lowercase, written }: RowProps & { written: string }) {
  const selected = useRowSelected(store, lowercase);
  return (
    <input
      type="checkbox"
      className="vocabulary-check"
      aria-label={written}
      checked={selected}
      onChange={(event) => store.toggle(lowercase, event.target.checked)}
    />
  );
});

/** The words below a row's word when the list is grouped by family, each coloured by its level. */
function FamilyLine({ words, uiLang }: { words: NonNullable<VocabularyRow['children']>; uiLang: string }) {
  return (
    <span className="vocabulary-family">
      <span lang={uiLang}>
        <Trans>Family:</Trans>
      </span>{' '}
      {/* Inside the row's paragraph, where a list element may not stand: words a space apart, spaced by CSS. */}
      <span className="vocabulary-family-words">
        {words.map(({ lowercase, level }) => (
          <span key={lowercase} className="vocabulary-family-word" data-level={level} dir="auto">
            {lowercase}{' '}
          </span>
        ))}
      </span>
    </span>
  );
}

type RowCellsProps = RowProps & { homeLang: LearningLanguage; changedOn: Intl.DateTimeFormat };

/**
 * A row's cells after its word: the meaning (the learner's own, else the dictionary's, else a dash) and the note, how
 * often it occurs, when it last changed. The row stands in the text engine's element, in the language learnt: what the
 * interface writes says it is in the interface's language, for a screen reader's voice.
 */
export const RowCells = memo(function RowCells({ store, lowercase, homeLang, changedOn }: RowCellsProps) {
  const { i18n } = useLingui();
  const word = useRowWord(store, lowercase);
  if (!word) return null;
  const uiLang = i18n.locale;
  const times = word.occurrences;
  return (
    <>
      <span className="vocabulary-meaning">
        {word.meaning === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden" lang={uiLang}>
              <Trans>No meaning yet</Trans>
            </span>
          </>
        ) : (
          <span lang={homeLang} dir="auto" data-own={word.meaningIsOwn ? '' : undefined}>
            {word.meaningIsOwn ? (
              <span className="visually-hidden" lang={uiLang}>
                <Trans>Your meaning</Trans>{' '}
              </span>
            ) : null}
            {word.meaning}
          </span>
        )}
        {word.note ? (
          <span className="vocabulary-note" dir="auto">
            {word.note}
          </span>
        ) : null}
        {word.children?.length ? <FamilyLine words={word.children} uiLang={uiLang} /> : null}
      </span>
      <span className="vocabulary-occurrences" lang={uiLang}>
        <Plural value={times} one="# time" other="# times" />
      </span>
      <time className="vocabulary-changed" dateTime={word.updatedAt} lang={uiLang}>
        {changedOn.format(new Date(word.updatedAt))}
      </time>
    </>
  );
});
