// `consult` calls per interval with 100 concurrent pollers of one open order: an order checked
// out but not yet paid, so every poll would like to ask the gateway. The BFF promises at most one
// consult per order per STATUS_CONSULT_INTERVAL_MS, however many tabs poll. A run of D ms that
// starts with a consult can hold floor(D / interval) + 1 of them; the figure is the consults the
// gateway saw divided by that number (1 = exactly one per interval, the target).
import type { SandboxControl } from '../sandbox/control-client.ts';
import { checkout, createMerchantSession } from '../test/bff/fixtures/buyer.ts';
import { runLoad, type LoadFigure } from './load-run.ts';

export const pollers = 100;

export interface ConsultFigure {
  /** The pollers' load on the BFF (an open order: store read, sometimes a consult). */
  figure: LoadFigure;
  pollers: number;
  intervalMs: number;
  consults: number;
  intervals: number;
  consultsPerInterval: number;
  /** Shortest time between two consults, by the gateway's clock (about intervalMs when coalesced). */
  minimumGapMs: number | null;
}

export async function measureConsultsPerInterval(bffUrl: string, sandbox: SandboxControl, seconds: number, intervalMs: number): Promise<ConsultFigure> {
  const session = await createMerchantSession(bffUrl);
  await checkout(bffUrl, session.sessionToken);
  const before = (await sandbox.callLog('consult', session.orderNumber)).length;
  const figure = await runLoad({
    url: `${bffUrl}/v1/orders/${encodeURIComponent(session.orderNumber)}`,
    headers: { Authorization: `Bearer ${session.sessionToken}` },
    connections: pollers,
    seconds,
  });
  const times = (await sandbox.callLog('consult', session.orderNumber)).slice(before).map((at) => at.getTime());
  const gaps = times.slice(1).map((time, index) => time - times[index]!);
  const intervals = Math.floor((figure.seconds * 1000) / intervalMs) + 1;
  return {
    figure,
    pollers,
    intervalMs,
    consults: times.length,
    intervals,
    consultsPerInterval: times.length / intervals,
    minimumGapMs: gaps.length ? Math.min(...gaps) : null,
  };
}
