import { Trans } from '@lingui/react/macro';
import { createRootRouteWithContext, Link } from '@tanstack/react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { loadCatalog } from '@/i18n/i18n';
import type { RouterContext } from '@/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  /** A screen loaded on demand brings its strings: they arrive with its code, before it renders. */
  beforeLoad: async ({ matches }) => {
    if (matches.some((match) => match.staticData.catalog === 'lazy')) await loadCatalog('lazy');
  },
  component: AppLayout,
  notFoundComponent: NotFound,
});

function NotFound() {
  return (
    <section className="page">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <Link to="/">
        <Trans>Back to the start page</Trans>
      </Link>
    </section>
  );
}
