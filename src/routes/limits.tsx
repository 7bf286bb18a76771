import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LimitsPage } from '@/features/info/rewards-pages';

export const Route = createFileRoute('/limits')({
  staticData: { title: msg`Your limits`, catalog: 'lazy' },
  component: LimitsPage,
});
