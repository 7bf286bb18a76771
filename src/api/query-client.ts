import type { I18n } from '@lingui/core';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './client';
import { errorText } from './error-text';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The call shows its own failure: nothing is toasted. */
      silent?: boolean;
      /** Asked by the app, not by the learner: a failure says nothing, unless it is that the session has ended. */
      background?: boolean;
    };
    queryMeta: { silent?: boolean };
  }
}

/** Query keys whose data belongs to the logged-in learner: dropped at logout (the user itself becomes null). */
export const privateQueryRoots = [
  'words',
  'userPages',
  'videos',
  'notifications',
  'payments',
  'imports',
  'coverage',
  'progress',
  'flashcards',
] as const;

type QueryClientOptions = {
  i18n: I18n;
  notifyError: (text: string) => void;
  /** A call answered that the session is gone (expired, revoked): the app logs out. */
  onSessionEnded: () => void;
  retry?: boolean | undefined;
};

const endsSession = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 401 && error.details[0]?.code === 'unauthorized';

/**
 * Background and mutation errors become toasts here; a query that fails with nothing to show yet is
 * left to its route's error component. 4xx answers are not retried.
 */
export function createQueryClient({
  i18n,
  notifyError,
  onSessionEnded,
  retry = true,
}: QueryClientOptions): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (endsSession(error)) onSessionEnded();
        else if (query.state.data !== undefined && !query.meta?.silent) notifyError(errorText(error, i18n));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const sessionEnded = endsSession(error) && mutation.options.mutationKey?.[1] !== 'logout';
        if (sessionEnded) onSessionEnded();
        if (mutation.meta?.silent || (mutation.meta?.background && !sessionEnded)) return;
        notifyError(errorText(error, i18n));
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          retry && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
