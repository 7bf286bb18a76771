import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { contentQueries } from '@/api/content';
import { BrowseScreen } from '@/features/browse/browse-screen';
import { usePreferences } from '@/stores/preferences';

export const Route = createFileRoute('/')({
  staticData: { title: msg`Home` },

  loader: ({ context }) =>
    context.queryClient.ensureQueryData(contentQueries.categories(usePreferences.getState().targetLang)),
  component: BrowseScreen,
});
