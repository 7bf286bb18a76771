import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VideoPlayerScreen } from '@/features/video/video-player-screen';

export const Route = createFileRoute('/youtube/$id')({
  staticData: { title: msg`Video` },
  component: VideoPlayerRoute,
});

function VideoPlayerRoute() {
  const { id } = Route.useParams();
  return <VideoPlayerScreen videoId={id} />;
}
