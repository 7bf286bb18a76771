import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { userQueries } from '@/api/account';
import { loadNewWords } from '@/features/learn/learn-loader';
import { LearnScreen } from '@/features/learn/learn-screen';
import { usePreferences } from '@/stores/preferences';

export const Route = createFileRoute('/learn/$id')({
  staticData: { title: msg`Learn these words`, catalog: 'lazy' },
  // The list's loader travels with its screen: none of its code is in the first load of another page.
  codeSplitGroupings: [['loader', 'component']],

  params: {
    parse: ({ id }) => ({ id: z.coerce.number().check(z.int(), z.positive()).parse(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  // A learner's words: a visitor has none to learn here.
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.ensureQueryData(userQueries.current()))) throw redirect({ to: '/login' });
  },
  loader: async ({ context, params, preload }) => {
    const language = usePreferences.getState().targetLang;
    const { title } = await loadNewWords(context.queryClient, { contentId: params.id, language, preload });
    return { language, title };
  },
  component: LearnRoute,
});

function LearnRoute() {
  const { id } = Route.useParams();
  const { language, title } = Route.useLoaderData();
  return <LearnScreen key={`${language}-${id}`} contentId={id} language={language} title={title} />;
}
