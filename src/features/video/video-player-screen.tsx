import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import ReactPlayer from 'react-player';
import { videoQueries } from '@/api/videos';
import { usePreferences } from '@/stores/preferences';

/** The embedded player beside its transcript; more sections load until the server says done. */
export function VideoPlayerScreen({ videoId }: { videoId: string }) {
  const { t } = useLingui();
  const targetLang = usePreferences((s) => s.targetLang);
  const transcript = useInfiniteQuery(videoQueries.transcript(targetLang, videoId));
  const sections = transcript.data?.pages.flatMap((page) => page.sections) ?? [];
  return (
    <section className="page video-player">
      <div className="player">
        <ReactPlayer src={`https://www.youtube.com/watch?v=${videoId}`} controls width="100%" height="100%" />
      </div>
      <section className="transcript" aria-label={t`Transcript`}>
        {transcript.isError ? (
          <p role="alert">
            <Trans>An error occurred</Trans>
          </p>
        ) : null}
        {sections.map((section, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: sections arrive in order and never move
          <p key={index} className="transcript-section" lang={targetLang}>
            {section.tokens.map((token) => token.display).join('')}
          </p>
        ))}
        {transcript.hasNextPage ? (
          <button
            type="button"
            className="button button-secondary"
            disabled={transcript.isFetchingNextPage}
            onClick={() => void transcript.fetchNextPage()}
          >
            <Trans>Load more</Trans>
          </button>
        ) : null}
      </section>
    </section>
  );
}
