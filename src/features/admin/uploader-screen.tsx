import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '@/api/error-text';
import { editableDetails, libraryQueries, useDeleteContent, useDeleteUpload, useUpdateContent } from '@/api/library';
import { BusyButton } from '@/components/busy-button';
import { learningLanguageNames } from '@/components/language-names';
import { Modal } from '@/components/modal';
import type { Library, LibraryContent } from '@/contract/endpoints/library';
import type { TextImport } from '@/contract/entities';
import { type LearningLanguage, learningLanguages } from '@/contract/languages';
import { toast } from '@/lib/toast';
import { usePreferences } from '@/stores/preferences';
import { type TextDetails, TextDetailsFields, UploadForm } from './upload-form';
import './uploader-screen.css';

function EditDialog({ content, library, onClose }: { content: LibraryContent; library: Library; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [details, setDetails] = useState<TextDetails>({
    title: content.title,
    description: content.description,
    level: content.level,
  });
  const [subCategoryId, setSubCategoryId] = useState(content.subCategoryId);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateContent();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const title = details.title.trim();
    if (!title) {
      setProblem(t`Give the text a title`);
      return;
    }
    update.mutate(
      { ...editableDetails(content), ...details, id: content.id, subCategoryId, title },
      { onSuccess: onClose, onError: (error) => setProblem(errorText(error, i18n)) },
    );
  };

  return (
    <Modal title={t`Edit ${content.title}`} onClose={onClose}>
      <form className="import-form" onSubmit={onSubmit} noValidate>
        <TextDetailsFields
          id={id}
          details={details}
          onChange={(change) => setDetails((before) => ({ ...before, ...change }))}
        />
        <label htmlFor={`${id}-sub`}>
          <Trans>Sub-category</Trans>
        </label>
        <select
          id={`${id}-sub`}
          value={subCategoryId}
          onChange={(event) => setSubCategoryId(Number(event.target.value))}
        >
          {library.categories.map((category) => (
            <optgroup key={category.id} label={category.title}>
              {category.subCategories.map((sub) => (
                <option key={sub.id} value={sub.id}>
                  {sub.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {problem ? <p role="alert">{problem}</p> : null}
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <BusyButton type="submit" className="button button-primary" busy={update.isPending}>
            <Trans>Save</Trans>
          </BusyButton>
        </div>
      </form>
    </Modal>
  );
}

function DeleteDialog({ content, onClose }: { content: LibraryContent; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const remove = useDeleteContent();
  return (
    <Modal title={t`Delete ${content.title}?`} onClose={onClose}>
      <p>
        <Trans>Learners lose this text and their place in it. This cannot be undone.</Trans>
      </p>
      <div className="dialog-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(content, { onSuccess: onClose, onError: (error) => toast.error(errorText(error, i18n)) })
          }
        >
          <Trans>Delete</Trans>
        </button>
      </div>
    </Modal>
  );
}

/** An upload still being made into pages, or one that could not be, which the admin may delete. */
function UploadRow({ upload }: { upload: TextImport }) {
  const { t, i18n } = useLingui();
  const remove = useDeleteUpload();
  const failed = upload.status === 'failed';
  return (
    <li aria-busy={upload.status === 'processing'}>
      <span className="content-card-title">{upload.title}</span>{' '}
      <span role="status">{failed ? t`It could not be imported` : t`Making its pages…`}</span>
      {failed ? (
        <>
          {' '}
          <button
            type="button"
            className="button button-secondary"
            aria-label={t`Delete ${upload.title}`}
            disabled={remove.isPending}
            onClick={() => remove.mutate(upload, { onError: (error) => toast.error(errorText(error, i18n)) })}
          >
            <Trans>Delete</Trans>
          </button>
        </>
      ) : null}
    </li>
  );
}

/** One text of the library: its state and level, a preview in the real reader, publish or unpublish, edit, delete. */
function ContentRow({
  content,
  language,
  onEdit,
  onDelete,
}: {
  content: LibraryContent;
  language: LearningLanguage;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useLingui();
  const update = useUpdateContent();
  const { pages, words } = content;
  const toggle = () =>
    update.mutate(
      { ...editableDetails(content), id: content.id, published: !content.published },
      { onError: (error) => toast.error(errorText(error, i18n)) },
    );
  return (
    <li className="library-content" data-published={content.published}>
      <div className="library-content-text">
        <span className="content-card-title">{content.title}</span>
        <span className="library-content-facts">
          <span className={content.published ? 'library-tag library-tag-published' : 'library-tag'}>
            {content.published ? t`Published` : t`Draft`}
          </span>
          {content.level ? <span className="library-tag">{content.level}</span> : null}
          <span>{t`${plural(pages, { one: '# page', other: '# pages' })}, ${plural(words, { one: '# word', other: '# words' })}`}</span>
        </span>
      </div>
      <div className="library-content-actions">
        <Link
          to="/reader/$id"
          params={{ id: content.id }}
          className="button button-secondary"
          aria-label={t`Preview ${content.title}`}
          onClick={() => usePreferences.getState().targetLangSwitched(language)}
        >
          <Trans>Preview</Trans>
        </Link>
        <button
          type="button"
          className="button button-secondary"
          aria-label={content.published ? t`Unpublish ${content.title}` : t`Publish ${content.title}`}
          disabled={update.isPending}
          onClick={toggle}
        >
          {content.published ? t`Unpublish` : t`Publish`}
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t`Edit ${content.title}`}
          onClick={onEdit}
        >
          <Trans>Edit</Trans>
        </button>
        <button
          type="button"
          className="button button-secondary"
          aria-label={t`Delete ${content.title}`}
          onClick={onDelete}
        >
          <Trans>Delete</Trans>
        </button>
      </div>
    </li>
  );
}

/**
 * The admin's uploader: one language's library at a time, a form to upload a text in chapters, the uploads whose
 * pages are being made, and every text (drafts too) by category and sub-category with what can be done to it.
 */
export function UploaderScreen() {
  const { i18n } = useLingui();
  const languageId = useId();
  const [language, setLanguage] = useState<LearningLanguage>(() => usePreferences.getState().targetLang);
  const library = useQuery(libraryQueries.of(language));
  const [editing, setEditing] = useState<LibraryContent | null>(null);
  const [deleting, setDeleting] = useState<LibraryContent | null>(null);

  return (
    <section className="page uploader">
      <h1>
        <Trans>Uploader</Trans>
      </h1>
      <div className="uploader-language">
        <label htmlFor={languageId}>
          <Trans>Language of the library</Trans>
        </label>
        <select
          id={languageId}
          value={language}
          onChange={(event) => setLanguage(event.target.value as LearningLanguage)}
        >
          {learningLanguages.map((lang) => (
            <option key={lang} value={lang}>
              {i18n._(learningLanguageNames[lang])}
            </option>
          ))}
        </select>
      </div>
      {library.isError ? <p role="alert">{errorText(library.error, i18n)}</p> : null}
      {library.data ? (
        <>
          <UploadForm key={language} language={language} library={library.data} />
          {library.data.uploads.length ? (
            <section aria-labelledby={`${languageId}-uploads`}>
              <h2 id={`${languageId}-uploads`}>
                <Trans>Uploads</Trans>
              </h2>
              <ul className="library-uploads">
                {library.data.uploads.map((upload) => (
                  <UploadRow key={upload.id} upload={upload} />
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby={`${languageId}-library`}>
            <h2 id={`${languageId}-library`}>
              <Trans>Library</Trans>
            </h2>
            {library.data.categories.map((category) => (
              <section key={category.id} className="library-category" aria-label={category.title}>
                <h3>{category.title}</h3>
                {category.subCategories.map((sub) => {
                  const contents = library.data.contents.filter((content) => content.subCategoryId === sub.id);
                  return (
                    <section key={sub.id} className="library-sub-category" aria-label={sub.title}>
                      <h4>{sub.title}</h4>
                      {contents.length ? (
                        <ul className="library-contents">
                          {contents.map((content) => (
                            <ContentRow
                              key={content.id}
                              content={content}
                              language={language}
                              onEdit={() => setEditing(content)}
                              onDelete={() => setDeleting(content)}
                            />
                          ))}
                        </ul>
                      ) : (
                        <p>
                          <Trans>No texts yet.</Trans>
                        </p>
                      )}
                    </section>
                  );
                })}
              </section>
            ))}
          </section>
          {editing ? <EditDialog content={editing} library={library.data} onClose={() => setEditing(null)} /> : null}
          {deleting ? <DeleteDialog content={deleting} onClose={() => setDeleting(null)} /> : null}
        </>
      ) : null}
    </section>
  );
}
