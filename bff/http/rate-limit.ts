// A fixed-window limit per key (client IP) on session and checkout creation. In memory per
// instance: good enough to stop a script hammering one process; a shared limit belongs to the
// load balancer in front of many instances.
import type { Context, MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { BoundedMap } from '../lib/bounded-map.ts';
import type { Clock } from '../observability/clock.ts';
import { ProblemException } from './problem.ts';

/**
 * Addresses tracked at once. A window ends `windowMs` after its first hit; past this many live
 * windows the oldest (the nearest to ending anyway) are dropped, so a flood of addresses costs
 * bounded memory.
 */
const maxTrackedKeys = 50_000;

export class FixedWindowLimiter {
  private readonly windows: BoundedMap<string, { count: number; endsAt: number }>;

  constructor(private readonly limit: number, private readonly windowMs: number, private readonly clock: Clock) {
    this.windows = new BoundedMap({ maxSize: maxTrackedKeys, ttlMs: windowMs, now: () => clock.now().getTime() });
  }

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window) {
      window = { count: 0, endsAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  }
}

export function rateLimit(limiter: FixedWindowLimiter, keyOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const retryAfter = limiter.hit(keyOf(c));
    if (retryAfter > 0) {
      throw new ProblemException(429, {
        type: problemTypes.rateLimited,
        title: 'Too many requests',
        detail: `Too many requests from this address. Try again in ${retryAfter} s.`,
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
    await next();
  };
}
