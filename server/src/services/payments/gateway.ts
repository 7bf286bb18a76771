import type { Product } from '#contract/endpoints/payments.ts';

/** A price the store sells by card, with what a payment of it grants. */
export type SellablePrice = {
  id: string;
  productName: string;
  amount: number;
  currency: string;
  recurring: boolean;
  /** Diamonds a payment credits (a pack); null for the plan. */
  diamonds: number | null;
  /** Whether it is the Pro Gold plan. */
  pro: boolean;
};

export type CheckoutRequest = {
  price: SellablePrice;
  userId: number;
  email: string;
  successUrl: string;
  cancelUrl: string;
  /** The applied discount codes' total, checked by the server: 0 for none. */
  discountPercent: number;
};

/** A checkout session as fulfilment reads it; what the learner bought is in the metadata the server wrote. */
export type CheckoutState = {
  id: string;
  userId: number | undefined;
  priceId: string | undefined;
  diamonds: number;
  mode: 'payment' | 'subscription';
  paid: boolean;
  invoiceId: string | undefined;
  subscriptionId: string | undefined;
};

/** A paid (or not yet paid) invoice of the Pro Gold plan. */
export type InvoiceState = {
  id: string;
  userId: number | undefined;
  subscriptionId: string | undefined;
  priceId: string | undefined;
  paid: boolean;
  /** The end of the period it pays for. */
  periodEnd: Date | undefined;
};

export type SubscriptionState = {
  id: string;
  userId: number | undefined;
  status: string;
  /** When it ended (a deletion, or a cancellation now); undefined while it runs. */
  endedAt: Date | undefined;
};

/** What a verified webhook delivery says, reduced to what fulfilment acts on. */
export type PaymentEvent = { id: string; type: string; created: Date } & (
  | { kind: 'checkout'; checkout: CheckoutState }
  | { kind: 'invoice'; invoice: InvoiceState }
  | { kind: 'subscription'; subscription: SubscriptionState }
  | { kind: 'other' }
);

/** The card payment provider, behind the one interface the routes and fulfilment use. */
export type PaymentGateway = {
  /** The products and prices on sale, grouped as the contract lists them (cached for a few minutes). */
  products(): Promise<Product[]>;
  /** A price on sale by its id, undefined when the store does not sell it. */
  findPrice(priceId: string): Promise<SellablePrice | undefined>;
  /** Starts a hosted checkout: a subscription for the plan, a one-time payment for a pack. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A checkout session by id, undefined when the provider has none. */
  checkout(sessionId: string): Promise<CheckoutState | undefined>;
  /**
   * Ends a checkout session so it can no longer be paid: 'expired' once it cannot be (expired now or before, or
   * unknown), 'complete' when it was completed first (paid, or its payment under way).
   */
  expireCheckout(sessionId: string): Promise<'expired' | 'complete'>;
  invoice(invoiceId: string): Promise<InvoiceState>;
  /** A page of the provider's customer portal for the customer of a subscription, returning to `returnUrl`. */
  portal(request: { subscriptionId: string; returnUrl: string }): Promise<{ url: string }>;
  /** A webhook delivery verified against its signature header; throws when the signature does not hold. */
  verifyEvent(rawBody: Buffer, signature: string): PaymentEvent;
  /** Whether an error is the provider's own (unreachable, refusing, rate limiting), not ours. */
  isProviderError(error: unknown): boolean;
};
