import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { contentQueries } from '@/api/content';
import { errorText } from '@/api/error-text';
import { useSaveUserPage } from '@/api/user-pages';
import { useMarkPageKnown, useMarkPageRefusal, wordLimitRoom } from '@/api/words';
import { InteractiveText } from '@/components/interactive-text/interactive-text';
import { useLevelDisplayClass } from '@/components/interactive-text/level-display';
import { TextToggles } from '@/components/interactive-text/text-toggles';
import { useSession } from '@/components/layout/use-session';
import type { PageType } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { withLazyCatalog } from '@/i18n/i18n';
import { toast } from '@/lib/toast';
import { usePreferences } from '@/stores/preferences';
import { PageTypeLabel } from './page-type-label';
import './reader-screen.css';

/** Loaded with its first use, as in the text engine. */
const WordLimitDialog = lazy(() =>
  withLazyCatalog(import('@/components/interactive-text/word-dialogs')).then((module) => ({
    default: module.WordLimitDialog,
  })),
);

type ReaderScreenProps = {
  targetLang: LearningLanguage;
  homeLang: LearningLanguage;
  contentId: number;
  pageId: number;
};

/** Titles are shown as written, but with a capital first letter (after any opening punctuation, such as ¿ or «). */
const capitalise = (text: string, language: LearningLanguage) =>
  text.replace(
    /^(\P{L}*)(\p{Ll})/u,
    (_, opening: string, letter: string) => opening + letter.toLocaleUpperCase(language),
  );

export function ReaderScreen({ targetLang, homeLang, contentId, pageId }: ReaderScreenProps) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const { user } = useSession();
  const { data: reader } = useSuspenseQuery(contentQueries.reader(targetLang, contentId, pageId));
  const saveUserPage = useSaveUserPage();
  const markRestKnown = usePreferences((s) => s.markRestKnown);
  const markRestKnownToggled = usePreferences((s) => s.markRestKnownToggled);
  // The word limit's refusal is shown by whichever page is open when it comes (useMarkPageRefusal), others by a toast.
  const markPageKnown = useMarkPageKnown((error) => {
    if (wordLimitRoom(error) === undefined) toast.error(errorText(error, i18n));
  });
  const markRefusal = useMarkPageRefusal();
  const markRestId = useId();
  const levelDisplay = useLevelDisplayClass();
  const [tab, setTab] = useState<'text' | 'pages'>('text');
  const page = useMemo(() => ({ contentId, pageId }), [contentId, pageId]);

  const isLast = pageId >= reader.pages.length - 1;
  const pageType: PageType = reader.selectedPage.pageType;

  const openPage = (next: number) => {
    setTab('text');
    void navigate({ to: '/reader/$id', params: { id: contentId }, search: { page: next } });
  };

  const leavePage = () => {
    if (isLast) void navigate({ to: '/' });
    else openPage(pageId + 1);
  };

  const finishPage = () => {
    if (user) saveUserPage.mutate({ contentId, pageId, language: targetLang });
    if (!user || !markRestKnown) {
      leavePage();
      return;
    }
    // Read Next turns the page at once; Finished leaves the reader only once the words are saved, so a refusal is
    // shown beside the text it is about.
    markPageKnown.mutate({ language: targetLang, contentId, pageId }, isLast ? { onSuccess: leavePage } : undefined);
    if (!isLast) leavePage();
  };

  return (
    <section className="page reader">
      <div className="reader-toolbar">
        <div className="tabs" role="tablist" aria-label={t`Reader`}>
          <button type="button" role="tab" aria-selected={tab === 'text'} onClick={() => setTab('text')}>
            <Trans>Text</Trans>
          </button>
          <button type="button" role="tab" aria-selected={tab === 'pages'} onClick={() => setTab('pages')}>
            <PageTypeLabel pageType={pageType} />
          </button>
        </div>
        <div className="reader-toggles">
          <TextToggles />
        </div>
      </div>
      {tab === 'text' ? (
        <div role="tabpanel" className={`reader-body ${levelDisplay}`.trim()}>
          <InteractiveText
            sections={reader.sections}
            targetLang={targetLang}
            homeLang={homeLang}
            source={{ page }}
            keysEnabled={!markRefusal}
          />
          <div className="reader-finish">
            {user ? (
              <div className="mark-rest">
                <input id={markRestId} type="checkbox" checked={markRestKnown} onChange={markRestKnownToggled} />
                <label htmlFor={markRestId}>
                  <Trans>Mark the rest as known</Trans>
                </label>
              </div>
            ) : null}
            <button
              type="button"
              className="button button-primary read-next"
              disabled={isLast && markPageKnown.isPending}
              onClick={finishPage}
            >
              {isLast ? <Trans>Finished</Trans> : <Trans>Read Next</Trans>}
            </button>
          </div>
        </div>
      ) : (
        <div role="tabpanel">
          <ol className="page-list">
            {reader.pages.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="page-list-item"
                  aria-current={item.id === pageId ? 'page' : undefined}
                  onClick={() => openPage(item.id)}
                >
                  {item.id + 1}. {capitalise(item.title, targetLang)}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
      {markRefusal && user ? (
        <Suspense fallback={null}>
          <WordLimitDialog
            user={user}
            onClose={markRefusal.dismiss}
            markRestRefusal={{ room: markRefusal.room, newWords: markRefusal.newWords }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
