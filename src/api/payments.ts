import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BuyItemRequest, type PriceRequest, type Product, paymentEndpoints } from '@/contract/endpoints/payments';
import { refreshUserNow, storeUser } from './account';
import { ApiRequestError, fetchDetails } from './client';
import { notificationQueries } from './notifications';

/** Plans as the store lists them (spec §9): Pro first, myproduct hidden, a free price on Pro, prices ascending. */
export function arrangeProducts(products: readonly Product[]): Product[] {
  return products
    .filter((product) => product.name !== 'myproduct')
    .map((product) => {
      const prices =
        product.name === 'Pro' && !product.prices.some((price) => price.amount === 0)
          ? [...product.prices, { id: 'free', amount: 0, currency: 'usd', recurring: true }]
          : product.prices;
      return { ...product, prices: [...prices].sort((a, b) => a.amount - b.amount) };
    })
    .sort((a, b) => Number(b.name === 'Pro') - Number(a.name === 'Pro'));
}

export const paymentQueries = {
  all: () => ['payments'] as const,
  /** Whether this server takes card payments: a server setting, so asked once per visit. */
  settings: () =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'settings'],
      queryFn: ({ signal }) => fetchDetails(paymentEndpoints.paymentSettings, { signal }),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  products: () =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'products'],
      queryFn: async ({ signal }) => arrangeProducts(await fetchDetails(paymentEndpoints.products, { signal })),
      staleTime: 10 * 60_000,
    }),
};

/**
 * A card checkout of the plan or of a pack, with the discount codes the learner applied (checked again there). A
 * plan refused because Pro Gold already runs (bought in another tab, say) brings the learner's record up to date, so
 * the store shows the membership.
 */
export function useCheckout(kind: 'subscription' | 'token') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', kind],
    mutationFn: (request: PriceRequest) =>
      fetchDetails(kind === 'subscription' ? paymentEndpoints.subscriptionCheckout : paymentEndpoints.tokenCheckout, {
        body: request,
      }),
    onError: (error) => {
      if (error instanceof ApiRequestError && error.details[0]?.code === 'pro_active') void refreshUserNow(queryClient);
    },
  });
}

/** A page of the card provider's customer portal, where a Pro Gold member manages or cancels the subscription. */
export function useCustomerPortal() {
  return useMutation({
    mutationKey: ['payments', 'portal'],
    mutationFn: () => fetchDetails(paymentEndpoints.customerPortal),
  });
}

/**
 * The success page's request that the checkout be granted: the webhook may not have arrived yet; either way it is
 * granted once, and the header shows the answer's balances and Pro Gold at once.
 */
export function useFulfilCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'fulfil'],
    mutationFn: (sessionId: string) => fetchDetails(paymentEndpoints.fulfilCheckout, { body: { sessionId } }),
    onSuccess: (user) => {
      storeUser(queryClient, user);
      // The grant's notification ("Pro Gold is active until …") is new on the server.
      void queryClient.invalidateQueries({ queryKey: notificationQueries.all() });
    },
  });
}

export function useBuyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'buyItem'],
    mutationFn: (request: BuyItemRequest) => fetchDetails(paymentEndpoints.buyItem, { body: request }),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

/** Discount failures are ignored silently (spec §7): an invalid code simply is not applied. */
export function useCheckDiscount() {
  return useMutation({
    mutationKey: ['payments', 'discount'],
    meta: { silent: true },
    mutationFn: (discountCode: string) => fetchDetails(paymentEndpoints.checkDiscount, { body: { discountCode } }),
  });
}
