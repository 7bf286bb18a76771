import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { userQueries } from '@/api/account';
import { LoginForm } from '@/features/account/login-form';

export const Route = createFileRoute('/login')({
  staticData: { title: msg`Log in`, catalog: 'lazy' },

  beforeLoad: async ({ context }) => {
    if (await context.queryClient.ensureQueryData(userQueries.current())) throw redirect({ to: '/' });
  },
  component: LoginForm,
});
