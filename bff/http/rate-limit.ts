// A fixed-window limit per key (client IP) on session and checkout creation. In memory per
// instance: good enough to stop a script hammering one process; a shared limit belongs to the
// load balancer in front of many instances.
import type { Context, MiddlewareHandler } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import type { Clock } from '../observability/clock.ts';
import { ProblemException } from './problem.ts';

export class FixedWindowLimiter {
  private windows = new Map<string, { startedAt: number; count: number }>();

  constructor(private readonly limit: number, private readonly windowMs: number, private readonly clock: Clock) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (this.windows.size > 50_000) this.prune(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limit) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
  }

  private prune(now: number) {
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
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
