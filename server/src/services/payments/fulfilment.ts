import { rewards } from '#contract/constants.ts';
import {
  applySubscriptionEvent,
  endProGold,
  forgetProCheckout,
  grantPayment,
  lapsedSubscriptionStatuses,
  paymentEventSeen,
  recordPaymentEvent,
  subscriptionState,
} from '../../db/queries/payments.ts';
import type { Db } from '../../db/types.ts';
import { notificationTexts } from '../notification-texts.ts';
import type { CheckoutState, InvoiceState, PaymentEvent, PaymentGateway } from './gateway.ts';

type Fulfilment = { db: Db; gateway: PaymentGateway; now: Date };

const lapsed = new Set(lapsedSubscriptionStatuses);

/**
 * A grant, ready to be written: what a paid checkout or invoice gives. Fetching what it needs from Stripe (a
 * subscription's first invoice) happens here, before any transaction is open.
 */
type PreparedGrant = (db: Db, now: Date) => Promise<boolean>;

function invoiceGrant(invoice: InvoiceState, userId: number | undefined): PreparedGrant | undefined {
  const owner = userId ?? invoice.userId;
  if (!invoice.paid || !invoice.periodEnd || owner === undefined) return undefined;
  const proUntil = invoice.periodEnd;
  const words = rewards.proInstantWords;
  return async (db, now) => {
    const { subscriptionId } = invoice;
    if (subscriptionId) {
      await applySubscriptionEvent(db, { id: subscriptionId, userId: owner, status: 'active' }, new Date(0));
    }
    const granted = await grantPayment(
      db,
      {
        key: invoice.id,
        userId: owner,
        priceId: invoice.priceId ?? 'pro',
        diamonds: 0,
        words,
        proUntil,
        videosWhenStartingPro: rewards.proExtraVideos,
      },
      notificationTexts.proGoldActive(proUntil, words),
      now,
    );
    // Stripe does not order its deliveries: the subscription's end may have arrived before this invoice. The end
    // stands, so the period this invoice paid for stops where the subscription did.
    const state = subscriptionId ? await subscriptionState(db, subscriptionId) : undefined;
    if (state && lapsed.has(state.status)) await endProGold(db, owner, state.eventAt);
    return granted;
  };
}

async function checkoutGrant(gateway: PaymentGateway, checkout: CheckoutState): Promise<PreparedGrant | undefined> {
  const { userId, paid } = checkout;
  if (!paid || userId === undefined) return undefined;
  if (checkout.mode === 'subscription') {
    // The first period is paid by the session's invoice, which `invoice.paid` names too: one key for both.
    const grant = checkout.invoiceId ? invoiceGrant(await gateway.invoice(checkout.invoiceId), userId) : undefined;
    return async (db, now) => {
      // Paid, it is no longer the checkout a new one must expire.
      await forgetProCheckout(db, userId, checkout.id);
      return grant ? grant(db, now) : false;
    };
  }
  if (checkout.diamonds <= 0) return undefined;
  const diamonds = checkout.diamonds;
  return (db, now) =>
    grantPayment(
      db,
      { key: checkout.id, userId, priceId: checkout.priceId ?? 'diamonds', diamonds, words: 0 },
      notificationTexts.diamondsAdded(diamonds),
      now,
    );
}

/** A Pro Gold checkout whose delayed payment failed: a new checkout no longer waits for it. */
function failedCheckout({ id, userId }: CheckoutState): PreparedGrant | undefined {
  if (userId === undefined) return undefined;
  return async (db) => {
    await forgetProCheckout(db, userId, id);
    return false;
  };
}

/**
 * The success page's request: the learner's own checkout, granted if it is paid and not granted yet (the webhook
 * may have been first, or may come later: either way once). Answers false when the session is not theirs.
 */
export async function fulfilCheckout({ db, gateway, now }: Fulfilment, sessionId: string, userId: number) {
  const checkout = await gateway.checkout(sessionId);
  if (!checkout || checkout.userId !== userId) return false;
  const grant = await checkoutGrant(gateway, checkout);
  if (grant) await db.transaction((tx) => grant(tx, now));
  return true;
}

/**
 * One verified webhook event: recorded by its id with whatever it grants or changes, in one transaction, so a
 * delivery seen before changes nothing. Events of other types are recorded and otherwise ignored.
 */
export async function handlePaymentEvent({ db, gateway, now }: Fulfilment, event: PaymentEvent): Promise<void> {
  if (await paymentEventSeen(db, event.id)) return;
  let apply: PreparedGrant | undefined;
  if (event.kind === 'checkout') {
    apply =
      event.type === 'checkout.session.async_payment_failed'
        ? failedCheckout(event.checkout)
        : await checkoutGrant(gateway, event.checkout);
  } else if (event.kind === 'invoice') apply = invoiceGrant(event.invoice, undefined);
  else if (event.kind === 'subscription') {
    const { subscription } = event;
    const { userId } = subscription;
    if (userId !== undefined) {
      apply = async (tx) => {
        const newest = await applySubscriptionEvent(
          tx,
          { id: subscription.id, userId, status: subscription.status },
          event.created,
        );
        const ended = event.type === 'customer.subscription.deleted' || lapsed.has(subscription.status);
        if (newest && ended) await endProGold(tx, userId, subscription.endedAt ?? event.created);
        return newest;
      };
    }
  }
  await db.transaction(async (tx) => {
    if (!(await recordPaymentEvent(tx, event.id, event.type, now))) return;
    await apply?.(tx, now);
  });
}
