import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '@/api/error-text';
import { importQueries, useDeleteImport, useImportText } from '@/api/imports';
import { BusyButton } from '@/components/busy-button';
import { type CardCoverage, CoverageFigure, useCardCoverage } from '@/components/coverage-figure';
import { Modal } from '@/components/modal';
import { maxImportBytes, maxPastedCharacters } from '@/contract/constants';
import type { TextImport } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { LearnWordsLink } from './learn-words-link';
import './my-texts.css';

function ImportDialog({ language, onClose }: { language: LearningLanguage; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const ids = { title: useId(), text: useId(), file: useId(), url: useId() };
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  // An address typed without its scheme (example.com/story) is a web address all the same.
  const typed = file ? '' : url.trim();
  const address = typed && !/^[a-z][a-z\d+.-]*:/i.test(typed) ? `https://${typed}` : typed;
  const [problem, setProblem] = useState<string | null>(null);
  const importText = useImportText();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (file && file.size > maxImportBytes) {
      setProblem(t`That is too large to send`);
      return;
    }
    if (!file && !address && !title.trim()) {
      setProblem(t`Give the text a title`);
      return;
    }
    if (!file && !address && !text.trim()) {
      setProblem(t`Paste a text or choose a file`);
      return;
    }
    setProblem(null);
    const source = file ? { file } : address ? { url: address } : { text };
    importText.mutate(
      { language, title: title.trim(), ...source },
      { onSuccess: onClose, onError: (error) => setProblem(errorText(error, i18n)) },
    );
  };

  return (
    <Modal title={t`Import a text`} onClose={onClose}>
      <form className="import-form" noValidate onSubmit={onSubmit}>
        <label htmlFor={ids.title}>
          <Trans>Title</Trans>
        </label>
        <input id={ids.title} value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
        <label htmlFor={ids.text}>
          <Trans>Paste your text</Trans>
        </label>
        <textarea
          id={ids.text}
          rows={8}
          maxLength={maxPastedCharacters}
          value={text}
          disabled={file !== null || address !== ''}
          onChange={(event) => setText(event.target.value)}
        />
        <label htmlFor={ids.url}>
          <Trans>Or the address of a web article</Trans>
        </label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          maxLength={2000}
          value={url}
          disabled={file !== null}
          onChange={(event) => setUrl(event.target.value)}
        />
        <label htmlFor={ids.file}>
          <Trans>Or choose a file (.txt, .epub, .srt or .vtt, at most 5 MB)</Trans>
        </label>
        <input
          id={ids.file}
          type="file"
          accept=".txt,.epub,.srt,.vtt,text/plain,application/epub+zip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        {problem ? <p role="alert">{problem}</p> : null}
        {/* Always there, so a screen reader hears its words when they come: a page can take seconds to read. */}
        <p role="status" className="import-progress">
          {importText.isPending && address !== '' ? <Trans>Reading the page…</Trans> : null}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <BusyButton type="submit" className="button button-primary" busy={importText.isPending}>
            <Trans>Import</Trans>
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}

function TextCard({ text, coverage }: { text: TextImport; coverage: CardCoverage }) {
  const { t } = useLingui();
  const remove = useDeleteImport();
  const titleId = useId();
  const { pages, words } = text;
  const state =
    text.status === 'processing'
      ? t`Making its pages…`
      : text.status === 'failed'
        ? t`It could not be imported`
        : t`${plural(pages, { one: '# page', other: '# pages' })}, ${plural(words, { one: '# word', other: '# words' })}`;
  return (
    <li className="my-text">
      {text.status === 'ready' && text.contentId !== null ? (
        <Link
          to="/reader/$id"
          params={{ id: text.contentId }}
          className="content-card"
          aria-describedby={coverage.figureId(text.contentId)}
          data-learn=""
        >
          <span className="content-card-title" id={titleId} lang={text.language}>
            {text.title}
          </span>
          <span className="content-card-description">{state}</span>
          <CoverageFigure coverage={coverage} card={text.contentId} />
        </Link>
      ) : (
        <div className="content-card" aria-busy={text.status === 'processing'}>
          <span className="content-card-title" lang={text.language}>
            {text.title}
          </span>
          <span className="content-card-description" role="status">
            {state}
          </span>
        </div>
      )}
      {text.status === 'ready' && text.contentId !== null ? (
        <LearnWordsLink contentId={text.contentId} titleId={titleId} />
      ) : null}
      <button
        type="button"
        className="icon-button"
        aria-label={t`Delete ${text.title}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(text)}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * The learner's own texts in the language they learn, above the library: imported by pasting, from a file or from a
 * web article's address, made into pages in the background (the list asks again while one is being made), private
 * to them.
 */
export function MyTexts({ language }: { language: LearningLanguage }) {
  const texts = useQuery(importQueries.list(language));
  const readable = (texts.data ?? []).flatMap((text) =>
    text.status === 'ready' && text.contentId !== null ? [text.contentId] : [],
  );
  const coverage = useCardCoverage({ kind: 'texts', language, ids: readable });
  const [importing, setImporting] = useState(false);
  return (
    <section className="category my-texts" aria-labelledby="my-texts-heading">
      <div className="my-texts-heading">
        <h2 id="my-texts-heading">
          <Trans>My texts</Trans>
        </h2>
        <button type="button" className="button button-secondary" onClick={() => setImporting(true)}>
          <Trans>Import</Trans>
        </button>
      </div>
      {texts.data?.length ? (
        <ul className="content-cards">
          {texts.data.map((text) => (
            <TextCard key={text.id} text={text} coverage={coverage} />
          ))}
        </ul>
      ) : texts.isSuccess ? (
        <p className="my-texts-empty">
          <Trans>Read what you care about: paste a text, or import a book (.epub), a .txt or a subtitle file.</Trans>
        </p>
      ) : null}
      {importing ? <ImportDialog language={language} onClose={() => setImporting(false)} /> : null}
    </section>
  );
}
