import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '@/components/admin-only';
import { QueueScreen } from '@/features/admin/queue-screen';

export const Route = createFileRoute('/queue')({
  staticData: { title: msg`Queue`, catalog: 'lazy' },

  component: () => (
    <AdminOnly>
      <QueueScreen />
    </AdminOnly>
  ),
});
