import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/help')({
  staticData: { title: msg`Help` },
  component: PlaceholderPage,
});
