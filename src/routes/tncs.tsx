import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/info/terms-page';

export const Route = createFileRoute('/tncs')({
  staticData: { title: msg`Terms and conditions`, catalog: 'lazy' },
  component: TermsPage,
});
