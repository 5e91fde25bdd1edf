// A lazy part of its own (dist/widget/chunks/resumed-session-<hash>.js), asked by the kept work
// (kept-work.ts) only when this tab kept a catalog page's open transfer or hosted page, so a purchase
// (which keeps them only once it has left the form) never downloads it.
import type { OrderStatus, SessionResponse } from '../../contract/bff-api.ts';
import type { BffClient } from '../flow/bff-client.ts';
import { forgetOpenPage, forgetOpenTransfer } from './kept-session.ts';

type Kept = { token: string } | false | undefined;

/** An order a checkout may still pay (its next attempt): a page out, or an attempt that ended unpaid. */
function mayStillBePaid(status: OrderStatus): boolean {
  return status === 'created' || status === 'pending' || status === 'declined' || status === 'cancelled';
}

/**
 * A catalog page reloaded while its transfer was open (`transfer`), or back from (or reloaded after)
 * its hosted page (`page`, kept for `scope`): that order's session, while the transfer is open or the
 * order may still be paid; a kept one that no longer is gets forgotten.
 */
export async function resumedSession(client: BffClient, scope: string, transfer: Kept, page: Kept): Promise<{ token: string; loaded: SessionResponse } | undefined> {
  for (const [kept, usable, forget] of [
    [transfer, (loaded: SessionResponse) => !!loaded.sinpeMovil?.transfer, forgetOpenTransfer],
    [page, (loaded: SessionResponse) => mayStillBePaid(loaded.order.status), () => forgetOpenPage(scope)],
  ] as const) {
    if (!kept) continue;
    const loaded = await client.getSession(kept.token).catch(() => undefined);
    if (loaded && usable(loaded)) return { token: kept.token, loaded };
    forget();
  }
  return undefined;
}
