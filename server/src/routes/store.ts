import type { FastifyInstance } from 'fastify';
import { findStoreItem } from '#contract/constants.ts';
import { endpoints } from '#contract/endpoints.ts';
import { buyStoreItem, findDiscount, listCatalogue } from '../db/queries/store.ts';
import { toWireUser } from '../db/queries/users.ts';
import { registerEndpoint } from '../http/endpoint.ts';
import { apiError } from '../http/errors.ts';
import { readStreak } from '../services/streak.ts';

/** The store without a card payment: the catalogue, items bought with diamonds or coins, discount codes. */
export async function storeRoutes(app: FastifyInstance) {
  const { db } = app.deps;

  registerEndpoint(app, endpoints.products, () => listCatalogue(db));

  registerEndpoint(app, endpoints.buyItem, async ({ auth, body, now, timeZone }) => {
    // The price is the store's, never the request's: an item whose fields differ from the table is not sold.
    const item = findStoreItem(body);
    if (!item) throw apiError(400, 'invalid_input', 'This item is not in the store');
    const user = await buyStoreItem(db, auth.user.id, item, body.payWith);
    if (!user) throw apiError(403, 'insufficient_balance', 'Your balance is too low for this item');
    return toWireUser(user, auth.token, await readStreak(db, user.id, timeZone, now));
  });

  registerEndpoint(app, endpoints.checkDiscount, async ({ body, now }) => {
    const discount = await findDiscount(db, body.discountCode, now);
    if (!discount) throw apiError(404, 'discount_invalid', 'This discount code is not valid');
    return discount;
  });
}
