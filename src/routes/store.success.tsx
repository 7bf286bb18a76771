import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { checkoutReturnSearch, ResultPage } from '@/components/result-page';

export const Route = createFileRoute('/store/success')({
  staticData: { title: msg`Payment received` },
  validateSearch: checkoutReturnSearch,
  component: function CheckoutSuccess() {
    const { session_id } = Route.useSearch();
    return <ResultPage result="success" sessionId={session_id} />;
  },
});
