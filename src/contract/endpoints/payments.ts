import { z } from 'zod/mini';
import { maxDiscountCodes } from '../constants.ts';
import {
  discountSchema,
  paymentSettingsSchema,
  portalSessionSchema,
  productSchema,
  sessionSchema,
  storeItemSchema,
  userSchema,
} from '../entities.ts';
import { plainText } from '../fields.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

export const priceRequestSchema = z.object({
  priceId: plainText().check(z.minLength(1), z.maxLength(200)),
  /** Discount codes the learner applied in the store; the server checks them again (at most two). */
  discountCodes: z.optional(
    z.array(plainText().check(z.trim(), z.minLength(1), z.maxLength(64))).check(z.maxLength(maxDiscountCodes)),
  ),
});
export type PriceRequest = z.infer<typeof priceRequestSchema>;

export const payWithValues = ['diamonds', 'credits'] as const;
export const buyItemRequestSchema = z.extend(storeItemSchema, { payWith: z.enum(payWithValues) });
export type BuyItemRequest = z.infer<typeof buyItemRequestSchema>;

export const fulfilRequestSchema = z.object({ sessionId: plainText().check(z.minLength(1), z.maxLength(200)) });

export const discountCheckRequestSchema = z.object({
  discountCode: plainText().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

export const paymentEndpoints = {
  subscriptionCheckout: endpoint({
    method: 'POST',
    path: '/payment/subscription',
    auth: 'required',
    body: priceRequestSchema,
    details: sessionSchema,
  }),
  tokenCheckout: endpoint({
    method: 'POST',
    path: '/payment/token',
    auth: 'required',
    body: priceRequestSchema,
    details: sessionSchema,
  }),
  products: endpoint({
    method: 'GET',
    path: '/payment/products',
    auth: 'required',
    details: z.array(productSchema),
  }),
  buyItem: endpoint({
    method: 'POST',
    path: '/payment/buy-item',
    auth: 'required',
    body: buyItemRequestSchema,
    details: userSchema,
  }),
  paymentSettings: endpoint({
    method: 'GET',
    path: '/payment/settings',
    auth: 'optional',
    details: paymentSettingsSchema,
  }),
  fulfilCheckout: endpoint({
    method: 'POST',
    path: '/payment/fulfil',
    auth: 'required',
    body: fulfilRequestSchema,
    details: userSchema,
  }),
  checkDiscount: endpoint({
    method: 'POST',
    path: '/discounts/check',
    auth: 'required',
    body: discountCheckRequestSchema,
    details: discountSchema,
  }),
  customerPortal: endpoint({
    method: 'POST',
    path: '/payment/portal',
    auth: 'required',
    details: portalSessionSchema,
  }),
} as const satisfies Record<string, Endpoint>;
