import { diamondPacks, findStoreItem, rewards } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import type { PriceRequest } from '@/contract/endpoints/payments';
import { hasSubscriptionToManage, type MockUser, mockDb, nextId, notificationsOf, toUser } from '../db';
import { buildNotification } from '../fixtures/notifications';
import { fail, ok, parseBody, requireUser, route } from './respond';

/** A price the mock store sells by card: the Pro plan's recurring price, or a pack's with its diamonds. */
function sellable(priceId: string) {
  for (const product of mockDb().products) {
    const price = product.prices.find((candidate) => candidate.id === priceId);
    if (!price) continue;
    const pack = diamondPacks.find((candidate) => candidate.priceCents === price.amount);
    return {
      pro: product.name === 'Pro' && price.recurring,
      diamonds: product.name === 'Diamonds' && !price.recurring ? (pack?.diamonds ?? 0) : 0,
    };
  }
  return undefined;
}

/** Starts a checkout as the server does, without the card page: its URL is the store's success page. */
function startCheckout(request: Request, user: MockUser, body: PriceRequest, kind: 'pro' | 'diamonds') {
  const price = sellable(body.priceId);
  if (!price || (kind === 'pro' ? !price.pro : price.diamonds <= 0)) {
    return fail(400, 'invalid_input', 'This price is not in the store');
  }
  const known = new Set(mockDb().discounts.map((discount) => discount.code));
  if ((body.discountCodes ?? []).some((code) => !known.has(code.toUpperCase()))) {
    return fail(400, 'discount_invalid', 'This discount code is not valid');
  }
  const sessionId = `cs_mock_${nextId()}`;
  mockDb().checkouts[sessionId] = { username: user.username, ...price, granted: false };
  const page = kind === 'pro' ? '/store/pro/success' : '/store/success';
  return ok({ sessionId, url: `${new URL(request.url).origin}${page}?session_id=${sessionId}` });
}

export const paymentHandlers = [
  route(endpoints.paymentSettings, () => ok({ cardPayments: true })),

  route(endpoints.subscriptionCheckout, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.subscriptionCheckout.body);
    if (body instanceof Response) return body;
    if (user.pro.endDate !== null && Date.parse(user.pro.endDate) > Date.now()) {
      return fail(409, 'pro_active', 'Pro Gold is already active: manage your subscription instead');
    }
    return startCheckout(request, user, body, 'pro');
  }),

  route(endpoints.tokenCheckout, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.tokenCheckout.body);
    if (body instanceof Response) return body;
    return startCheckout(request, user, body, 'diamonds');
  }),

  route(endpoints.fulfilCheckout, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.fulfilCheckout.body);
    if (body instanceof Response) return body;
    const checkout = mockDb().checkouts[body.sessionId];
    if (!checkout || checkout.username !== user.username) {
      return fail(404, 'not_found', 'This checkout does not exist');
    }
    if (!checkout.granted) {
      checkout.granted = true;
      const now = new Date();
      if (checkout.pro) {
        const startingPro = new Date(user.pro.endDate ?? 0).getTime() <= now.getTime();
        if (startingPro) user.videoLimit += rewards.proExtraVideos;
        const from = Math.max(now.getTime(), new Date(user.pro.endDate ?? 0).getTime());
        const until = new Date(from + 30 * 86_400_000);
        user.pro = { endDate: until.toISOString() };
        user.wordLimit += rewards.proInstantWords;
        notificationsOf(user).push(
          buildNotification({
            id: nextId(),
            message: `Pro Gold is active until ${until.toISOString().slice(0, 10)}. Your word limit grew by ${rewards.proInstantWords} words.`,
            code: 'pro_gold_active',
            params: { until: until.toISOString(), words: rewards.proInstantWords },
          }),
        );
      } else {
        user.diamondAmount += checkout.diamonds;
        notificationsOf(user).push(
          buildNotification({
            id: nextId(),
            message: `Thank you! ${checkout.diamonds} diamonds were added to your balance.`,
            code: 'diamonds_added',
            params: { diamonds: checkout.diamonds },
          }),
        );
      }
    }
    return ok(toUser(user));
  }),

  route(endpoints.products, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    return ok(mockDb().products);
  }),

  route(endpoints.buyItem, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.buyItem.body);
    if (body instanceof Response) return body;
    const item = findStoreItem(body);
    if (!item) return fail(400, 'invalid_input', 'This item is not in the store');
    if (body.payWith === 'diamonds') {
      if (user.diamondAmount < item.diamondAmount) {
        return fail(403, 'insufficient_balance', 'Your balance is too low for this item');
      }
      user.diamondAmount -= item.diamondAmount;
    } else {
      if (user.creditAmount < item.creditAmount) {
        return fail(403, 'insufficient_balance', 'Your balance is too low for this item');
      }
      user.creditAmount -= item.creditAmount;
    }
    if (item.name === 'Word Limit') user.wordLimit += item.amount;
    else user.videoLimit += item.amount;
    return ok(toUser(user));
  }),

  // The mocks have no customer portal: its page is the store, where the learner comes back to.
  route(endpoints.customerPortal, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    if (!hasSubscriptionToManage(user)) {
      return fail(404, 'no_subscription', 'You have no Pro Gold subscription to manage');
    }
    return ok({ url: `${new URL(request.url).origin}/store` });
  }),

  route(endpoints.checkDiscount, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.checkDiscount.body);
    if (body instanceof Response) return body;
    const wanted = body.discountCode.toUpperCase();
    const discount = mockDb().discounts.find((candidate) => candidate.code === wanted);
    return discount ? ok(discount) : fail(404, 'discount_invalid', 'This discount code is not valid');
  }),
];
