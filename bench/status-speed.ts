// GET /v1/orders/{n} on a final (approved) order, polled with the status token the buyer's
// return hands out: answered from the store alone, so no consult may reach the gateway.
import type { SandboxControl } from '../sandbox/control-client.ts';
import { approvedOrder } from '../test/bff/fixtures/buyer.ts';
import { shopOrigin } from '../test/bff/fixtures/stack.ts';
import { runRounds, type RoundOptions, type SpeedRun } from './load-run.ts';

export interface StatusSpeedResult {
  run: SpeedRun;
  orderNumber: string;
  /** consult calls the gateway received for that order during the run (expected 0). */
  consultsDuringRun: number;
}

export async function measureFinalOrderStatus(bffUrl: string, sandbox: SandboxControl, options: RoundOptions): Promise<StatusSpeedResult> {
  const { orderNumber, statusToken } = await approvedOrder(bffUrl, sandbox);
  const consultsBefore = await sandbox.calls('consult', orderNumber);
  const run = await runRounds(
    { url: `${bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`, // As the widget polls: cross-origin from the merchant's page, so CORS headers are part of the answer.
    headers: { Authorization: `Bearer ${statusToken}`, Origin: shopOrigin } },
    options,
  );
  return { run, orderNumber, consultsDuringRun: (await sandbox.calls('consult', orderNumber)) - consultsBefore };
}
