// Part of the lazy method-choice part (widget/lazy/method-choice.ts), which a session that offers
// SINPE Móvil loads at start and an accepted transfer loads before it shows: what the payment flow
// does when a transfer opens, so a card purchase carries none of it. The state still moves only
// through the flow (its `go`, checkout-machine.ts's table).
import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import type { FlowSteps } from '../flow/flow-steps.ts';
import { loadSinpePanel } from '../parts/sinpe-panel.ts';

/**
 * The transfer is open (just made, or resumed after a reload): the panel shows what to send; the
 * transfer move keeps it, fires svc-sinpe-pending and watches the order (followed past the session's
 * end with its status token: the transfer's window may be longer than a session lives); the page stays.
 */
export function showTransfer(flow: FlowSteps, orderNumber: string, transfer: SinpeMovilInstructions): void {
  // Also a resumed one: its next attempt is a transfer again.
  flow.set({ transfer, method: 'sinpe_movil' });
  void loadSinpePanel().catch(() => undefined);
  flow.go('transfer', { orderNumber });
}
