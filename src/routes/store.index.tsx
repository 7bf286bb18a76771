import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { StoreScreen } from '@/features/store/store-screen';

export const Route = createFileRoute('/store/')({
  staticData: { title: msg`Store` },
  component: StoreScreen,
});
