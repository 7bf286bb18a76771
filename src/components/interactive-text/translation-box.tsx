import { Trans, useLingui } from '@lingui/react/macro';

export type Selection = { tokenId: number; display: string; lowercase: string };

export type TranslationStatus = 'idle' | 'loading' | 'missing' | 'error' | 'same-language';

type TranslationBoxProps = {
  selection: Selection | null;
  translation: string | undefined;
  status: TranslationStatus;
};

/** The selected word's display form and its translation. */
export function TranslationBox({ selection, translation, status }: TranslationBoxProps) {
  const { t } = useLingui();
  return (
    <section className="translation-box" aria-live="polite" aria-label={t`Translation`}>
      {selection ? (
        <>
          {/* The word and its translation keep their own direction inside a right-to-left interface. */}
          <p className="translation-word" dir="auto">
            {selection.display}
          </p>
          <p className="translation-text" dir={translation ? 'auto' : undefined}>
            {translation ??
              (status === 'loading' ? (
                <Trans>Translating…</Trans>
              ) : status === 'missing' ? (
                <Trans>No translation found for this word</Trans>
              ) : status === 'error' ? (
                <Trans>An error occurred</Trans>
              ) : status === 'same-language' ? (
                <Trans>Choose your own language in the header to see translations.</Trans>
              ) : null)}
          </p>
        </>
      ) : (
        <p className="translation-hint">
          <Trans>Tap a word to see its translation.</Trans>
        </p>
      )}
    </section>
  );
}
