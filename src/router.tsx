import type { MessageDescriptor } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { ErrorFallback } from './components/error-fallback';
import { PendingPage } from './components/pending-page';
import { routeTree } from './routeTree.gen';

export type RouterContext = { queryClient: QueryClient };

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: ErrorFallback,
    defaultPendingComponent: PendingPage,
    defaultPendingMs: 300,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The document title of the route's screen; a loader may name a better one as `title` in its data. */
    title?: MessageDescriptor;
    /** The route's screen uses strings of the catalog loaded on demand (lingui.config.ts): it waits for it. */
    catalog?: 'lazy';
  }
}
