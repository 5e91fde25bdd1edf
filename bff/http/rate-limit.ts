// A fixed-window limit per key (client IP) on session and checkout creation. In memory for one
// process (SQLite); instances on one PostgreSQL count together in the database instead
// (bff/http/limits/shared-window-limiter.ts), so a balancer over N of them does not multiply the limit.
import type { Context, MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { BoundedMap } from '../lib/bounded-map.ts';
import type { Clock } from '../lib/observability/clock.ts';
import { ProblemException } from './problem.ts';

/**
 * Addresses tracked at once. A window ends `windowMs` after its first hit; past this many live
 * windows the oldest (the nearest to ending anyway) are dropped, so a flood of addresses costs
 * bounded memory.
 */
const maxTrackedKeys = 50_000;

/** Counts one hit of a key; answers the seconds to wait when over the limit, else 0. */
export interface RequestLimiter {
  hit(key: string): number | Promise<number>;
}

export class FixedWindowLimiter implements RequestLimiter {
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

export function rateLimit(limiter: RequestLimiter, keyOf: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const retryAfter = await limiter.hit(keyOf(c));
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
