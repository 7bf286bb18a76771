import { findStoreItem } from '@/contract/constants';
import { endpoints } from '@/contract/endpoints';
import { mockDb, toUser } from '../db';
import { fail, ok, parseBody, requireUser, route } from './respond';

const mockSession = { sessionId: 'cs_test_mock' };

export const paymentHandlers = [
  route(endpoints.subscriptionCheckout, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.subscriptionCheckout.body);
    if (body instanceof Response) return body;
    return ok(mockSession);
  }),

  route(endpoints.tokenCheckout, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const body = await parseBody(request, endpoints.tokenCheckout.body);
    if (body instanceof Response) return body;
    return ok(mockSession);
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
