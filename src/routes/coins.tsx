import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CoinsPage } from '@/features/info/rewards-pages';

export const Route = createFileRoute('/coins')({
  staticData: { title: msg`Coins and diamonds`, catalog: 'lazy' },
  component: CoinsPage,
});
