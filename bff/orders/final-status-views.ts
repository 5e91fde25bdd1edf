// The status answers of final orders, kept for a moment. A buyer's widget (and a merchant's page
// that keeps polling after the end) asks for the same final order every two seconds; the answer
// only changes later by a merchant action (capture, refund), which the buyer's flow does not show.
// So a final order's answer may be up to `ttlMs` old; an open order's is never kept.
import { BoundedMap } from '../lib/bounded-map.ts';
import type { Clock } from '../observability/clock.ts';

export class FinalStatusViews {
  private readonly views: BoundedMap<string, string>;

  constructor(
    clock: Clock,
    ttlMs = 1000,
    /** Orders kept at most; past it the oldest entry goes. */
    limit = 5000,
  ) {
    this.views = new BoundedMap({ maxSize: limit, ttlMs, now: () => clock.now().getTime() });
  }

  get(orderNumber: string): string | undefined {
    return this.views.get(orderNumber);
  }

  remember(orderNumber: string, body: string): void {
    this.views.set(orderNumber, body);
  }
}
