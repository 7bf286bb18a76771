import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '@/components/admin-only';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/queue')({
  component: () => (
    <AdminOnly>
      <PlaceholderPage />
    </AdminOnly>
  ),
});
