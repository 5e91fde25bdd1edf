import { z } from 'zod';
import { decimalPattern } from '../money.ts';

/** Shapes that many gateway messages share (gateway-api.md §2). */

/** The gateway's `Y-m-d H:i:s` timestamps (PHP date format), e.g. "2026-11-21 14:05:09". */
export const gatewayDateTime = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'expected Y-m-d H:i:s');

/** A monetary string with a decimal point ("15000.00"); requests use these, never numbers. */
export const gatewayAmount = z.string().regex(decimalPattern, 'expected a decimal amount such as 15000.00');

/** A `0`/`1` flag sent as a string (capture, subscription). */
export const gatewayFlag = z.enum(['0', '1']);

/** ISO 4217 letters as the gateway writes them (USD, CRC, GTQ). */
export const gatewayCurrency = z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code');

/**
 * The body of a failed call. gateway-api.md §7: the outcome is in the body with HTTP 200 and
 * the error codes/messages are "not shown"; gateway-facts.md lists the `type` values. A
 * `description` sometimes accompanies `message`.
 */
export const gatewayFailure = z.object({
  type: z.string(),
  message: z.string().optional(),
  description: z.string().optional(),
});
export type GatewayFailure = z.infer<typeof gatewayFailure>;
