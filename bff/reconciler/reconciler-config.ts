// The reconciler's settings, spread into bff/config.ts's schema like the webhook ones.
import { z } from 'zod';

const nonNegativeInt = z.coerce.number().int().min(0);
const positiveInt = z.coerce.number().int().positive();

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
   * Orders parked in `review` or `expired` are re-consulted (at most every RECONCILE_PENDING_EVERY_MS)
   * for this long after their last change, so a late gateway approval still wins.
   */
  RECONCILE_PARKED_FOR_MS: nonNegativeInt.default(3 * 24 * 60 * 60 * 1000),
  /** Payment attempts an order may have (each a processPayment or a SINPE Móvil transfer). */
  MAX_PAYMENT_ATTEMPTS: positiveInt.max(20).default(5),
};
