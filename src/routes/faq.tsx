import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '@/features/info/faq-page';

export const Route = createFileRoute('/faq')({
  staticData: { title: msg`FAQ`, catalog: 'lazy' },
  component: FaqPage,
});
