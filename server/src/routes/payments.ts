import type { FastifyInstance, FastifyRequest } from 'fastify';
import { combinedDiscountPercent, findStoreItem } from '#contract/constants.ts';
import type { PriceRequest } from '#contract/endpoints/payments.ts';
import { API_BASE, endpoints } from '#contract/endpoints.ts';
import { findUserById } from '../db/queries/account.ts';
import {
  buyStoreItem,
  findDiscount,
  forgetProCheckout,
  hasActivePro,
  listCatalogue,
  replaceProCheckout,
  subscriptionToManage,
} from '../db/queries/payments.ts';
import { apiError } from '../http/errors.ts';
import { type Authenticated, wireUser } from '../services/accounts.ts';
import { fulfilCheckout, handlePaymentEvent } from '../services/payments/fulfilment.ts';
import type { PaymentGateway, SellablePrice } from '../services/payments/gateway.ts';
import { registerEndpoint } from './endpoint.ts';

type CheckoutInput = { auth: Authenticated; body: PriceRequest; now: Date; request: FastifyRequest };
/** A checkout session just started at the provider for a learner. */
type StartedCheckout = {
  request: FastifyRequest;
  gateway: PaymentGateway;
  userId: number;
  sessionId: string;
  now: Date;
};

const notConfigured = () => apiError(409, 'payments_unavailable', 'Card payments are not configured on this server');

/** A call to the card provider: its failures (unreachable, refusing) become a 503 that says so, logged. */
async function provider<T>(request: FastifyRequest, gateway: PaymentGateway, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!gateway.isProviderError(error)) throw error;
    request.log.warn({ err: { name: (error as Error).name, message: (error as Error).message } }, 'stripe call failed');
    throw apiError(503, 'payments_unavailable', 'Card payments are unavailable, please try again soon');
  }
}

/** The store: the catalogue, card checkouts and their fulfilment, items bought with diamonds or coins, discounts. */
export async function paymentRoutes(app: FastifyInstance) {
  const { db, payments, publicUrl } = app.deps;

  registerEndpoint(app, endpoints.paymentSettings, async () => ({ cardPayments: Boolean(payments) }));

  registerEndpoint(app, endpoints.products, ({ request }) =>
    payments ? provider(request, payments, () => payments.products()) : listCatalogue(db),
  );

  /** The discount codes' total, each checked again: a code refused since the store applied it fails the checkout. */
  async function discountPercent(codes: readonly string[], now: Date): Promise<number> {
    const percents: number[] = [];
    for (const code of new Set(codes.map((c) => c.toUpperCase()))) {
      const discount = await findDiscount(db, code, now);
      if (!discount) throw apiError(400, 'discount_invalid', 'This discount code is not valid');
      percents.push(discount.discountPercent);
    }
    return combinedDiscountPercent(percents);
  }

  /** Where the learner's browser comes back to after a page of the card provider. */
  const siteBase = (request: FastifyRequest) => publicUrl ?? `${request.protocol}://${request.host}`;

  const proActive = () => apiError(409, 'pro_active', 'Pro Gold is already active: manage your subscription instead');

  /** A learner with Pro Gold running manages it in the portal: a second subscription would charge twice. */
  async function noProRunning(userId: number, now: Date) {
    if (await hasActivePro(db, userId, now)) throw proActive();
  }

  /** Expires a checkout this request started and will not hand out; a failure is logged (it stays payable). */
  async function withdraw(request: FastifyRequest, gateway: PaymentGateway, sessionId: string) {
    try {
      await gateway.expireCheckout(sessionId);
    } catch (error) {
      request.log.error({ err: error, sessionId }, 'a withdrawn Pro Gold checkout could not be expired');
    }
  }

  /**
   * One Pro Gold checkout payable at a time, so two tabs cannot start two subscriptions: the new one replaces the
   * learner's previous one, which is expired at the provider. When that one was completed meanwhile, it stays the
   * learner's, is granted if paid (as its success page would) and the new one is withdrawn: 409 pro_active. When the
   * provider cannot expire it, it stays the payable one and the new one is withdrawn: 503.
   */
  async function onlyPayableProCheckout({ request, gateway, userId, sessionId, now }: StartedCheckout) {
    const previous = await replaceProCheckout(db, userId, sessionId);
    if (!previous) return;
    const keepPrevious = async () => {
      await forgetProCheckout(db, userId, sessionId, previous);
      await withdraw(request, gateway, sessionId);
    };
    let state: 'expired' | 'complete';
    try {
      state = await provider(request, gateway, () => gateway.expireCheckout(previous));
    } catch (error) {
      await keepPrevious();
      throw error;
    }
    if (state === 'expired') return;
    await keepPrevious();
    // Paid, it is granted and forgotten; a payment still under way keeps it the learner's until it ends.
    await provider(request, gateway, () => fulfilCheckout({ db, gateway, now }, previous, userId));
    throw proActive();
  }

  function checkout(
    wanted: (price: SellablePrice) => boolean,
    successPath: string,
    allowed?: (userId: number, now: Date) => Promise<void>,
    started?: (checkout: StartedCheckout) => Promise<void>,
  ) {
    return async ({ auth, body, now, request }: CheckoutInput) => {
      if (!payments) throw notConfigured();
      await allowed?.(auth.user.id, now);
      const { priceId, discountCodes = [] } = body;
      const gateway: PaymentGateway = payments;
      const price = await provider(request, gateway, () => gateway.findPrice(priceId));
      if (!price || !wanted(price)) throw apiError(400, 'invalid_input', 'This price is not in the store');
      const percent = await discountPercent(discountCodes, now);
      const base = siteBase(request);
      const session = await provider(request, gateway, () =>
        gateway.createCheckout({
          price,
          userId: auth.user.id,
          email: auth.user.email,
          successUrl: `${base}${successPath}?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${base}/store/cancel`,
          discountPercent: percent,
        }),
      );
      await started?.({ request, gateway, userId: auth.user.id, sessionId: session.id, now });
      return { sessionId: session.id, url: session.url };
    };
  }

  registerEndpoint(
    app,
    endpoints.subscriptionCheckout,
    checkout((price) => price.pro, '/store/pro/success', noProRunning, onlyPayableProCheckout),
  );
  registerEndpoint(
    app,
    endpoints.tokenCheckout,
    checkout((price) => !price.recurring && (price.diamonds ?? 0) > 0, '/store/success'),
  );

  registerEndpoint(app, endpoints.fulfilCheckout, async ({ auth, body, now, timeZone, request }) => {
    if (!payments) throw notConfigured();
    const fulfilment = { db, gateway: payments, now };
    const found = await provider(request, payments, () => fulfilCheckout(fulfilment, body.sessionId, auth.user.id));
    if (!found) throw apiError(404, 'not_found', 'This checkout does not exist');
    const user = await findUserById(db, auth.user.id);
    if (!user) throw apiError(401, 'unauthorized', 'Your session has ended, please log in again');
    return wireUser(db, user, auth.token, timeZone, now);
  });

  registerEndpoint(app, endpoints.buyItem, async ({ auth, body, now, timeZone }) => {
    // The price is the store's, never the request's: an item whose fields differ from the table is not sold.
    const item = findStoreItem(body);
    if (!item) throw apiError(400, 'invalid_input', 'This item is not in the store');
    const user = await buyStoreItem(db, auth.user.id, item, body.payWith);
    if (!user) throw apiError(403, 'insufficient_balance', 'Your balance is too low for this item');
    return wireUser(db, user, auth.token, timeZone, now);
  });

  registerEndpoint(app, endpoints.customerPortal, async ({ auth, request }) => {
    if (!payments) throw notConfigured();
    const gateway: PaymentGateway = payments;
    const subscriptionId = await subscriptionToManage(db, auth.user.id);
    if (!subscriptionId) throw apiError(404, 'no_subscription', 'You have no Pro Gold subscription to manage');
    const returnUrl = `${siteBase(request)}/store`;
    return provider(request, gateway, () => gateway.portal({ subscriptionId, returnUrl }));
  });

  registerEndpoint(app, endpoints.checkDiscount, async ({ body, now }) => {
    const discount = await findDiscount(db, body.discountCode, now);
    if (!discount) throw apiError(404, 'discount_invalid', 'This discount code is not valid');
    return discount;
  });

  await app.register(async (webhook) => {
    // Stripe signs the body's exact bytes: this route alone reads JSON as a buffer, verified before it is parsed.
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(`${API_BASE}/payment/webhook`, async (request, reply) => {
      if (!payments) throw notConfigured();
      const signature = request.headers['stripe-signature'];
      if (!(request.body instanceof Buffer) || typeof signature !== 'string') {
        throw apiError(400, 'invalid_input', 'A signed Stripe event is expected');
      }
      let event: ReturnType<PaymentGateway['verifyEvent']>;
      try {
        event = payments.verifyEvent(request.body, signature);
      } catch {
        throw apiError(400, 'invalid_input', 'The event signature does not hold');
      }
      const now = app.deps.clock();
      await provider(request, payments, () => handlePaymentEvent({ db, gateway: payments, now }, event));
      return reply.send({ message: 'success', status: 200, details: { received: true } });
    });
  });
}
