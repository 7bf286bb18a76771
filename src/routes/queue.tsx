import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '@/components/admin-only';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/queue')({
  staticData: { title: msg`Queue` },

  component: () => (
    <AdminOnly>
      <PlaceholderPage />
    </AdminOnly>
  ),
});
