import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AdminOnly } from '@/components/admin-only';
import { UploaderScreen } from '@/features/admin/uploader-screen';

export const Route = createFileRoute('/uploader')({
  staticData: { title: msg`Uploader`, catalog: 'lazy' },

  component: () => (
    <AdminOnly>
      <UploaderScreen />
    </AdminOnly>
  ),
});
