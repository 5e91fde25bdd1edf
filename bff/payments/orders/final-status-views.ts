// The status answers of final orders, kept for a moment with their entity tag. A buyer's widget
// (and a merchant's page that keeps polling after the end) asks for the same final order every two
// seconds; the answer only changes later by a merchant action (capture, refund), which the buyer's
// flow does not show. So a final order's answer may be up to `ttlMs` old; an open order's is never
// kept. The tag lets a browser that already holds the answer revalidate it for a 304 without a body.
import { createHash } from 'node:crypto';
import { BoundedMap } from '../../lib/bounded-map.ts';
import type { Clock } from '../../lib/observability/clock.ts';

export interface FinalStatusView {
  body: string;
  etag: string;
}

/** A strong entity tag of an answer's exact bytes. */
export function entityTagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

export class FinalStatusViews {
  private readonly views: BoundedMap<string, FinalStatusView>;

  constructor(
    clock: Clock,
    ttlMs = 1000,
    /** Orders kept at most; past it the oldest entry goes. */
    limit = 5000,
  ) {
    this.views = new BoundedMap({ maxSize: limit, ttlMs, now: () => clock.now().getTime() });
  }

  get(orderNumber: string): FinalStatusView | undefined {
    return this.views.get(orderNumber);
  }

  remember(orderNumber: string, body: string): FinalStatusView {
    const view = { body, etag: entityTagOf(body) };
    this.views.set(orderNumber, view);
    return view;
  }
}
