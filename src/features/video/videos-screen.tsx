import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteVideo, videoQueries } from '@/api/videos';
import { CoverageFigure, useCardCoverage } from '@/components/coverage-figure';
import { learningLanguageNames } from '@/components/language-names';
import { useSession } from '@/components/layout/use-session';
import type { VideoGroup } from '@/contract/endpoints/videos';
import type { User } from '@/contract/entities';
import { usePreferences } from '@/stores/preferences';
import { NewVideoDialog } from './new-video-dialog';
import { SubtitleUploadButton } from './subtitle-upload';
import { VideoLimitDialog } from './video-limit-dialog';
import './videos-screen.css';

export function SignupPitch() {
  return (
    <section className="page pitch">
      <h1>
        <Trans>Read the videos you love</Trans>
      </h1>
      <p>
        <Trans>
          Add any YouTube video and read its transcript beside the player: tap a word to see and hear it, and keep every
          word you learn.
        </Trans>
      </p>
      <Link to="/signup" className="button button-primary">
        <Trans>Register for free</Trans>
      </Link>
    </section>
  );
}

/** One language's videos: a member's ready ones show how much of each transcript they know. */
function VideoGroupCards({ group }: { group: VideoGroup }) {
  const { t, i18n } = useLingui();
  const targetLangSwitched = usePreferences((s) => s.targetLangSwitched);
  const deleteVideo = useDeleteVideo();
  const coverage = useCardCoverage({
    kind: 'videos',
    language: group.lang,
    ids: group.videos.map((video) => video.videoId),
  });
  return (
    <section className="video-group" aria-label={i18n._(learningLanguageNames[group.lang])}>
      <h2>{i18n._(learningLanguageNames[group.lang])}</h2>
      <ul className="video-cards">
        {group.videos.map((video) => (
          <li key={video.videoId}>
            <Link
              to="/youtube/$id"
              params={{ id: video.videoId }}
              className="video-card"
              aria-describedby={coverage.figureId(video.videoId)}
              onClick={() => targetLangSwitched(group.lang)}
            >
              <img src={`https://i.ytimg.com/vi/${video.videoId}/mqdefault.jpg`} alt="" loading="lazy" />
              <span>{video.title}</span>
              <CoverageFigure coverage={coverage} card={video.videoId} />
            </Link>
          </li>
        ))}
        {group.processingVideos.map((video) => (
          <li key={video.id} className="video-card processing">
            <img src={`https://i.ytimg.com/vi/${video.videoId}/mqdefault.jpg`} alt="" loading="lazy" />
            <span>{video.title}</span>
            {video.jobStatus === 'failed' ? (
              <div className="video-card-actions">
                <span className="video-status failed">
                  <Trans>Processing failed</Trans>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t`Delete ${video.title}`}
                    disabled={deleteVideo.isPending}
                    onClick={() => deleteVideo.mutate({ targetLang: group.lang, videoId: video.videoId })}
                  >
                    <Trash2 size={18} aria-hidden="true" />
                  </button>
                </span>
                <SubtitleUploadButton targetLang={group.lang} videoId={video.videoId} title={video.title} />
              </div>
            ) : (
              <span className="video-status">
                <Trans>Waiting to be processed</Trans>
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyVideos({ user }: { user: User }) {
  const targetLang = usePreferences((s) => s.targetLang);
  const { data: groups, isPending, isError } = useQuery(videoQueries.mine(targetLang));
  const [dialog, setDialog] = useState<'new' | 'limit' | null>(null);
  return (
    <section className="page videos">
      <div className="videos-heading">
        <h1>
          <Trans>My Videos</Trans>
        </h1>
        <button type="button" className="button button-primary" onClick={() => setDialog('new')}>
          <Plus size={18} aria-hidden="true" />
          <Trans>New Video</Trans>
        </button>
      </div>
      {isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : null}
      {isError ? (
        <p role="alert">
          <Trans>An error occurred</Trans>
        </p>
      ) : null}
      {groups?.length === 0 ? (
        <p>
          <Trans>No videos yet. Add one with New Video and read its transcript beside the player.</Trans>
        </p>
      ) : null}
      {groups?.map((group) => (
        <VideoGroupCards key={group.lang} group={group} />
      ))}
      {dialog === 'new' ? (
        <NewVideoDialog
          language={targetLang}
          onClose={() => setDialog(null)}
          onLimitReached={() => setDialog('limit')}
        />
      ) : null}
      {dialog === 'limit' ? <VideoLimitDialog user={user} onClose={() => setDialog(null)} /> : null}
    </section>
  );
}

export function VideosScreen() {
  const { user } = useSession();
  return user ? <MyVideos user={user} /> : <SignupPitch />;
}
