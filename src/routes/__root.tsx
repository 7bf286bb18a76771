import { Trans } from '@lingui/react/macro';
import { createRootRouteWithContext, Link } from '@tanstack/react-router';
import { AppLayout } from '@/components/layout/app-layout';
import type { RouterContext } from '@/router';

export const Route = createRootRouteWithContext<RouterContext>()({
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
