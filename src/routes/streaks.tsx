import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { StreaksPage } from '@/features/info/rewards-pages';

export const Route = createFileRoute('/streaks')({
  staticData: { title: msg`Your streak`, catalog: 'lazy' },
  component: StreaksPage,
});
