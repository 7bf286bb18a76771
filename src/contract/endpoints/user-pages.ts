import { z } from 'zod/mini';
import { learnerBalancesSchema, userPageSchema } from '../entities.ts';
import { type Endpoint, endpoint } from './endpoint.ts';
import { targetLangParams } from './params.ts';

export const userPageEndpoints = {
  userPages: endpoint({
    method: 'GET',
    path: '/user-page/:targetLang',
    auth: 'required',
    params: targetLangParams,
    details: z.array(userPageSchema),
  }),
  saveUserPage: endpoint({
    method: 'POST',
    path: '/user-page',
    auth: 'required',
    body: userPageSchema,
    details: z.extend(userPageSchema, { balances: learnerBalancesSchema }),
  }),
} as const satisfies Record<string, Endpoint>;
