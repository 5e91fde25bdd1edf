// What every log line of one piece of work carries without each call passing it: the request id
// (X-Request-Id, the caller's or a new one), the W3C traceparent the caller sent, and the order
// number once the work is known to concern an order. A request, a background pass over one order,
// an inbox event and an outbox delivery each run in their own context; the logger's mixin
// (logger.ts) adds the context's fields to every line written inside it, on whichever instance.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  requestId?: string;
  traceparent?: string;
  orderNumber?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/**
 * The fields of the current context (a copy), or none outside any. The logger's mixin: pino assigns
 * the line's own fields into this object. Copied with Object.assign, not spread: adding the line's
 * fields to a spread copy cost about 3 µs a line on Node 20, every line, against a tenth of that here
 * (bench/README.md, "The bank receiver at the end of round four").
 */
export function logContextFields(): LogContext {
  const current = storage.getStore();
  return current ? Object.assign({}, current) : {};
}

/**
 * Runs `work` in a fresh context: nothing of an enclosing one leaks in (a timer armed by a request).
 * A copy by Object.assign, as in logContextFields: tagOrder adds to it, and adding a field to a spread
 * copy cost about 0.5 µs on Node 20, against 0.04.
 */
export function inLogContext<T>(fields: LogContext, work: () => T): T {
  return storage.run(Object.assign({}, fields), work);
}

/** Names the order the current work concerns: every later line of it carries `orderNumber`. */
export function tagOrder(orderNumber: string | null | undefined): void {
  const current = storage.getStore();
  if (current && orderNumber) current.orderNumber = orderNumber;
}

/** The caller's traceparent, if any, for upstream calls to pass on. */
export function currentTraceparent(): string | undefined {
  return storage.getStore()?.traceparent;
}
