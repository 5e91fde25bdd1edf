// The demo's server routes that act for its pages with the merchant's secret or on the sandbox
// (an authorize-only session, the bank triggers). Without this guard any site's page, or any
// script, could have the demo mint merchant-secret sessions, each sending signed order.* webhooks.
import type { MiddlewareHandler } from 'hono';
import { socketAddressKey } from '../node/client-address.ts';

/** Calls per address per minute: a person clicking through the demo stays far below it. */
export const demoCallsPerMinute = 30;

/**
 * Guards for routes that share one per-address limit. Each answers 404 unless `enabled` (the demo
 * runs against the sandbox), 403 unless the browser says the call comes from the demo's own page
 * (Origin equals the origin the request was sent to), 429 past `demoCallsPerMinute` from one
 * address. A script can write any Origin; the limit is what bounds it.
 */
export function merchantRouteGuards(): (enabled: () => boolean) => MiddlewareHandler {
  // One window per address, the minute it started in; a new minute starts it again.
  const windows = new Map<string, { minute: number; calls: number }>();
  return (enabled) => async (c, next) => {
    if (!enabled()) return c.json({ error: 'this demo route exists only with the sandbox' }, 404);
    if (c.req.header('Origin') !== new URL(c.req.url).origin) return c.json({ error: 'only the demo’s own pages may call this' }, 403);
    // The demo listens on 127.0.0.1 with no proxy of its own: the socket is the caller.
    const retryAfter = callsLeft(windows, socketAddressKey(c), Date.now());
    if (retryAfter > 0) {
      c.header('Retry-After', String(retryAfter));
      return c.json({ error: `too many requests from this address; try again in ${retryAfter} s` }, 429);
    }
    await next();
  };
}

/** Counts a call; the seconds until the caller's minute ends once it is over the limit, else 0. */
function callsLeft(windows: Map<string, { minute: number; calls: number }>, key: string, now: number): number {
  const minute = Math.floor(now / 60_000);
  const window = windows.get(key);
  if (!window || window.minute !== minute) {
    // Old minutes are dropped as the map is used: a demo sees few addresses.
    for (const [address, kept] of windows) if (kept.minute !== minute) windows.delete(address);
    windows.set(key, { minute, calls: 1 });
    return 0;
  }
  window.calls++;
  return window.calls > demoCallsPerMinute ? Math.ceil(((minute + 1) * 60_000 - now) / 1000) : 0;
}
