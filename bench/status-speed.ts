// GET /v1/orders/{n} on a final (approved) order, polled with the status token the buyer's
// return hands out: answered from the store alone, so no consult may reach the gateway. As a
// browser polls it: the first answer carries an ETag and `private, no-cache`, so the browser's cache
// revalidates every later poll with If-None-Match and gets a 304 without a body.
import type { SandboxControl } from '../sandbox/control-client.ts';
import { approvedOrder } from '../test/bff/fixtures/buyer.ts';
import { shopOrigin } from '../test/support/system.ts';
import { runRounds, type RoundOptions, type SpeedRun } from './load-run.ts';

export interface StatusSpeedResult {
  run: SpeedRun;
  orderNumber: string;
  /** consult calls the gateway received for that order during the run (expected 0). */
  consultsDuringRun: number;
}

export async function measureFinalOrderStatus(bffUrl: string, sandbox: SandboxControl, options: RoundOptions): Promise<StatusSpeedResult> {
  const { orderNumber, statusToken } = await approvedOrder(bffUrl, sandbox);
  const url = `${bffUrl}/v1/orders/${encodeURIComponent(orderNumber)}`;
  // As the widget polls: cross-origin from the merchant's page, so CORS headers are part of the answer.
  const headers = { Authorization: `Bearer ${statusToken}`, Origin: shopOrigin };
  const etag = (await fetch(url, { headers })).headers.get('etag');
  if (!etag) throw new Error('a final order answered without an ETag');
  const consultsBefore = await sandbox.calls('consult', orderNumber);
  const run = await runRounds({ url, headers: { ...headers, 'If-None-Match': etag }, answeredStatuses: [304] }, options);
  return { run, orderNumber, consultsDuringRun: (await sandbox.calls('consult', orderNumber)) - consultsBefore };
}
