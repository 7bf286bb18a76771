import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useSession } from './layout/use-session';

/** Admin screens: others are told, not shown. The server refuses their calls with 403 as well. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.isAdmin) {
    return (
      <section className="page">
        <p role="alert">
          <Trans>This page is for admins only.</Trans>
        </p>
      </section>
    );
  }
  return children;
}
