import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResultPage } from '@/components/result-page';

export const Route = createFileRoute('/store/cancel')({
  staticData: { title: msg`Payment cancelled` },
  component: () => <ResultPage result="cancel" />,
});
