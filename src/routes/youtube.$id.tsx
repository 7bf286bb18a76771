import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { userQueries } from '@/api/account';
import { videoQueries } from '@/api/videos';
import { wordQueries } from '@/api/words';
import { VideoPlayerScreen } from '@/features/video/video-player-screen';
import { SignupPitch } from '@/features/video/videos-screen';
import { usePreferences } from '@/stores/preferences';

export const Route = createFileRoute('/youtube/$id')({
  staticData: { title: msg`Video`, catalog: 'lazy' },
  // The player's loader travels with its screen: the video calls leave the first load of every other page.
  codeSplitGroupings: [['loader', 'component']],
  /** A link to one of the learner's videos in another language switches to that language (content ids are global). */
  loader: async ({ context, params, preload }) => {
    const { queryClient } = context;
    const user = await queryClient.ensureQueryData(userQueries.current());
    if (!user) return { member: false, title: null };
    const { targetLang, targetLangSwitched } = usePreferences.getState();
    const groups = await queryClient.ensureQueryData(videoQueries.mine(targetLang));
    const group = groups.find((candidate) => candidate.videos.some((video) => video.videoId === params.id));
    // A link only previewed (hovered) changes no language.
    if (group && group.lang !== targetLang && !preload) targetLangSwitched(group.lang);
    const title = group?.videos.find((video) => video.videoId === params.id)?.title ?? null;
    // The levels of the transcript's words come alongside its first lines, not after them.
    if (group) {
      void queryClient.prefetchQuery(wordQueries.scope({ language: group.lang, videoId: params.id }));
    }
    return { member: true, title };
  },
  component: VideoPlayerRoute,
});

function VideoPlayerRoute() {
  const { id } = Route.useParams();
  const { member } = Route.useLoaderData();
  return member ? <VideoPlayerScreen videoId={id} /> : <SignupPitch />;
}
