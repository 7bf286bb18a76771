import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A price the fake sells, as Stripe's dashboard would hold it. */
export type FakePrice = {
  id: string;
  product: string;
  amount: number;
  recurring?: boolean;
  metadata?: Record<string, string>;
};

type Json = Record<string, unknown>;
type Session = Json & { id: string; mode: string; metadata: Record<string, string>; line_items: string[] };

export const fakeStripeKeys = { secretKey: 'sk_test_folio_fake', webhookSecret: 'whsec_folio_fake' } as const;

/** The store's products as the tests sell them: the plan named Pro, and the spec's diamond packs. */
export const fakeCatalogue: FakePrice[] = [
  { id: 'price_fake_pro', product: 'Pro', amount: 999, recurring: true },
  ...[
    [249, 100],
    [999, 500],
    [1799, 1000],
    [3499, 2500],
    [5499, 5000],
  ].map(([amount, diamonds]) => ({
    id: `price_fake_diamonds_${diamonds}`,
    product: 'Diamonds',
    amount: amount ?? 0,
    metadata: { diamonds: String(diamonds) },
  })),
];

/** Stripe's form encoding (`a[b][0][c]=v`) read back into objects and arrays. */
export function decodeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const DAY = 86_400;

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * A local stand-in for the part of Stripe's API the server calls, in Stripe's own shapes, driven by the official
 * SDK pointed at it (STRIPE_API_URL): prices with their products, checkout sessions, invoices, coupons. Its hosted
 * checkout page (`/pay/:id`) has a Pay button: paying completes the session, signs its events with the webhook
 * secret and posts them to `webhookUrl`, then returns to the session's success URL, as Stripe does. Tests also
 * complete, renew and cancel by hand and deliver the events themselves.
 */
export async function startFakeStripe(options: { prices?: FakePrice[]; webhookUrl?: string; port?: number } = {}) {
  const prices = options.prices ?? fakeCatalogue;
  const sessions = new Map<string, Session>();
  const invoices = new Map<string, Json>();
  const subscriptions = new Map<
    string,
    Json & { id: string; metadata: Record<string, string>; price: string; periodEnd: number; customer: string }
  >();
  const coupons = new Map<string, Json>();
  const portals = new Map<string, { id: string; customer: string; return_url: string; url: string }>();
  const created: Json[] = [];
  const signer = new Stripe(fakeStripeKeys.secretKey);
  let reachable = true;
  /** Sessions whose expiry Stripe refuses for now (as a failure would), though they are open. */
  const unexpirable = new Set<string>();

  const priceObject = (price: FakePrice) => ({
    id: price.id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: price.amount,
    type: price.recurring ? 'recurring' : 'one_time',
    recurring: price.recurring ? { interval: 'month', interval_count: 1 } : null,
    metadata: price.metadata ?? {},
    product: {
      id: `prod_fake_${price.product.toLowerCase()}`,
      object: 'product',
      active: true,
      name: price.product,
      metadata: {},
    },
  });

  const invoiceFor = (subscriptionId: string, start: number): Json => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const end = start + 30 * DAY;
    subscription.periodEnd = end;
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        data: [{ period: { start, end }, pricing: { price_details: { price: subscription.price, product: 'Pro' } } }],
      },
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  /** A signed event, as a webhook delivery carries it: the body and its `stripe-signature` header. */
  const event = (type: string, object: Json, at = new Date()) => {
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(at),
      type,
      data: { object },
    });
    return {
      type,
      payload,
      signature: signer.webhooks.generateTestHeaderString({ payload, secret: fakeStripeKeys.webhookSecret }),
    };
  };
  type Delivery = ReturnType<typeof event>;

  const deliver = async (deliveries: Delivery[]) => {
    if (!options.webhookUrl) return;
    for (const delivery of deliveries) {
      await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        body: delivery.payload,
      });
    }
  };

  /** The card was accepted: the session completes (a subscription starts, its first invoice paid). */
  const complete = (sessionId: string, at = new Date()): Delivery[] => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${String(session.status)}`);
    Object.assign(session, { status: 'complete', payment_status: 'paid' });
    if (session.mode !== 'subscription') return [event('checkout.session.completed', session, at)];
    const subscriptionId = newId('sub');
    const customer = newId('cus');
    const metadata = (session.subscription_data as { metadata?: Record<string, string> } | undefined)?.metadata ?? {};
    subscriptions.set(subscriptionId, {
      id: subscriptionId,
      object: 'subscription',
      status: 'active',
      customer,
      metadata,
      price: session.line_items[0] ?? '',
      periodEnd: 0,
      ended_at: null,
    });
    const invoice = invoiceFor(subscriptionId, seconds(at));
    Object.assign(session, { subscription: subscriptionId, invoice: invoice.id, customer });
    return [event('checkout.session.completed', session, at), event('invoice.paid', invoice, at)];
  };

  /** The learner cancels now: the subscription ends and `customer.subscription.deleted` says so. */
  const cancel = (subscriptionId: string, at = new Date()): Delivery => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    Object.assign(subscription, { status: 'canceled', ended_at: seconds(at) });
    return event('customer.subscription.deleted', subscription, at);
  };

  const server: Server = createServer(async (request, response) => {
    if (!reachable) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake.stripe');
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const missing = (what: string) =>
      send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });
    const body = request.method === 'POST' ? await readBody(request) : '';
    const parts = url.pathname.split('/').filter(Boolean);

    if (url.pathname === '/health') return send(200, { ok: true });
    // The hosted checkout page: Pay completes the session, delivers its events and goes back to the store.
    if (parts[0] === 'pay' && parts[1]) {
      const session = sessions.get(parts[1]);
      if (!session) return missing('checkout session');
      if (session.status !== 'open') {
        // As Stripe's page: an expired (or finished) session cannot be paid.
        response.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><main><h1>This checkout has expired</h1>` +
            `<a href="${String(session.cancel_url)}">Back</a></main></html>`,
        );
        return;
      }
      if (request.method === 'POST') {
        await deliver(complete(session.id));
        const success = String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id);
        response.writeHead(303, { location: success }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>Fake Stripe Checkout</title><main><h1>Fake Stripe Checkout</h1>` +
          `<form method="post"><button type="submit">Pay</button></form>` +
          `<a href="${String(session.cancel_url)}">Cancel</a></main></html>`,
      );
      return;
    }
    // The hosted customer portal: Cancel subscription ends the customer's subscriptions now, as Stripe's does.
    if (parts[0] === 'portal' && parts[1]) {
      const portal = portals.get(parts[1]);
      if (!portal) return missing('portal session');
      if (request.method === 'POST') {
        const running = [...subscriptions.values()].filter(
          (subscription) => subscription.customer === portal.customer && subscription.status !== 'canceled',
        );
        await deliver(running.map((subscription) => cancel(subscription.id)));
        response.writeHead(303, { location: portal.return_url }).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>Fake Stripe Portal</title><main><h1>Fake Stripe Portal</h1>` +
          `<form method="post"><button type="submit">Cancel subscription</button></form>` +
          `<a href="${portal.return_url}">Return</a></main></html>`,
      );
      return;
    }
    if (request.headers.authorization !== `Bearer ${fakeStripeKeys.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (parts[0] !== 'v1') return missing('route');
    const [, resource, id] = parts;
    if (resource === 'prices' && request.method === 'GET') {
      return send(200, { object: 'list', url: '/v1/prices', has_more: false, data: prices.map(priceObject) });
    }
    if (resource === 'checkout' && parts[2] === 'sessions') {
      const sessionId = parts[3];
      if (request.method === 'GET' && sessionId) {
        const session = sessions.get(sessionId);
        return session ? send(200, session) : missing('checkout session');
      }
      if (request.method === 'POST' && sessionId && parts[4] === 'expire') {
        const session = sessions.get(sessionId);
        if (!session) return missing('checkout session');
        if (session.status !== 'open') {
          const message = `Only Checkout Sessions with a status in ["open"] can be expired. This session has status "${String(session.status)}".`;
          return send(400, { error: { type: 'invalid_request_error', message } });
        }
        if (unexpirable.has(sessionId)) {
          const message = 'This Checkout Session cannot be expired right now.';
          return send(400, { error: { type: 'invalid_request_error', message } });
        }
        Object.assign(session, { status: 'expired' });
        return send(200, session);
      }
      const form = decodeForm(body);
      const lineItems = (form.line_items as { price: string }[] | undefined) ?? [];
      const session: Session = {
        id: newId('cs_test'),
        object: 'checkout.session',
        mode: String(form.mode),
        status: 'open',
        payment_status: 'unpaid',
        client_reference_id: form.client_reference_id ?? null,
        customer_email: form.customer_email ?? null,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        subscription_data: form.subscription_data,
        discounts: form.discounts ?? [],
        line_items: lineItems.map((item) => item.price),
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        invoice: null,
        subscription: null,
        url: '',
      };
      session.url = `http://${request.headers.host}/pay/${session.id}`;
      sessions.set(session.id, session);
      created.push(session);
      return send(200, session);
    }
    if (resource === 'subscriptions' && id && request.method === 'GET') {
      const subscription = subscriptions.get(id);
      return subscription ? send(200, subscription) : missing('subscription');
    }
    if (resource === 'billing_portal' && parts[2] === 'sessions' && request.method === 'POST') {
      const form = decodeForm(body);
      const id = newId('bps');
      const portal = {
        id,
        customer: String(form.customer),
        return_url: String(form.return_url),
        url: `http://${request.headers.host}/portal/${id}`,
      };
      portals.set(id, portal);
      return send(200, { object: 'billing_portal.session', ...portal });
    }
    if (resource === 'invoices' && id) {
      const invoice = invoices.get(id);
      return invoice ? send(200, invoice) : missing('invoice');
    }
    if (resource === 'coupons') {
      if (request.method === 'GET' && id) {
        const coupon = coupons.get(id);
        return coupon ? send(200, coupon) : missing('coupon');
      }
      const form = decodeForm(body);
      const coupon = {
        object: 'coupon',
        ...form,
        id: String(form.id ?? newId('co')),
        percent_off: Number(form.percent_off),
      };
      coupons.set(coupon.id, coupon);
      return send(200, coupon);
    }
    return missing('route');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    /** Every checkout session created, in order, as the server asked for it. */
    sessions: created,
    /** The customer portal sessions created, by id. */
    portals,
    coupons,
    complete,
    /** The next period of a subscription is paid: its invoice and the `invoice.paid` event. */
    renew: (subscriptionId: string, at = new Date()) => {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      return event('invoice.paid', invoiceFor(subscriptionId, subscription.periodEnd), at);
    },
    cancel,
    /** The subscription's status changes (a failed renewal: `past_due`, then `unpaid`). */
    update: (subscriptionId: string, status: string, at = new Date()) => {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
      Object.assign(subscription, { status });
      return event('customer.subscription.updated', { ...subscription }, at);
    },
    /**
     * The session is completed with a delayed payment method (a bank debit): no longer open, not yet paid. Answers
     * the delivery of its payment's failure, for when it fails.
     */
    completeUnpaid: (sessionId: string, at = new Date()) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
      return event('checkout.session.async_payment_failed', session, at);
    },
    /** The session's time is up, as Stripe expires an unpaid session after a day. */
    expire: (sessionId: string) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      Object.assign(session, { status: 'expired' });
    },
    /** Stripe refuses to expire this open session (true) or expires it again (false). */
    refuseExpiry: (sessionId: string, refused = true) => {
      if (refused) unexpirable.add(sessionId);
      else unexpirable.delete(sessionId);
    },
    /** An event signed with another secret, as a forger would send it. */
    forged: (type: string, object: Json) => {
      const payload = JSON.stringify({
        id: newId('evt'),
        object: 'event',
        created: seconds(new Date()),
        type,
        data: { object },
      });
      return {
        type,
        payload,
        signature: signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_forged' }),
      };
    },
    deliver,
    down: () => {
      reachable = false;
    },
    up: () => {
      reachable = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
