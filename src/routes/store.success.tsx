import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResultPage } from '@/components/result-page';

export const Route = createFileRoute('/store/success')({
  staticData: { title: msg`Payment received` },
  component: () => <ResultPage result="success" />,
});
