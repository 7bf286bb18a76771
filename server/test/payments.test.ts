import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '#contract/endpoints.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/envelope.ts';
import { grantToUser } from '../src/db/queries/account.ts';
import { stripeGateway } from '../src/services/payments/stripe.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { type FakeStripe, fakeStripeKeys, startFakeStripe } from './fake-stripe.ts';
import { authed, signupLearner } from './helpers.ts';

let stripe: FakeStripe;
let app: TestApp;
let ip = 0;

beforeAll(async () => {
  stripe = await startFakeStripe();
  app = await buildTestApp({ payments: stripeGateway({ ...fakeStripeKeys, apiUrl: stripe.apiUrl }) });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const learner = () => signupLearner(app, `10.7.0.${++ip}`);

async function me(token: string) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/refresh', headers: authed(token) });
  return envelopeSchema(endpoints.refresh.details).parse(response.json()).details;
}

async function notificationCodes(token: string) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/notifications', headers: authed(token) });
  return envelopeSchema(endpoints.notifications.details)
    .parse(response.json())
    .details.map((notification) => notification.code);
}

function checkout(token: string, path: 'token' | 'subscription', body: object) {
  return app.inject({ method: 'POST', url: `/api/v1/payment/${path}`, headers: authed(token), payload: body });
}

async function startCheckout(token: string, path: 'token' | 'subscription', priceId: string) {
  const response = await checkout(token, path, { priceId });
  expect(response.statusCode, response.body).toBe(200);
  return envelopeSchema(endpoints.tokenCheckout.details).parse(response.json()).details;
}

function webhook(delivery: { payload: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    payload: delivery.payload,
  });
}

function fulfil(token: string, sessionId: string) {
  return app.inject({ method: 'POST', url: '/api/v1/payment/fulfil', headers: authed(token), payload: { sessionId } });
}

describe('the catalogue from Stripe', () => {
  it("lists Stripe's products and prices in the contract's shape", async () => {
    const token = await learner();
    const response = await app.inject({ method: 'GET', url: '/api/v1/payment/products', headers: authed(token) });
    const products = envelopeSchema(endpoints.products.details).parse(response.json()).details;
    expect(products.find((product) => product.name === 'Pro')?.prices).toEqual([
      { id: 'price_fake_pro', amount: 999, currency: 'usd', recurring: true },
    ]);
    expect(products.find((product) => product.name === 'Diamonds')?.prices.map((price) => price.amount)).toEqual([
      249, 999, 1799, 3499, 5499,
    ]);
  });

  it('says card payments are on', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/payment/settings' });
    expect(response.json().details).toEqual({ cardPayments: true });
  });
});

describe('checkout', () => {
  it('starts a hosted checkout tied to the learner, returning to the store', async () => {
    const token = await learner();
    const session = await startCheckout(token, 'token', 'price_fake_diamonds_500');
    expect(session.url).toBe(`${stripe.apiUrl}/pay/${session.sessionId}`);
    const created = stripe.sessions.at(-1);
    expect(created).toMatchObject({
      mode: 'payment',
      line_items: ['price_fake_diamonds_500'],
      client_reference_id: expect.stringMatching(/^\d+$/),
      metadata: { folioDiamonds: '500', folioPriceId: 'price_fake_diamonds_500' },
      success_url: 'http://localhost:80/store/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:80/store/cancel',
    });
  });

  it('starts Pro Gold as a subscription whose renewals name the learner', async () => {
    const token = await learner();
    await startCheckout(token, 'subscription', 'price_fake_pro');
    const created = stripe.sessions.at(-1);
    expect(created).toMatchObject({ mode: 'subscription', success_url: expect.stringContaining('/store/pro/success') });
    expect(created?.subscription_data).toEqual({ metadata: created?.metadata });
  });

  it('refuses a price not in the catalogue, and a pack bought as a subscription, with 400', async () => {
    const token = await learner();
    for (const [path, priceId] of [
      ['token', 'price_made_up'],
      ['subscription', 'price_fake_diamonds_100'],
      ['token', 'price_fake_pro'],
    ] as const) {
      const response = await checkout(token, path, { priceId });
      expect(response.statusCode).toBe(400);
      expect(errorEnvelopeSchema.parse(response.json()).details[0]?.error).toBe('This price is not in the store');
    }
  });

  it('checks the applied discount codes again and takes their total off as one coupon', async () => {
    const token = await learner();
    const before = stripe.sessions.length;
    const refused = await checkout(token, 'token', { priceId: 'price_fake_diamonds_100', discountCodes: ['NOPE'] });
    expect(refused.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(refused.json()).details[0]?.code).toBe('discount_invalid');
    expect(stripe.sessions).toHaveLength(before);
    const response = await checkout(token, 'token', {
      priceId: 'price_fake_diamonds_100',
      discountCodes: ['read10', 'FOLIO20'],
    });
    expect(response.statusCode).toBe(200);
    expect(stripe.sessions.at(-1)?.discounts).toEqual([{ coupon: 'folio-30-off' }]);
    expect(stripe.coupons.get('folio-30-off')).toMatchObject({ percent_off: 30, duration: 'once' });
  });

  it('answers 503 when Stripe cannot be reached', async () => {
    const token = await learner();
    stripe.down();
    try {
      const response = await checkout(token, 'token', { priceId: 'price_fake_diamonds_100' });
      expect(response.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('payments_unavailable');
    } finally {
      stripe.up();
    }
  });
});

describe('fulfilment', () => {
  it('grants a diamond pack once for the same event five times and the success page', async () => {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'token', 'price_fake_diamonds_500');
    const [completed] = stripe.complete(sessionId);
    if (!completed) throw new Error('no event');
    for (let delivery = 0; delivery < 5; delivery++) expect((await webhook(completed)).statusCode).toBe(200);
    expect((await fulfil(token, sessionId)).statusCode).toBe(200);
    expect((await me(token)).diamondAmount).toBe(500);
    expect((await notificationCodes(token)).filter((code) => code === 'diamonds_added')).toHaveLength(1);
  });

  it('grants on the success page first, and not again when the webhook arrives', async () => {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'token', 'price_fake_diamonds_100');
    const [completed] = stripe.complete(sessionId);
    const answer = await fulfil(token, sessionId);
    expect(envelopeSchema(endpoints.fulfilCheckout.details).parse(answer.json()).details.diamondAmount).toBe(100);
    if (completed) await webhook(completed);
    expect((await me(token)).diamondAmount).toBe(100);
  });

  it("grants nothing for a checkout not paid yet, and 404 for another learner's", async () => {
    const token = await learner();
    const other = await learner();
    const { sessionId } = await startCheckout(token, 'token', 'price_fake_diamonds_100');
    expect((await fulfil(token, sessionId)).statusCode).toBe(200);
    expect((await me(token)).diamondAmount).toBe(0);
    stripe.complete(sessionId);
    expect((await fulfil(other, sessionId)).statusCode).toBe(404);
    expect((await me(other)).diamondAmount).toBe(0);
  });

  it('refuses a forged or unsigned event with 400 and grants nothing', async () => {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'token', 'price_fake_diamonds_100');
    const [completed] = stripe.complete(sessionId);
    if (!completed) throw new Error('no event');
    const forged = stripe.forged('checkout.session.completed', JSON.parse(completed.payload).data.object);
    expect((await webhook(forged)).statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: completed.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await webhook({ ...completed, payload: completed.payload.replace('100', '5000') })).statusCode).toBe(400);
    expect((await me(token)).diamondAmount).toBe(0);
  });

  it('starts Pro Gold until the period end with 500 words and its extra videos, once, whichever event comes first', async () => {
    const token = await learner();
    const before = await me(token);
    const { sessionId } = await startCheckout(token, 'subscription', 'price_fake_pro');
    const [completed, paid] = stripe.complete(sessionId);
    if (!completed || !paid) throw new Error('no events');
    for (const delivery of [paid, completed, paid, completed]) expect((await webhook(delivery)).statusCode).toBe(200);
    await fulfil(token, sessionId);
    const after = await me(token);
    const periodEnd = JSON.parse(paid.payload).data.object.lines.data[0].period.end * 1000;
    expect(after.pro.endDate).toBe(new Date(periodEnd).toISOString());
    expect(after.wordLimit).toBe(before.wordLimit + 500);
    expect(after.videoLimit).toBe(before.videoLimit + 2);
    expect((await notificationCodes(token)).filter((code) => code === 'pro_gold_active')).toHaveLength(1);
  });

  it('extends Pro Gold with 500 words per renewal (the videos come with each cycle) and ends it when deleted', async () => {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'subscription', 'price_fake_pro');
    for (const delivery of stripe.complete(sessionId)) await webhook(delivery);
    const first = await me(token);
    const subscriptionId = stripe.sessions.find((session) => session.id === sessionId)?.subscription as string;
    const renewal = stripe.renew(subscriptionId);
    await webhook(renewal);
    await webhook(renewal);
    const renewed = await me(token);
    expect(new Date(renewed.pro.endDate ?? 0).getTime() - new Date(first.pro.endDate ?? 0).getTime()).toBe(
      30 * 86_400_000,
    );
    expect(renewed.wordLimit).toBe(first.wordLimit + 500);
    expect(renewed.videoLimit).toBe(first.videoLimit);
    const cancelledAt = new Date(Date.now() + 60_000);
    await webhook(stripe.cancel(subscriptionId, cancelledAt));
    expect((await me(token)).pro.endDate).toBe(new Date(Math.floor(cancelledAt.getTime() / 1000) * 1000).toISOString());
  });
});

describe('a running Pro Gold', () => {
  async function subscribed() {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'subscription', 'price_fake_pro');
    for (const delivery of stripe.complete(sessionId)) await webhook(delivery);
    const subscriptionId = stripe.sessions.find((session) => session.id === sessionId)?.subscription as string;
    return { token, subscriptionId };
  }

  function portal(token: string) {
    return app.inject({ method: 'POST', url: '/api/v1/payment/portal', headers: authed(token) });
  }

  it('refuses a second subscription with 409 while Pro Gold runs, and starts none at Stripe', async () => {
    const { token } = await subscribed();
    const before = stripe.sessions.length;
    const response = await checkout(token, 'subscription', { priceId: 'price_fake_pro' });
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toEqual({
      error: 'Pro Gold is already active: manage your subscription instead',
      code: 'pro_active',
    });
    expect(stripe.sessions).toHaveLength(before);
    expect((await checkout(token, 'token', { priceId: 'price_fake_diamonds_100' })).statusCode).toBe(200);
  });

  it('lets a learner subscribe again once their subscription has ended', async () => {
    const { token, subscriptionId } = await subscribed();
    await webhook(stripe.cancel(subscriptionId, new Date(app.clock.now().getTime() - 1000)));
    expect((await checkout(token, 'subscription', { priceId: 'price_fake_pro' })).statusCode).toBe(200);
  });

  it('says Pro Gold is managed only when a subscription pays for it, as the portal finds one', async () => {
    const { token } = await subscribed();
    expect((await me(token)).pro.managed).toBe(true);
    const granted = await learner();
    const { email } = await me(granted);
    await grantToUser(app.database.db, email, { diamonds: 0, coins: 0, proDays: 30 }, app.clock.now());
    const member = await me(granted);
    expect(member.pro).toEqual({ endDate: expect.any(String), managed: false });
    expect(Date.parse(member.pro.endDate ?? '')).toBeGreaterThan(app.clock.now().getTime());
    expect((await portal(granted)).statusCode).toBe(404);
  });

  it("opens Stripe's customer portal for the learner's subscription, returning to the store", async () => {
    const { token, subscriptionId } = await subscribed();
    const response = await portal(token);
    expect(response.statusCode, response.body).toBe(200);
    const { url } = envelopeSchema(endpoints.customerPortal.details).parse(response.json()).details;
    const session = [...stripe.portals.values()].find((candidate) => candidate.url === url);
    const customer = stripe.sessions.find((candidate) => candidate.subscription === subscriptionId)?.customer;
    expect(session).toMatchObject({ customer, return_url: 'http://localhost:80/store' });
  });

  it('answers 404 no_subscription to a learner who never subscribed, and 503 when Stripe cannot be reached', async () => {
    const never = await learner();
    const refused = await portal(never);
    expect(refused.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(refused.json()).details[0]?.code).toBe('no_subscription');
    const { token } = await subscribed();
    stripe.down();
    try {
      const response = await portal(token);
      expect(response.statusCode).toBe(503);
      expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('payments_unavailable');
    } finally {
      stripe.up();
    }
  });
});

describe('one payable Pro Gold checkout per learner', () => {
  const status = (sessionId: string) => stripe.sessions.find((session) => session.id === sessionId)?.status;

  it('expires the previous checkout when another starts: only the newest can be paid', async () => {
    const token = await learner();
    const first = await startCheckout(token, 'subscription', 'price_fake_pro');
    const second = await startCheckout(token, 'subscription', 'price_fake_pro');
    expect([status(first.sessionId), status(second.sessionId)]).toEqual(['expired', 'open']);
    expect(() => stripe.complete(first.sessionId)).toThrow();
    for (const delivery of stripe.complete(second.sessionId)) await webhook(delivery);
    expect((await me(token)).pro.endDate).not.toBeNull();
  });

  it('leaves one of two checkouts started at once payable', async () => {
    const token = await learner();
    const sessions = await Promise.all([
      startCheckout(token, 'subscription', 'price_fake_pro'),
      startCheckout(token, 'subscription', 'price_fake_pro'),
    ]);
    expect(sessions.map(({ sessionId }) => status(sessionId)).sort()).toEqual(['expired', 'open']);
  });

  it('grants a previous checkout paid meanwhile and withdraws the new one with 409 pro_active', async () => {
    const token = await learner();
    const paid = await startCheckout(token, 'subscription', 'price_fake_pro');
    stripe.complete(paid.sessionId); // Paid in the other tab; its events are still on their way.
    const before = stripe.sessions.length;
    const response = await checkout(token, 'subscription', { priceId: 'price_fake_pro' });
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('pro_active');
    expect(stripe.sessions.slice(before).map((session) => session.status)).toEqual(['expired']);
    expect((await me(token)).pro.endDate).not.toBeNull();
  });

  it('waits for a previous checkout whose payment is under way, until the payment fails', async () => {
    const token = await learner();
    const pending = await startCheckout(token, 'subscription', 'price_fake_pro');
    const failure = stripe.completeUnpaid(pending.sessionId);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await checkout(token, 'subscription', { priceId: 'price_fake_pro' });
      expect(errorEnvelopeSchema.parse(refused.json()).details[0]?.code).toBe('pro_active');
    }
    expect((await me(token)).pro.endDate).toBeNull();
    expect((await webhook(failure)).statusCode).toBe(200);
    const fresh = await startCheckout(token, 'subscription', 'price_fake_pro');
    expect(status(fresh.sessionId)).toBe('open');
  });

  it('passes over a previous checkout that Stripe expired itself', async () => {
    const token = await learner();
    const old = await startCheckout(token, 'subscription', 'price_fake_pro');
    stripe.expire(old.sessionId);
    const fresh = await startCheckout(token, 'subscription', 'price_fake_pro');
    expect(status(fresh.sessionId)).toBe('open');
  });

  it('keeps the previous checkout payable when Stripe will not expire it, and withdraws the new one with 503', async () => {
    const token = await learner();
    const first = await startCheckout(token, 'subscription', 'price_fake_pro');
    stripe.refuseExpiry(first.sessionId);
    const before = stripe.sessions.length;
    const response = await checkout(token, 'subscription', { priceId: 'price_fake_pro' });
    expect(response.statusCode).toBe(503);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]?.code).toBe('payments_unavailable');
    expect(stripe.sessions.slice(before).map((session) => session.status)).toEqual(['expired']);
    expect(status(first.sessionId)).toBe('open');
    // Stripe answers again: the next checkout expires the one kept.
    stripe.refuseExpiry(first.sessionId, false);
    const next = await startCheckout(token, 'subscription', 'price_fake_pro');
    expect([status(first.sessionId), status(next.sessionId)]).toEqual(['expired', 'open']);
  });

  it('expires no diamond checkout: packs can be bought in several tabs', async () => {
    const token = await learner();
    const first = await startCheckout(token, 'token', 'price_fake_diamonds_100');
    await startCheckout(token, 'token', 'price_fake_diamonds_100');
    expect(status(first.sessionId)).toBe('open');
  });
});

describe('subscription changes', () => {
  it('ends Pro Gold when the subscription becomes unpaid, but not for an older change delivered late', async () => {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'subscription', 'price_fake_pro');
    for (const delivery of stripe.complete(sessionId)) await webhook(delivery);
    const subscriptionId = stripe.sessions.find((session) => session.id === sessionId)?.subscription as string;
    const paidUntil = (await me(token)).pro.endDate;
    const minutes = (n: number) => new Date(Math.floor(Date.now() / 60_000 + n) * 60_000);
    await webhook(stripe.update(subscriptionId, 'past_due', minutes(1)));
    expect((await me(token)).pro.endDate).toBe(paidUntil);
    const staleUnpaid = stripe.update(subscriptionId, 'unpaid', minutes(2));
    await webhook(stripe.update(subscriptionId, 'active', minutes(3)));
    await webhook(staleUnpaid);
    expect((await me(token)).pro.endDate).toBe(paidUntil);
    await webhook(stripe.update(subscriptionId, 'unpaid', minutes(4)));
    expect((await me(token)).pro.endDate).toBe(minutes(4).toISOString());
  });

  it('keeps a subscription ended when its first invoice is delivered after the end', async () => {
    const token = await learner();
    const { sessionId } = await startCheckout(token, 'subscription', 'price_fake_pro');
    const deliveries = stripe.complete(sessionId);
    const subscriptionId = stripe.sessions.find((session) => session.id === sessionId)?.subscription as string;
    const endedAt = new Date(Math.floor(Date.now() / 60_000 + 1) * 60_000);
    await webhook(stripe.cancel(subscriptionId, endedAt));
    for (const delivery of deliveries) expect((await webhook(delivery)).statusCode).toBe(200);
    await fulfil(token, sessionId);
    expect((await me(token)).pro.endDate).toBe(endedAt.toISOString());
  });
});

describe('without Stripe', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(() => plain.close());

  it('says card payments are off, and a checkout says they are not configured', async () => {
    const settings = await plain.inject({ method: 'GET', url: '/api/v1/payment/settings' });
    expect(settings.json().details).toEqual({ cardPayments: false });
    const token = await signupLearner(plain);
    const response = await plain.inject({
      method: 'POST',
      url: '/api/v1/payment/token',
      headers: authed(token),
      payload: { priceId: 'price_diamonds_100' },
    });
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).details[0]).toEqual({
      error: 'Card payments are not configured on this server',
      code: 'payments_unavailable',
    });
    const portal = await plain.inject({ method: 'POST', url: '/api/v1/payment/portal', headers: authed(token) });
    expect(portal.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(portal.json()).details[0]?.code).toBe('payments_unavailable');
  });
});
