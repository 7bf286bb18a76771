import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyItemRequest } from '@/contract/endpoints';
import type { Product } from '@/contract/entities';
import { storeUser } from './account';
import { fetchDetails } from './client';

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
  products: () =>
    queryOptions({
      queryKey: [...paymentQueries.all(), 'products'],
      queryFn: async ({ signal }) => arrangeProducts(await fetchDetails('products', { signal })),
      staleTime: 10 * 60_000,
    }),
};

export function useSubscriptionCheckout() {
  return useMutation({
    mutationKey: ['payments', 'subscription'],
    mutationFn: (priceId: string) => fetchDetails('subscriptionCheckout', { body: { priceId } }),
  });
}

export function useTokenCheckout() {
  return useMutation({
    mutationKey: ['payments', 'token'],
    mutationFn: (priceId: string) => fetchDetails('tokenCheckout', { body: { priceId } }),
  });
}

export function useBuyItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'buyItem'],
    mutationFn: (request: BuyItemRequest) => fetchDetails('buyItem', { body: request }),
    onSuccess: (user) => storeUser(queryClient, user),
  });
}

/** Discount failures are ignored silently (spec §7): an invalid code simply is not applied. */
export function useCheckDiscount() {
  return useMutation({
    mutationKey: ['payments', 'discount'],
    meta: { silent: true },
    mutationFn: (discountCode: string) => fetchDetails('checkDiscount', { body: { discountCode } }),
  });
}
