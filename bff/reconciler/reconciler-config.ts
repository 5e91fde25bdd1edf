// The reconciler's settings, spread into bff/config.ts's schema like the webhook ones.
import { z } from 'zod';
import { parseDurationList } from './parked-consult-schedule.ts';

const nonNegativeInt = z.coerce.number().int().min(0);
const positiveInt = z.coerce.number().int().positive();

const durationList = z.string().transform((text, ctx) => {
  const parsed = parseDurationList(text);
  if ('agesMs' in parsed) return parsed.agesMs;
  ctx.addIssue({ code: 'custom', message: parsed.problem });
  return z.NEVER;
});

export const reconcilerConfigShape = {
  /** How often the reconciler looks for stale open orders; 0 turns it off. */
  RECONCILE_INTERVAL_MS: nonNegativeInt.default(15_000),
  /** A pending order (hosted page handed out) is re-consulted once its page is this old, then at most this often. */
  RECONCILE_PENDING_EVERY_MS: positiveInt.default(60_000),
  /**
   * A pending order still unpaid this long after its page was created is expired. The gateway's
   * hosted page lifetime is "not shown" (gateway-api.md); one day is far beyond any checkout.
   */
  RECONCILE_ABANDON_AFTER_MS: positiveInt.default(24 * 60 * 60 * 1000),
  /**
   * Orders parked in `review` or `expired` (after an attempt) are re-consulted for this long after
   * they were parked, on the schedule below, so a late gateway approval still wins.
   */
  RECONCILE_PARKED_FOR_MS: nonNegativeInt.default(3 * 24 * 60 * 60 * 1000),
  /** Ages since parking at which a parked order is consulted (units ms, s, m, h, d; increasing). */
  RECONCILE_PARKED_CONSULT_AGES: durationList.default([1, 5, 30, 120, 360].map((minutes) => minutes * 60_000)),
  /** After the last of those ages, one consult per this many ms until RECONCILE_PARKED_FOR_MS. */
  RECONCILE_PARKED_CONSULT_EVERY_MS: positiveInt.default(24 * 60 * 60 * 1000),
  /** Payment attempts an order may have (each a processPayment or a SINPE Móvil transfer). */
  MAX_PAYMENT_ATTEMPTS: positiveInt.max(20).default(5),
};
