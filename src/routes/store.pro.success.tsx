import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ResultPage } from '@/components/result-page';

export const Route = createFileRoute('/store/pro/success')({
  staticData: { title: msg`Welcome to Pro Gold` },
  component: () => <ResultPage result="pro-success" />,
});
