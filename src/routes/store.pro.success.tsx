import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { checkoutReturnSearch, ResultPage } from '@/components/result-page';

export const Route = createFileRoute('/store/pro/success')({
  staticData: { title: msg`Welcome to Pro Gold` },
  validateSearch: checkoutReturnSearch,
  component: function CheckoutSuccess() {
    const { session_id } = Route.useSearch();
    return <ResultPage result="pro-success" sessionId={session_id} />;
  },
});
