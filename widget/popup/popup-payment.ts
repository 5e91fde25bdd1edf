// Part of the lazy popup-mode part (widget/lazy/popup-mode.ts): what popup mode adds to the payment
// flow, so a redirect checkout (every card purchase by default) carries none of it. The state still
// moves only through the flow (its `go`, checkout-machine.ts's table); this says when.
import { isBusy } from '../flow/checkout-state.ts';
import type { FlowSteps } from '../flow/flow-steps.ts';
import * as events from '../events.ts';
import { PaymentPopup } from './payment-popup.ts';

/** In the shopper's click (later, browsers block it): the window, in the view; false, and the shopper told it was blocked, when there is none. */
export function openPaymentWindow(flow: FlowSteps): boolean {
  const popup = PaymentPopup.open();
  flow.set({ popup });
  // The press moved to submitting (svc-submit was heard): the form is back, then svc-error says why.
  if (!popup) flow.go('blocked', { error: new Error('the browser blocked the payment window'), code: 'popup-blocked' });
  return !!popup;
}

/** The hosted page in the window (the popup move's `leave`; its `watch` follows the order from this page meanwhile). */
export function showInPopup(flow: FlowSteps, popup: PaymentPopup, redirectUrl: string, orderNumber: string): void {
  popup.show(redirectUrl, () => void onPopupClosed(flow, orderNumber));
  flow.emit(new events.SvcRedirectEvent(redirectUrl, 'popup'));
}

/** The shopper closed the window: one last look, then back to the form if nothing was decided. */
async function onPopupClosed(flow: FlowSteps, orderNumber: string): Promise<void> {
  if (!isBusy(flow.view.state)) return;
  flow.stopWatching();
  flow.set({ popup: undefined });
  try {
    const status = await flow.client().getOrder(orderNumber, flow.followTokenFor(orderNumber));
    await flow.readyForOutcome(status);
    flow.onOrderStatus(status);
    if (status.final) return;
  } catch {
    // unknown: let the shopper decide to try again
  }
  if (flow.go('back')) flow.set({ notice: (t) => t.popupClosed });
}
