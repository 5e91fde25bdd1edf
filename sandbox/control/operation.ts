import type { Context, MiddlewareHandler } from 'hono';
import { correlationIdHeader, type BankResponseCode } from '../../contract/bank/envelope.ts';
import type { CallCounter } from './call-counter.ts';
import type { FaultTable } from './faults.ts';
import type { TokenStore } from '../gateway/tokens.ts';

export interface OperationDeps {
  calls: CallCounter;
  faults: FaultTable;
  tokens: TokenStore;
}

/** How a bodyFailure fault looks on this side: the gateway fails in the body, the bank by status. */
export type FailureStyle = 'gateway' | 'bank';

/**
 * First middleware of every named operation: counts the call (with its orderNumber when
 * the body has one), then applies any injected fault before the real handler runs.
 */
export function operation(
  name: string,
  deps: OperationDeps,
  style: FailureStyle = 'gateway',
  orderNumberOf: (c: Context) => Promise<string | undefined> = orderNumberFromJsonBody,
): MiddlewareHandler {
  return async (c, next) => {
    deps.calls.record(name, await orderNumberOf(c));
    const hits = deps.faults.draw(name);
    for (const fault of hits.filter((f) => f.kind === 'latency')) {
      await sleepUnlessAborted(fault.latencyMs ?? 1000, c.req.raw.signal);
    }
    for (const fault of hits) {
      switch (fault.kind) {
        case 'latency':
          break;
        case 'expireToken':
          deps.tokens.expireAll();
          break;
        case 'http5xx': {
          const status = (fault.status ?? 503) as 503;
          if (style === 'bank') return c.json({ response_code: bankCodeForStatus(status), correlation_id: correlationOf(c), message: 'Injected failure' }, status);
          return c.text('Service Unavailable', status);
        }
        case 'hang':
          await new Promise<void>((resolve) => c.req.raw.signal.addEventListener('abort', () => resolve(), { once: true }));
          return c.body(null, 503);
        case 'malformedJson':
          return c.body('{"type":"200","message":"OK","response":[{"orderNumber":', 200, { 'Content-Type': 'application/json' });
        case 'bodyFailure':
          if (style === 'bank') {
            return c.json({ response_code: 'SERVICE_UNAVAILABLE', correlation_id: correlationOf(c), message: fault.message ?? 'Injected failure' }, 503);
          }
          return c.json({ type: fault.type ?? '400', message: fault.message ?? 'Sandbox injected failure' }, 200);
      }
    }
    await next();
  };
}

/** The bank's error envelope for an injected status (banking-webhooks.md §7). */
function bankCodeForStatus(status: number): BankResponseCode {
  if (status === 429) return 'TOO_MANY_REQUESTS';
  return status === 503 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR';
}

function correlationOf(c: Context): string {
  return c.req.header(correlationIdHeader) || 'injected-fault';
}

async function orderNumberFromJsonBody(c: Context): Promise<string | undefined> {
  if (!c.req.header('Content-Type')?.includes('application/json')) return undefined;
  try {
    const body: unknown = await c.req.json();
    if (body && typeof body === 'object' && 'orderNumber' in body && typeof body.orderNumber === 'string') return body.orderNumber;
  } catch {
    // A malformed body is the handler's to refuse; counting must not fail on it.
  }
  return undefined;
}

function sleepUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}
