// The reconciler's settings (issue 9), spread into bff/config.ts's schema like the webhook ones.
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
};
