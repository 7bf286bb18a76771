import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { refreshUserNow, userQueries } from '@/api/account';
import { StoreScreen } from '@/features/store/store-screen';

export const Route = createFileRoute('/store/')({
  staticData: { title: msg`Store`, catalog: 'lazy' },
  /** The store shows the server's balances (coins or diamonds may have come from elsewhere since the last refresh). */
  loader: async ({ context: { queryClient } }) => {
    await queryClient.ensureQueryData(userQueries.current());
    await refreshUserNow(queryClient);
  },
  component: StoreScreen,
});
