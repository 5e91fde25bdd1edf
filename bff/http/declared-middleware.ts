// Middleware that a status poll of a final order passes, each declared with how the status lane
// (routes/status-lane.ts) honours it without running it. The app and the buyer sub-app register
// exactly these for the poll's path, and test/bff/app-shape.spec.ts checks that nothing else is
// registered there: a middleware added without a declaration fails that test instead of being
// silently skipped by the lane.
import type { MiddlewareHandler } from 'hono';

export type LaneRule =
  /** Its only effect on an answered request is headers: the lane replays them from the full route's answer. */
  | 'replays-headers'
  /** It refuses a foreign Origin: the lane serves no foreign Origin (the full route refuses it). */
  | 'refuses-foreign-origin'
  /** It counts, times and logs the request: the lane records its answers the same way. */
  | 'recorded-by-lane'
  /** It limits request bodies: a GET carries none. */
  | 'no-body-on-get'
  /** It is registered ahead of the lane, so the lane's answers pass through it too (correlation). */
  | 'runs-before-lane';

export interface DeclaredMiddleware {
  handler: MiddlewareHandler;
  lane: LaneRule;
}

export function handlersOf(declared: readonly DeclaredMiddleware[]): MiddlewareHandler[] {
  return declared.map((entry) => entry.handler);
}
