// The status answers of final orders, kept for a moment. A buyer's widget (and a merchant's page
// that keeps polling after the end) asks for the same final order every two seconds; the answer
// only changes later by a merchant action (capture, refund), which the buyer's flow does not show.
// So a final order's answer may be up to `ttlMs` old; an open order's is never kept.
import type { Clock } from '../observability/clock.ts';

export class FinalStatusViews {
  private readonly views = new Map<string, { body: string; until: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs = 1000,
    /** Orders kept at most; past it the oldest entry goes. */
    private readonly limit = 5000,
  ) {}

  get(orderNumber: string): string | undefined {
    const view = this.views.get(orderNumber);
    if (!view) return undefined;
    if (view.until > this.clock.now().getTime()) return view.body;
    this.views.delete(orderNumber);
    return undefined;
  }

  remember(orderNumber: string, body: string): void {
    this.views.delete(orderNumber);
    if (this.views.size >= this.limit) this.views.delete(this.views.keys().next().value!);
    this.views.set(orderNumber, { body, until: this.clock.now().getTime() + this.ttlMs });
  }
}
