import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { VideosScreen } from '@/features/video/videos-screen';

export const Route = createFileRoute('/youtube/')({
  staticData: { title: msg`YouTube`, catalog: 'lazy' },
  component: VideosScreen,
});
