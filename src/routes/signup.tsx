import { msg } from '@lingui/core/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { userQueries } from '@/api/account';
import { SignupForm } from '@/features/account/signup-form';

export const Route = createFileRoute('/signup')({
  staticData: { title: msg`Sign up`, catalog: 'lazy' },

  beforeLoad: async ({ context }) => {
    if (await context.queryClient.ensureQueryData(userQueries.current())) throw redirect({ to: '/' });
  },
  component: SignupForm,
});
