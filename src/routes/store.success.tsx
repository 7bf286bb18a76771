import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResultPage } from '@/components/result-page';

/** Stripe returns here with `?session_id=` naming the checkout (kept in the route: the page's code loads later). */
const checkoutReturnSearch = z.object({ session_id: z.string().min(1).max(200).optional().catch(undefined) });

export const Route = createFileRoute('/store/success')({
  staticData: { title: msg`Payment received` },
  validateSearch: checkoutReturnSearch,
  component: function CheckoutSuccess() {
    const { session_id } = Route.useSearch();
    return <ResultPage result="success" sessionId={session_id} />;
  },
});
