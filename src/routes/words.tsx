import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { z } from 'zod/mini';
import type { VocabularyFilters } from '@/api/vocabulary';
import { vocabularySorts } from '@/contract/entities';
import { loadVocabulary } from '@/features/vocabulary/vocabulary-loader';
import { VocabularyScreen } from '@/features/vocabulary/vocabulary-screen';

/** The list's filters live in the address (a reload or the back button keeps them); the defaults are left out. */
const searchSchema = z.object({
  levels: z.catch(z.optional(z.array(z.int().check(z.minimum(0), z.maximum(4)))), undefined),
  q: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
  sort: z.catch(z.optional(z.enum(vocabularySorts)), undefined),
  family: z.catch(z.optional(z.boolean()), undefined),
  phrases: z.catch(z.optional(z.boolean()), undefined),
});

type WordsSearch = z.infer<typeof searchSchema>;

const filtersOf = ({ levels, q, sort, family, phrases }: WordsSearch): VocabularyFilters => ({
  levels: levels ?? [],
  q: q ?? '',
  sort: sort ?? 'recent',
  family: family === true,
  phrases: phrases === true,
});

const searchOf = ({ levels, q, sort, family, phrases }: VocabularyFilters): WordsSearch => ({
  levels: levels.length > 0 ? [...levels] : undefined,
  q: q || undefined,
  sort: sort === 'recent' ? undefined : sort,
  family: family ? true : undefined,
  phrases: phrases ? true : undefined,
});

export const Route = createFileRoute('/words')({
  staticData: { title: msg`Words`, catalog: 'lazy' },
  validateSearch: searchSchema,
  // The list's loader travels with its screen: none of its code is in the first load of another page.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search: { levels, q, sort, family, phrases } }) => ({ levels, q, sort, family, phrases }),
  loader: ({ context, deps }) => loadVocabulary(context.queryClient, filtersOf(deps)),
  component: WordsRoute,
});

function WordsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const filters = useMemo(
    () =>
      filtersOf({
        levels: search.levels,
        q: search.q,
        sort: search.sort,
        family: search.family,
        phrases: search.phrases,
      }),
    [search.levels, search.q, search.sort, search.family, search.phrases],
  );
  const onFiltersChange = useCallback(
    (change: Partial<VocabularyFilters>) =>
      navigate({ search: (before) => searchOf({ ...filtersOf(before), ...change }), replace: true }),
    [navigate],
  );
  return <VocabularyScreen filters={filters} onFiltersChange={onFiltersChange} />;
}
