/**
 * Stripe through its official SDK, the one implementation of the payment gateway. The server imports this module
 * only when Stripe is configured: the SDK would hold memory in a server that sells nothing by card.
 */
import Stripe from 'stripe';
import type { Product } from '#contract/endpoints/payments.ts';
import type {
  CheckoutState,
  InvoiceState,
  PaymentEvent,
  PaymentGateway,
  SellablePrice,
  SubscriptionState,
} from './gateway.ts';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another address speaking Stripe's API (the tests' fake): Stripe's own when unset. */
  apiUrl?: string | undefined;
  clock?: () => Date;
  /** How long the catalogue is kept before Stripe is asked again. */
  cacheMs?: number;
};

const metadataKeys = { userId: 'folioUserId', priceId: 'folioPriceId', diamonds: 'folioDiamonds' } as const;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

const numberOrUndefined = (value: string | null | undefined) => {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** A price of Stripe's list as the store sells it: the plan is the product named Pro, a pack carries `diamonds`. */
function toSellable(price: Stripe.Price): SellablePrice | undefined {
  const product = price.product;
  if (typeof product === 'string' || product.deleted || !product.active || price.unit_amount === null) return undefined;
  const diamonds = numberOrUndefined(price.metadata.diamonds ?? product.metadata.diamonds) ?? null;
  return {
    id: price.id,
    productName: product.name,
    amount: price.unit_amount,
    currency: price.currency,
    recurring: price.type === 'recurring',
    diamonds,
    pro: product.name === 'Pro' && price.type === 'recurring',
  };
}

function toCheckout(session: Stripe.Checkout.Session): CheckoutState {
  return {
    id: session.id,
    userId: numberOrUndefined(session.client_reference_id ?? session.metadata?.[metadataKeys.userId]),
    priceId: session.metadata?.[metadataKeys.priceId],
    diamonds: numberOrUndefined(session.metadata?.[metadataKeys.diamonds]) ?? 0,
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    paid:
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'),
    invoiceId: idOf(session.invoice),
    subscriptionId: idOf(session.subscription),
  };
}

function toInvoice(invoice: Stripe.Invoice): InvoiceState {
  const details = invoice.parent?.subscription_details;
  const ends = invoice.lines.data.map((line) => line.period.end);
  const line = invoice.lines.data[0];
  return {
    id: invoice.id ?? '',
    userId: numberOrUndefined(details?.metadata?.[metadataKeys.userId]),
    subscriptionId: idOf(details?.subscription),
    priceId: idOf(line?.pricing?.price_details?.price),
    paid: invoice.status === 'paid',
    periodEnd: ends.length ? new Date(Math.max(...ends) * 1000) : undefined,
  };
}

function toSubscription(subscription: Stripe.Subscription): SubscriptionState {
  return {
    id: subscription.id,
    userId: numberOrUndefined(subscription.metadata[metadataKeys.userId]),
    status: subscription.status,
    endedAt: subscription.ended_at ? new Date(subscription.ended_at * 1000) : undefined,
  };
}

function toEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type, created: new Date(event.created * 1000) };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'checkout', checkout: toCheckout(event.data.object) };
    case 'invoice.paid':
      return { ...base, kind: 'invoice', invoice: toInvoice(event.data.object) };
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: toSubscription(event.data.object) };
    default:
      return { ...base, kind: 'other' };
  }
}

/** Stripe through its official SDK; `apiUrl` points it at another host (the tests' fake Stripe). */
export function stripeGateway(settings: StripeSettings): PaymentGateway {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    ...(url
      ? {
          host: url.hostname,
          port: url.port || (url.protocol === 'https:' ? 443 : 80),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  const clock = settings.clock ?? (() => new Date());
  const cacheMs = settings.cacheMs ?? 5 * 60_000;
  let cached: { at: number; prices: Promise<SellablePrice[]> } | undefined;

  const sellable = (): Promise<SellablePrice[]> => {
    const now = clock().getTime();
    if (!cached || now - cached.at > cacheMs) {
      const prices = (async () => {
        const list = await stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] });
        return list.data.flatMap((price) => toSellable(price) ?? []);
      })();
      cached = { at: now, prices };
      // A failed fetch is not kept: the next call asks again.
      prices.catch(() => {
        if (cached?.prices === prices) cached = undefined;
      });
    }
    return cached.prices;
  };

  /** One coupon per percentage, made on first use: Checkout takes one discount, the codes' total. */
  const couponFor = async (percent: number): Promise<string> => {
    const id = `folio-${percent}-off`;
    try {
      await stripe.coupons.retrieve(id);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
      await stripe.coupons.create({ id, percent_off: percent, duration: 'once', name: `${percent}% off` });
    }
    return id;
  };

  return {
    async products() {
      const products = new Map<string, Product>();
      for (const price of await sellable()) {
        const product = products.get(price.productName) ?? {
          id: price.productName,
          name: price.productName,
          prices: [],
        };
        product.prices.push({
          id: price.id,
          amount: price.amount,
          currency: price.currency,
          recurring: price.recurring,
        });
        products.set(price.productName, product);
      }
      return [...products.values()];
    },
    async findPrice(priceId) {
      return (await sellable()).find((price) => price.id === priceId);
    },
    async createCheckout({ price, userId, email, successUrl, cancelUrl, discountPercent }) {
      const metadata = {
        [metadataKeys.userId]: String(userId),
        [metadataKeys.priceId]: price.id,
        ...(price.diamonds ? { [metadataKeys.diamonds]: String(price.diamonds) } : {}),
      };
      const session = await stripe.checkout.sessions.create({
        mode: price.pro ? 'subscription' : 'payment',
        line_items: [{ price: price.id, quantity: 1 }],
        client_reference_id: String(userId),
        customer_email: email,
        metadata,
        ...(price.pro ? { subscription_data: { metadata } } : {}),
        ...(discountPercent > 0 ? { discounts: [{ coupon: await couponFor(discountPercent) }] } : {}),
        success_url: successUrl,
        cancel_url: cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return { id: session.id, url: session.url };
    },
    async checkout(sessionId) {
      try {
        return toCheckout(await stripe.checkout.sessions.retrieve(sessionId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return undefined;
        throw error;
      }
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return 'expired';
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        if (error.statusCode === 404) return 'expired';
        // Only an open session can be expired: what it is now says why this one could not.
        const { status } = await stripe.checkout.sessions.retrieve(sessionId);
        if (status === 'open') throw error;
        return status === 'complete' ? 'complete' : 'expired';
      }
    },
    async invoice(invoiceId) {
      return toInvoice(await stripe.invoices.retrieve(invoiceId));
    },
    async portal({ subscriptionId, returnUrl }) {
      const customer = idOf((await stripe.subscriptions.retrieve(subscriptionId)).customer);
      if (!customer) throw new Error('Stripe answered a subscription without a customer');
      const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return { url: session.url };
    },
    verifyEvent(rawBody, signature) {
      return toEvent(stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret));
    },
    isProviderError: (error) => error instanceof Stripe.errors.StripeError,
  };
}
