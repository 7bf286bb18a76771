import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { userQueries } from '@/api/account';
import { errorText, type WordImportErrorCode } from '@/api/error-text';
import { useCommitWordImport, useWordImportPreview } from '@/api/word-imports';
import { wordLimitRoom } from '@/api/words';
import { BusyButton } from '@/components/busy-button';
import { Modal } from '@/components/modal';
import type { AnkiMapping } from '@/contract/anki-import';
import type { WordImportPreview } from '@/contract/endpoints/word-imports';
import type { LearningLanguage } from '@/contract/languages';
import {
  type WordImportFormat,
  type WordImportPolicy,
  type WordImportProblemCode,
  wordImportFormatSchema,
  wordImportFormats,
  wordImportPolicies,
} from '@/contract/word-import';
import { toast } from '@/lib/toast';
import { AnkiFields } from './anki-fields';
import './import-dialog.css';

const WordLimitDialog = lazy(() =>
  import('@/components/interactive-text/word-dialogs').then((module) => ({ default: module.WordLimitDialog })),
);

/** The refusals only this dialog meets. */
const importErrorMessages: Record<WordImportErrorCode, MessageDescriptor> = {
  not_utf8: msg`This file is not UTF-8 text`,
  empty_word_file: msg`This file has no words in it`,
  unknown_word_format: msg`Folio cannot read this word list`,
  already_imported: msg`These words have already been imported`,
  import_in_progress: msg`These words are still being imported: try again in a minute`,
  anki_not_zip: msg`This file is not an Anki package`,
  anki_no_collection: msg`This Anki package holds no collection of notes`,
  anki_new_format_only: msg`This package is in the newest Anki format only: export it again in Anki with “Support older Anki versions” ticked`,
  anki_too_large: msg`This Anki package is too large to import`,
  anki_corrupt: msg`This Anki package is damaged and cannot be read`,
  anki_empty: msg`This Anki package has no notes in it`,
  anki_busy: msg`Other Anki packages are being read: please try again in a minute`,
};

/** Why a row was left out, in the learner's language. */
export const problemReasons: Record<WordImportProblemCode, MessageDescriptor> = {
  empty_word: msg`No word`,
  not_a_word: msg`Not a single word (a number, a phrase or punctuation)`,
  word_too_long: msg`The word is too long`,
  bad_level: msg`Unknown level or status`,
  ignored_term: msg`Ignored in Lute or LWT`,
  unknown_language: msg`A language Folio does not teach`,
  text_too_long: msg`The meaning, note or sentence is too long`,
  bad_row: msg`Not a row of this format`,
  duplicate_word: msg`Already in the file with another level`,
  suspended_note: msg`Suspended in Anki`,
};

const formatNames: Record<WordImportFormat, MessageDescriptor> = {
  json: msg`Folio JSON backup`,
  csv: msg`Folio CSV`,
  lute: msg`Lute CSV`,
  lwt: msg`LWT terms (TSV)`,
  anki: msg`Anki package`,
};

const policyNames: Record<WordImportPolicy, MessageDescriptor> = {
  keep_higher: msg`Keep the higher level, and fill in what they lack`,
  overwrite: msg`Take the file's level, meaning and note`,
  add_new: msg`Leave them as they are: add new words only`,
};

type ImportDialogProps = { language: LearningLanguage; onClose: () => void };

/**
 * "Import words": a word file (Folio's JSON or CSV, Lute's CSV, LWT's TSV) is read and staged on the server, its
 * preview shown (what would be added, updated or left out, and why, line by line), then applied with the learner's
 * policy for the words they already have. Loaded when the learner opens it, so the screen's first load carries none.
 */
export function ImportDialog({ language, onClose }: ImportDialogProps) {
  const { i18n } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<WordImportFormat | 'auto'>('auto');
  const [policy, setPolicy] = useState<WordImportPolicy>('keep_higher');
  const [limitOpen, setLimitOpen] = useState(false);
  const preview = useWordImportPreview();
  const commit = useCommitWordImport();
  const user = useQuery(userQueries.current()).data;
  const fileId = useId();
  // The last preview stays on screen while an Anki package is read again with other fields.
  const [staged, setStaged] = useState<WordImportPreview | null>(null);

  const read = (mapping?: AnkiMapping) => {
    if (!file || preview.isPending) return;
    commit.reset();
    preview.mutate(
      { file, language, format: format === 'auto' ? undefined : format, mapping },
      { onSuccess: setStaged },
    );
  };

  const apply = (importId: string) =>
    commit.mutate(
      { importId, policy },
      {
        onSuccess: ({ added, updated }) => {
          toast.success(i18n._(msg`Words imported: ${added} new, ${updated} updated`));
          onClose();
        },
        onError: (error) => {
          if (wordLimitRoom(error) !== undefined) setLimitOpen(true);
        },
      },
    );

  if (limitOpen && user) {
    return (
      <Suspense fallback={null}>
        <WordLimitDialog user={user} onClose={onClose} />
      </Suspense>
    );
  }

  return (
    <Modal title={<Trans>Import words</Trans>} onClose={onClose}>
      {staged ? (
        <form
          className="vocabulary-import"
          onSubmit={(event) => {
            event.preventDefault();
            if (!commit.isPending && !preview.isPending && staged.limit.fits) apply(staged.importId);
          }}
        >
          {staged.noteTypes ? (
            <AnkiFields noteTypes={staged.noteTypes} pending={preview.isPending} onRead={read} />
          ) : null}
          {preview.isError ? (
            <p role="alert" className="vocabulary-import-error">
              {errorText(preview.error, i18n, importErrorMessages)}
            </p>
          ) : null}
          <ImportPreview preview={staged} policy={policy} />
          <fieldset>
            <legend>
              <Trans>Words you have already saved</Trans>
            </legend>
            {wordImportPolicies.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name="policy"
                  value={value}
                  checked={policy === value}
                  onChange={() => setPolicy(value)}
                />
                {i18n._(policyNames[value])}
              </label>
            ))}
          </fieldset>
          {commit.isError && wordLimitRoom(commit.error) === undefined ? (
            <p role="alert" className="vocabulary-import-error">
              {errorText(commit.error, i18n, importErrorMessages)}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                preview.reset();
                setStaged(null);
              }}
            >
              <Trans>Choose another file</Trans>
            </button>
            {/* Off when the new words do not fit: the preview says nothing would be imported. */}
            <BusyButton
              type="submit"
              className="button button-primary"
              disabled={!staged.limit.fits}
              busy={commit.isPending || preview.isPending}
            >
              <Trans>Import</Trans>
            </BusyButton>
          </div>
        </form>
      ) : (
        <form
          className="vocabulary-import"
          onSubmit={(event) => {
            event.preventDefault();
            read();
          }}
        >
          <p>
            <Trans>
              Bring in the words you saved in Folio, Lute, LWT or Anki: export them there, then choose the file here.
            </Trans>
          </p>
          <label htmlFor={fileId}>
            <Trans>Word file</Trans>
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.tsv,.txt,.json,.apkg,.colpkg,text/csv,text/tab-separated-values,application/json,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <label>
            <Trans>Format</Trans>
            <select
              value={format}
              onChange={(event) => {
                const chosen = wordImportFormatSchema.safeParse(event.target.value);
                setFormat(chosen.success ? chosen.data : 'auto');
              }}
            >
              <option value="auto">{i18n._(msg`Tell from the file`)}</option>
              {wordImportFormats.map((value) => (
                <option key={value} value={value}>
                  {i18n._(formatNames[value])}
                </option>
              ))}
            </select>
          </label>
          {preview.isError ? (
            <p role="alert" className="vocabulary-import-error">
              {errorText(preview.error, i18n, importErrorMessages)}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" className="button button-secondary" onClick={onClose}>
              <Trans>Cancel</Trans>
            </button>
            <BusyButton type="submit" className="button button-primary" disabled={!file} busy={preview.isPending}>
              {preview.isPending ? <Trans>Reading the file…</Trans> : <Trans>Read the file</Trans>}
            </BusyButton>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** What the import would do with the policy chosen, and the rows it leaves out with their line and reason. */
function ImportPreview({ preview, policy }: { preview: WordImportPreview; policy: WordImportPolicy }) {
  const { t, i18n } = useLingui();
  const { counts, problems, problemCount, limit } = preview;
  const format = i18n._(formatNames[preview.format]);
  const more = problemCount - problems.length;
  const added = counts.new;
  const updated = counts.updated[policy];
  const unchanged = counts.unchanged[policy];
  const skipped = counts.skipped;
  const linked = counts.links[policy];
  // Only for a file that names parents.
  const namesParents = Object.values(counts.links).some((count) => count > 0);
  const room = limit.room;
  // The form that read the file is gone: the focus moves to what it read, once, as the preview first shows.
  const section = useRef<HTMLElement>(null);
  useEffect(() => section.current?.focus(), []);
  return (
    <section ref={section} className="vocabulary-import-preview" aria-label={t`Preview`} tabIndex={-1}>
      <p>
        <Trans>Read as: {format}</Trans>
      </p>
      <ul>
        <li>{t`New words: ${added}`}</li>
        <li>{t`Words to update: ${updated}`}</li>
        <li>{t`Words left as they are: ${unchanged}`}</li>
        <li>{t`Rows left out: ${skipped}`}</li>
        {namesParents ? <li>{t`Words linked to their base form: ${linked}`}</li> : null}
      </ul>
      {limit.fits ? null : (
        <p role="alert">
          {t`The new words do not fit under your word limit (room for ${room} more): nothing will be imported.`}
        </p>
      )}
      {problems.length > 0 ? (
        <div className="vocabulary-import-problems">
          <table>
            <caption>
              <Trans>Rows left out</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col">{preview.format === 'anki' ? t`Note number` : t`Line`}</th>
                <th scope="col">
                  <Trans>Word</Trans>
                </th>
                <th scope="col">
                  <Trans>Reason</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {problems.map((problem) => (
                <tr key={`${problem.line}-${problem.reason}`}>
                  <td>{problem.line}</td>
                  <td>{problem.word ?? ''}</td>
                  <td>{i18n._(problemReasons[problem.reason])}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {more > 0 ? <p>{t`Other rows left out: ${more}`}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
