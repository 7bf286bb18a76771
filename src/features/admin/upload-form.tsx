import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { errorText } from '@/api/error-text';
import { type UploadInput, useUploadContent } from '@/api/library';
import { BusyButton } from '@/components/busy-button';
import { maxChapters, maxPastedCharacters } from '@/contract/constants';
import type { Library } from '@/contract/endpoints/library';
import { type CefrLevel, cefrLevels } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { toast } from '@/lib/toast';
import './upload-form.css';

/** `new` in a select: the admin names a new category or sub-category beside it. */
const NEW = 'new';

type ChapterDraft = { key: number; title: string; text: string };

let chapterKeys = 0;
const emptyChapter = (): ChapterDraft => ({ key: ++chapterKeys, title: '', text: '' });

export type TextDetails = { title: string; description: string; level: CefrLevel | null };

/** A text's title, description and CEFR level (or none): on upload, and when an admin edits it later. */
export function TextDetailsFields({
  id,
  details,
  onChange,
}: {
  id: string;
  details: TextDetails;
  onChange: (change: Partial<TextDetails>) => void;
}) {
  const { t } = useLingui();
  return (
    <>
      <label htmlFor={`${id}-title`}>
        <Trans>Title</Trans>
      </label>
      <input
        id={`${id}-title`}
        value={details.title}
        maxLength={120}
        onChange={(event) => onChange({ title: event.target.value })}
      />
      <label htmlFor={`${id}-description`}>
        <Trans>Description</Trans>
      </label>
      <textarea
        id={`${id}-description`}
        rows={2}
        maxLength={500}
        value={details.description}
        onChange={(event) => onChange({ description: event.target.value })}
      />
      <label htmlFor={`${id}-level`}>
        <Trans>Level (CEFR)</Trans>
      </label>
      <select
        id={`${id}-level`}
        value={details.level ?? ''}
        onChange={(event) => onChange({ level: (event.target.value || null) as CefrLevel | null })}
      >
        <option value="">{t`No level`}</option>
        {cefrLevels.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * 'Upload reading content': where the text goes (a category and sub-category, or new ones), its title,
 * description and CEFR level, and its chapters with their titles. The server makes the pages in the background;
 * the text then waits as a draft to be previewed and published.
 */
export function UploadForm({ language, library }: { language: LearningLanguage; library: Library }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [categoryId, setCategoryId] = useState(String(library.categories[0]?.id ?? NEW));
  const [categoryTitle, setCategoryTitle] = useState('');
  const category = library.categories.find((candidate) => String(candidate.id) === categoryId);
  const [subCategoryId, setSubCategoryId] = useState(String(category?.subCategories[0]?.id ?? NEW));
  const [subTitle, setSubTitle] = useState('');
  const [subDescription, setSubDescription] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [level, setLevel] = useState<CefrLevel | null>(null);
  const [chapters, setChapters] = useState<ChapterDraft[]>(() => [emptyChapter()]);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadContent();

  const chooseCategory = (value: string) => {
    setCategoryId(value);
    const chosen = library.categories.find((candidate) => String(candidate.id) === value);
    setSubCategoryId(String(chosen?.subCategories[0]?.id ?? NEW));
  };
  const changeChapter = (key: number, change: Partial<ChapterDraft>) =>
    setChapters((all) => all.map((chapter) => (chapter.key === key ? { ...chapter, ...change } : chapter)));

  /** What the form is missing, in the order it is filled in; null when it can be sent. */
  function missing(): string | null {
    if (categoryId === NEW && !categoryTitle.trim()) return t`Name the new category`;
    if (subCategoryId === NEW && !subTitle.trim()) return t`Name the new sub-category`;
    if (!title.trim()) return t`Give the text a title`;
    if (chapters.some((chapter) => !chapter.title.trim())) return t`Give every chapter a title`;
    if (chapters.some((chapter) => !/[\p{L}\p{N}]/u.test(chapter.text))) return t`Write or paste every chapter's text`;
    const length = chapters.reduce((sum, chapter) => sum + chapter.text.length, 0);
    if (length > maxPastedCharacters) return t`The chapters may hold ${maxPastedCharacters} characters together`;
    return null;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const why = missing();
    setProblem(why);
    if (why) return;
    const newSub = { title: subTitle.trim(), description: subDescription.trim() };
    const place: UploadInput['place'] =
      subCategoryId !== NEW
        ? { subCategoryId: Number(subCategoryId) }
        : categoryId === NEW
          ? { categoryTitle: categoryTitle.trim(), ...newSub }
          : { categoryId: Number(categoryId), ...newSub };
    upload.mutate(
      {
        language,
        place,
        title: title.trim(),
        description: description.trim(),
        level,
        chapters: chapters.map((chapter) => ({ title: chapter.title.trim(), text: chapter.text })),
      },
      {
        onSuccess: () => {
          toast.success(t`Uploaded: its pages are being made`);
          setTitle('');
          setDescription('');
          setLevel(null);
          setChapters([emptyChapter()]);
          setCategoryTitle('');
          setSubTitle('');
          setSubDescription('');
        },
        onError: (error) => setProblem(errorText(error, i18n)),
      },
    );
  };

  return (
    <form className="upload-form" aria-labelledby={`${id}-heading`} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-heading`}>
        <Trans>Upload reading content</Trans>
      </h2>
      <div className="upload-place">
        <label htmlFor={`${id}-category`}>
          <Trans>Category</Trans>
        </label>
        <select id={`${id}-category`} value={categoryId} onChange={(event) => chooseCategory(event.target.value)}>
          {library.categories.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title}
            </option>
          ))}
          <option value={NEW}>{t`New category…`}</option>
        </select>
        {categoryId === NEW ? (
          <>
            <label htmlFor={`${id}-category-title`}>
              <Trans>New category's title</Trans>
            </label>
            <input
              id={`${id}-category-title`}
              value={categoryTitle}
              maxLength={120}
              onChange={(event) => setCategoryTitle(event.target.value)}
            />
          </>
        ) : null}
        <label htmlFor={`${id}-sub`}>
          <Trans>Sub-category</Trans>
        </label>
        <select id={`${id}-sub`} value={subCategoryId} onChange={(event) => setSubCategoryId(event.target.value)}>
          {(category?.subCategories ?? []).map((sub) => (
            <option key={sub.id} value={sub.id}>
              {sub.title}
            </option>
          ))}
          <option value={NEW}>{t`New sub-category…`}</option>
        </select>
        {subCategoryId === NEW ? (
          <>
            <label htmlFor={`${id}-sub-title`}>
              <Trans>New sub-category's title</Trans>
            </label>
            <input
              id={`${id}-sub-title`}
              value={subTitle}
              maxLength={120}
              onChange={(event) => setSubTitle(event.target.value)}
            />
            <label htmlFor={`${id}-sub-description`}>
              <Trans>New sub-category's description</Trans>
            </label>
            <input
              id={`${id}-sub-description`}
              value={subDescription}
              maxLength={500}
              onChange={(event) => setSubDescription(event.target.value)}
            />
          </>
        ) : null}
      </div>
      <TextDetailsFields
        id={id}
        details={{ title, description, level }}
        onChange={(change) => {
          if (change.title !== undefined) setTitle(change.title);
          if (change.description !== undefined) setDescription(change.description);
          if (change.level !== undefined) setLevel(change.level);
        }}
      />
      {chapters.map((chapter, index) => {
        const number = index + 1;
        return (
          <fieldset key={chapter.key} className="upload-chapter">
            <legend>
              <Trans>Chapter {number}</Trans>
            </legend>
            <label htmlFor={`${id}-chapter-${chapter.key}-title`}>
              <Trans>Chapter title</Trans>
            </label>
            <input
              id={`${id}-chapter-${chapter.key}-title`}
              value={chapter.title}
              maxLength={120}
              onChange={(event) => changeChapter(chapter.key, { title: event.target.value })}
            />
            <label htmlFor={`${id}-chapter-${chapter.key}-text`}>
              <Trans>Chapter text</Trans>
            </label>
            <textarea
              id={`${id}-chapter-${chapter.key}-text`}
              rows={8}
              maxLength={maxPastedCharacters}
              value={chapter.text}
              onChange={(event) => changeChapter(chapter.key, { text: event.target.value })}
            />
            {chapters.length > 1 ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setChapters((all) => all.filter((candidate) => candidate.key !== chapter.key))}
              >
                <Trans>Remove chapter {number}</Trans>
              </button>
            ) : null}
          </fieldset>
        );
      })}
      {chapters.length < maxChapters ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setChapters((all) => [...all, emptyChapter()])}
        >
          <Trans>Add a chapter</Trans>
        </button>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <BusyButton type="submit" className="button button-primary" busy={upload.isPending}>
        <Trans>Upload</Trans>
      </BusyButton>
    </form>
  );
}
