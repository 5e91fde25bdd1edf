import { z } from 'zod';
import { gatewayAmount } from './common.ts';

/** gateway-api.md §4.6: split the settlement of an approved order; the owner gets the remainder. */
export const splitRequest = z.object({
  order_id: z.string().min(1),
  commerces: z.array(z.object({ email: z.string().min(1), amount: gatewayAmount })).min(1),
  lang: z.string(),
});
export type SplitRequest = z.infer<typeof splitRequest>;

export const splitResponse = z.object({
  type: z.string(),
  message: z.string(),
  description: z.string(),
  response: z.object({
    total_order_splitted: z.number().int(),
    order_id: z.number().int(),
    order_number: z.string(),
    order_key: z.string(),
    order_currency: z.string(),
    order_amount: z.string(),
    splitted_orders: z.array(
      z.object({
        id: z.number().int(),
        amount: z.number(),
        commerce_name: z.string(),
        commerce_email: z.string(),
      }),
    ),
  }),
});
export type SplitResponse = z.infer<typeof splitResponse>;
