import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PlaceholderPage } from '@/components/placeholder-page';

export const Route = createFileRoute('/profile')({
  staticData: { title: msg`Profile` },
  component: PlaceholderPage,
});
