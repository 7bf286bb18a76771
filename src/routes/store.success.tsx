import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { ResultPage } from '@/components/result-page';

/** Stripe returns here with `?session_id=` naming the checkout (kept in the route: the page's code loads later). */
const checkoutReturnSearch = z.object({
  session_id: z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(200))), undefined),
});

export const Route = createFileRoute('/store/success')({
  staticData: { title: msg`Payment received` },
  validateSearch: checkoutReturnSearch,
  component: function CheckoutSuccess() {
    const { session_id } = Route.useSearch();
    return <ResultPage result="success" sessionId={session_id} />;
  },
});
