import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorText } from '@/api/error-text';
import {
  useDownloadWordExport,
  useStartWordExport,
  useVocabularyExport,
  wordExportQueries,
} from '@/api/vocabulary-export';
import { learningLanguageNames } from '@/components/language-names';
import { Modal } from '@/components/modal';
import type { WordLevel } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import type { WordExportFormat } from '@/contract/word-export';

/** The file formats the dialog offers: the streamed ones, and the Anki package a job makes. */
type DialogFormat = WordExportFormat | 'anki';

type ExportDialogProps = {
  language: LearningLanguage;
  /** The levels the list is filtered to; none means every level. */
  levels: readonly number[];
  onClose: () => void;
};

/**
 * An Anki package being made: says so while its job runs (inside the dialog's live region), downloads it when ready,
 * and hands up why when it cannot be made or fetched.
 */
function AnkiProgress({
  exportId,
  onSaved,
  onFailed,
}: {
  exportId: string;
  onSaved: () => void;
  /** The package cannot be had, for this reason: the dialog says so, and the learner may ask again. */
  onFailed: (reason: string) => void;
}) {
  const { t, i18n } = useLingui();
  const job = useQuery(wordExportQueries.job(exportId));
  const download = useDownloadWordExport();
  const ready = job.data?.status === 'ready' ? job.data : undefined;
  const { isIdle, mutate } = download;
  useEffect(() => {
    if (ready && isIdle) mutate(ready, { onSuccess: onSaved });
  }, [ready, isIdle, mutate, onSaved]);

  const failure = job.isError
    ? errorText(job.error, i18n)
    : job.data?.status === 'failed'
      ? t`The Anki file could not be made. Please try again.`
      : download.isError
        ? errorText(download.error, i18n)
        : null;
  useEffect(() => {
    if (failure !== null) onFailed(failure);
  }, [failure, onFailed]);
  return <Trans>Making your Anki file… It downloads as soon as it is ready.</Trans>;
}

/**
 * "Export words": the format (a spreadsheet's CSV, Lute's CSV, the JSON backup, an Anki package), this language or
 * all, and the list's level filter or every level; the file is fetched with the learner's token and saved as a
 * download. An Anki package is made by a job first: the dialog follows it, then downloads it. Loaded when the learner
 * opens it, so the screen's first load carries none of it.
 */
export function ExportDialog({ language, levels, onClose }: ExportDialogProps) {
  const { t, i18n } = useLingui();
  const [format, setFormat] = useState<DialogFormat>('csv');
  const [scope, setScope] = useState<'language' | 'all'>('language');
  const [filtered, setFiltered] = useState(levels.length > 0);
  const exportWords = useVocabularyExport();
  const startExport = useStartWordExport();
  /** The Anki package being made, once its job has started. */
  const [exportId, setExportId] = useState<string | null>(null);
  const [ankiFailure, setAnkiFailure] = useState<string | null>(null);
  const formId = useId();
  const languageName = i18n._(learningLanguageNames[language]);
  const formats: { value: DialogFormat; label: string }[] = [
    { value: 'csv', label: t`CSV, for a spreadsheet` },
    { value: 'lute', label: t`CSV for Lute` },
    { value: 'json', label: t`JSON backup (everything, flashcards included)` },
    { value: 'anki', label: t`Anki deck (.apkg), a card for each word` },
  ];

  const failure =
    exportWords.isError || startExport.isError ? errorText(exportWords.error ?? startExport.error, i18n) : ankiFailure;
  const busy = exportWords.isPending || startExport.isPending || (exportId !== null && ankiFailure === null);
  const download = () => {
    const chosen = { language: scope === 'all' ? ('all' as const) : language, levels: filtered ? levels : [] };
    // A new try: an earlier one's failure, of this format or another, is no longer shown.
    exportWords.reset();
    startExport.reset();
    setExportId(null);
    setAnkiFailure(null);
    if (format !== 'anki') {
      exportWords.mutate({ format, ...chosen }, { onSuccess: onClose });
      return;
    }
    const levelList = chosen.levels.filter((level): level is WordLevel => level >= 0 && level <= 4);
    startExport.mutate(
      { format, language: chosen.language, ...(levelList.length > 0 ? { levels: levelList } : {}) },
      { onSuccess: (job) => setExportId(job.id) },
    );
  };

  return (
    <Modal title={<Trans>Export words</Trans>} onClose={onClose}>
      <form
        id={formId}
        className="vocabulary-export"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) download();
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
        <p role="status" className="vocabulary-export-status">
          {exportId !== null && ankiFailure === null ? (
            <AnkiProgress key={exportId} exportId={exportId} onSaved={onClose} onFailed={setAnkiFailure} />
          ) : null}
        </p>
        {failure === null ? null : (
          <p role="alert" className="vocabulary-export-error">
            {failure}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {busy ? <Trans>Preparing the file…</Trans> : <Trans>Download</Trans>}
          </button>
        </div>
      </form>
    </Modal>
  );
}
