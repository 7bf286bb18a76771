import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '@/components/admin-only';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/uploader')({
  staticData: { title: msg`Uploader` },

  component: () => (
    <AdminOnly>
      <PlaceholderPage />
    </AdminOnly>
  ),
});
