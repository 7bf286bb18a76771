import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { errorText } from '@/api/error-text';
import { useVocabularyExport } from '@/api/vocabulary-export';
import { learningLanguageNames } from '@/components/language-names';
import { Modal } from '@/components/modal';
import type { LearningLanguage } from '@/contract/languages';
import type { WordExportFormat } from '@/contract/word-export';

type ExportDialogProps = {
  language: LearningLanguage;
  /** The levels the list is filtered to; none means every level. */
  levels: readonly number[];
  onClose: () => void;
};

/**
 * "Export words": the format (a spreadsheet's CSV, Lute's CSV, the JSON backup), this language or all, and the
 * list's level filter or every level; the file is fetched with the learner's token and saved as a download.
 * Loaded when the learner opens it, so the screen's first load carries none of it.
 */
export function ExportDialog({ language, levels, onClose }: ExportDialogProps) {
  const { t, i18n } = useLingui();
  const [format, setFormat] = useState<WordExportFormat>('csv');
  const [scope, setScope] = useState<'language' | 'all'>('language');
  const [filtered, setFiltered] = useState(levels.length > 0);
  const exportWords = useVocabularyExport();
  const formId = useId();
  const languageName = i18n._(learningLanguageNames[language]);
  const formats: { value: WordExportFormat; label: string }[] = [
    { value: 'csv', label: t`CSV, for a spreadsheet` },
    { value: 'lute', label: t`CSV for Lute` },
    { value: 'json', label: t`JSON backup (everything, flashcards included)` },
  ];

  const download = () =>
    exportWords.mutate(
      { format, language: scope === 'all' ? 'all' : language, levels: filtered ? levels : [] },
      { onSuccess: onClose },
    );

  return (
    <Modal title={<Trans>Export words</Trans>} onClose={onClose}>
      <form
        id={formId}
        className="vocabulary-export"
        onSubmit={(event) => {
          event.preventDefault();
          if (!exportWords.isPending) download();
        }}
      >
        <fieldset>
          <legend>
            <Trans>Format</Trans>
          </legend>
          {formats.map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name="format"
                value={option.value}
                checked={format === option.value}
                onChange={() => setFormat(option.value)}
              />
              {option.label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend>
            <Trans>Words</Trans>
          </legend>
          <label>
            <input type="radio" name="scope" checked={scope === 'language'} onChange={() => setScope('language')} />
            <Trans>{languageName} only</Trans>
          </label>
          <label>
            <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} />
            <Trans>All languages</Trans>
          </label>
          {levels.length > 0 ? (
            <label>
              <input type="checkbox" checked={filtered} onChange={(event) => setFiltered(event.target.checked)} />
              <Trans>Only the levels shown ({levels.join(', ')})</Trans>
            </label>
          ) : null}
        </fieldset>
        {exportWords.isError ? (
          <p role="alert" className="vocabulary-export-error">
            {errorText(exportWords.error, i18n)}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="submit"
            className="button button-primary"
            disabled={exportWords.isPending}
            aria-busy={exportWords.isPending}
          >
            {exportWords.isPending ? <Trans>Preparing the file…</Trans> : <Trans>Download</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}
