import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { videoQueries } from '@/api/videos';
import { useSession } from '@/components/layout/use-session';
import { usePreferences } from '@/stores/preferences';

function SignupPitch() {
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

function MyVideos() {
  const targetLang = usePreferences((s) => s.targetLang);
  const targetLangPicked = usePreferences((s) => s.targetLangPicked);
  const { data: groups, isPending, isError } = useQuery(videoQueries.mine(targetLang));
  return (
    <section className="page videos">
      <h1>
        <Trans>My Videos</Trans>
      </h1>
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
      {groups?.map((group) => (
        <section key={group.lang} className="video-group">
          <h2>{group.lang.toUpperCase()}</h2>
          <ul className="video-cards">
            {group.videos.map((video) => (
              <li key={video.videoId}>
                <Link
                  to="/youtube/$id"
                  params={{ id: video.videoId }}
                  className="video-card"
                  onClick={() => targetLangPicked(group.lang)}
                >
                  <img src={`https://i.ytimg.com/vi/${video.videoId}/mqdefault.jpg`} alt="" loading="lazy" />
                  <span>{video.title}</span>
                </Link>
              </li>
            ))}
            {group.processingVideos.map((video) => (
              <li key={video.id} className="video-card processing">
                <img src={`https://i.ytimg.com/vi/${video.videoId}/mqdefault.jpg`} alt="" loading="lazy" />
                <span>{video.title}</span>
                <span className="video-status">
                  <Trans>Waiting to be processed</Trans>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

export function VideosScreen() {
  const { user } = useSession();
  return user ? <MyVideos /> : <SignupPitch />;
}
