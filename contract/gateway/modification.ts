import { z } from 'zod';
import { gatewayAmount } from './common.ts';
import { modificationTypes } from '../gateway-facts.ts';

/**
 * gateway-api.md §4.7. The `type` values are "not shown" there; gateway-facts.md gives
 * 1 capture, 2 refund, 3 reversal. Real clients also send hashVersion and platform.
 */
export const processModificationRequest = z.object({
  orderNumber: z.string().min(1),
  type: z.enum([modificationTypes.capture, modificationTypes.refund, modificationTypes.reversal]),
  amount: gatewayAmount,
  key: z.string().min(1),
  hashVersion: z.enum(['V1', 'V2']).optional(),
  platform: z.string().optional(),
  platform_reference: z.string().optional(),
});
export type ProcessModificationRequest = z.infer<typeof processModificationRequest>;

/** Success is ReasonCode 1/1101 (see isModificationSuccess); a failure may explain itself in `message`. */
export const processModificationResponse = z.object({
  type: z.string(),
  transactionId: z.string(),
  ReasonCode: z.string(),
  ReasonCodeDescription: z.string(),
  OrderHash: z.string(),
  message: z.string().optional(),
});
export type ProcessModificationResponse = z.infer<typeof processModificationResponse>;
