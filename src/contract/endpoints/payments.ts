import { z } from 'zod/mini';
import { maxDiscountCodes } from '../constants.ts';
import { userSchema } from '../entities.ts';
import { plainText, positiveInt32 } from '../fields.ts';
import { type Endpoint, endpoint } from './endpoint.ts';

// The store's entities live with its calls, so no first load carries them.

export const priceSchema = z.object({
  id: z.string(),
  amount: z.int().check(z.minimum(0)),
  currency: z.string().check(z.length(3)),
  recurring: z.boolean(),
});
export type Price = z.infer<typeof priceSchema>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  prices: z.array(priceSchema),
});
export type Product = z.infer<typeof productSchema>;

export const storeItemNames = ['Word Limit', 'Video Limit'] as const;
export const storeItemSchema = z.object({
  name: z.enum(storeItemNames),
  amount: positiveInt32(),
  diamondAmount: positiveInt32(),
  creditAmount: positiveInt32(),
});
export type StoreItem = z.infer<typeof storeItemSchema>;

export const discountSchema = z.object({
  code: z.string(),
  discountPercent: z.number().check(z.minimum(0), z.maximum(100)),
});
export type Discount = z.infer<typeof discountSchema>;

export const sessionSchema = z.object({
  sessionId: z.string(),
  url: z.optional(z.url()),
});
export type Session = z.infer<typeof sessionSchema>;

/** Whether this server takes card payments (Stripe configured); without them the store sells items only. */
export const paymentSettingsSchema = z.object({ cardPayments: z.boolean() });
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

/** A page of the card provider's customer portal, where a learner manages or cancels their Pro Gold subscription. */
export const portalSessionSchema = z.object({ url: z.url() });
export type PortalSession = z.infer<typeof portalSessionSchema>;

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
