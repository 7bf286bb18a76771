import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { FinishedText } from '@/features/reader/finished-text';
import { switchToLanguageOfText } from '@/features/reader/language-switch';
import { loadReaderPlace } from '@/features/reader/reader-loader';
import { ReaderScreen } from '@/features/reader/reader-screen';
import { usePreferences } from '@/stores/preferences';

const searchSchema = z.object({ page: z.catch(z.optional(z.int().check(z.minimum(0))), undefined) });

export const Route = createFileRoute('/reader/$id')({
  staticData: { title: msg`Reader` },

  params: {
    parse: ({ id }) => ({ id: z.coerce.number().check(z.int(), z.positive()).parse(id) }),
    stringify: ({ id }) => ({ id: String(id) }),
  },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: async ({ context, params, deps, preload }) => {
    const { targetLang, homeLang } = usePreferences.getState();
    const request = { contentId: params.id, page: deps.page, targetLang, homeLang, preload };
    const place = await loadReaderPlace(context.queryClient, request);
    if ('language' in place) {
      switchToLanguageOfText(place.language);
      throw redirect({ to: '/reader/$id', params: { id: params.id }, search: { page: deps.page } });
    }
    return place;
  },
  component: ReaderRoute,
});

function ReaderRoute() {
  const { id } = Route.useParams();
  const { page, finished, title, next } = Route.useLoaderData();
  const targetLang = usePreferences((s) => s.targetLang);
  const homeLang = usePreferences((s) => s.homeLang);
  if (finished) return <FinishedText contentId={id} title={title} next={next} />;
  return (
    <ReaderScreen key={`${id}-${page}`} targetLang={targetLang} homeLang={homeLang} contentId={id} pageId={page} />
  );
}
