// POST /v1/checkout against the sandbox with no added latency, each request on a fresh session
// (a repeat on one session is answered from the store without calling the gateway, which would
// flatter the figure). The BFF validates the addresses, claims the order and calls processPayment.
import { checkoutBody } from '../test/bff/fixtures/buyer.ts';
import { shopOrigin } from './bench-stack.ts';
import { runRounds, type RoundOptions, type SpeedRun } from './load-run.ts';
import type { FreshSession } from './session-creation.ts';

export interface CheckoutSpeedResult {
  run: SpeedRun;
  /** Sessions the run spent (the rest are still fresh). */
  used: number;
}

export async function measureCheckout(bffUrl: string, sessions: readonly FreshSession[], options: RoundOptions): Promise<CheckoutSpeedResult> {
  let next = 0;
  const run = await runRounds(
    {
    url: `${bffUrl}/v1/checkout`,
    method: 'POST',
    headers: { Origin: shopOrigin, 'Content-Type': 'application/json' },
    body: JSON.stringify(checkoutBody),
    headersPerRequest: () => {
      const session = sessions[Math.min(next++, sessions.length - 1)]!;
      return { Authorization: `Bearer ${session.sessionToken}` };
    },
    remaining: () => sessions.length - next,
    },
    options,
  );
  return { run, used: Math.min(next, sessions.length) };
}
