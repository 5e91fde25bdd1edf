// Part of the lazy checkout-rules part: the one interpreter of what the table's moves do
// (checkout-machine.ts, CheckoutEffect), called by the flow's `go` for each effect of a move in order.
// The feature controllers hold the how (a popup, a poller, a kept key); this says which runs when.
import { originNotAllowedProblem } from '../../contract/problem-types.ts';
import * as events from '../events.ts';
import { BffError } from './bff-client.ts';
import * as effects from './checkout-machine.ts';
import type { CheckoutEffect, MoveData } from './checkout-machine.ts';
import { errorWords, isOriginRefused } from './error-codes.ts';
import type { CheckoutFlowApi, FlowHost } from './flow-api.ts';
import { forgetLastTypedForm } from '../kept/form-keeper.ts';
import { forgetResultToken } from '../kept/kept-result.ts';
import { keepOpenPage, keepOpenTransfer, keepPageLeft, keepSessionToken } from '../kept/kept-session.ts';
import type { KeptWork } from '../kept/kept-work.ts';
import type { CardPayment } from '../card/card-payment.ts';
import type { OutcomeController } from '../outcome/outcome-controller.ts';
import { forgetPurchasedItems, keepPurchasedItems } from '../outcome/purchase-detail.ts';

/** What the effects act on: the flow's view and steps, the element, and the controllers that do the work. */
export interface EffectParts {
  readonly flow: Pick<CheckoutFlowApi, 'view' | 'set' | 'emit' | 'sessionToken' | 'isCatalogMode' | 'followTokenFor' | 'sinpe' | 'session'>;
  readonly host: Pick<FlowHost, 'matches' | 'bff'>;
  readonly outcome: Pick<OutcomeController, 'watch' | 'stop' | 'keepResult' | 'tell'>;
  readonly card: Pick<CardPayment, 'leave' | 'closePopup'>;
  readonly kept: Pick<KeptWork, 'keepFollowing' | 'stopFollowing' | 'forgetTypedForm' | 'catalogScope'>;
}

/**
 * Performs one effect of a move with the move's data. Before the new state shows, false stops the move
 * (a page that cancelled svc-submit); after it, what an effect answers is not read.
 */
export function perform(effect: CheckoutEffect, d: MoveData, { flow, host, outcome, card, kept }: EffectParts): unknown {
  const v = flow.view;
  const orderNumber = d.orderNumber!;
  switch (effect) {
    case effects.svcSubmit:
      return flow.emit(new events.SvcSubmitEvent(v.order!.orderNumber));
    case effects.followFocus:
      // Set when the shopper submits from inside the element: their focus follows the checkout's status.
      return flow.set({ focus: host.matches(':focus-within') ? 'status' : undefined });
    case effects.formBack:
      // After "Try again" the live region says the form is back and the pay button takes the focus.
      return flow.set(v.focus === 'pay' ? { notice: (t) => t.retryReady } : { focus: undefined });
    case effects.cartTaken:
      return flow.set({ newOrder: false });
    case effects.svcReady:
      return flow.emit(new events.SvcReadyEvent(v.order!.orderNumber));
    case effects.keepCard:
      // A catalog session exists only in this page, a merchant's only in the page that set it (the
      // shopper may come back to a separate thank-you page): kept for a retry after the hosted page.
      keepSessionToken(orderNumber, flow.sessionToken);
      // Back from the page (or a reload) continues this order: its next "Pay" is the same order's next attempt.
      if (flow.isCatalogMode()) keepOpenPage(kept.catalogScope(), orderNumber);
      return keepPurchasedItems(v.order!);
    case effects.pageLeft:
      return keepPageLeft(orderNumber, d.attempt);
    case effects.follow:
      return kept.keepFollowing(orderNumber, v.transfer);
    case effects.keepTransfer:
      // A catalog page reloaded while the transfer is open comes back to it (KeptWork.resumedSession).
      if (flow.isCatalogMode() && flow.sessionToken) {
        keepSessionToken(orderNumber, flow.sessionToken);
        keepOpenTransfer(orderNumber);
      }
      return;
    case effects.leave:
      return card.leave(d.url!, orderNumber);
    case effects.svcSinpePending: {
      const transfer = v.transfer!;
      return flow.emit(new events.SvcSinpePendingEvent(orderNumber, transfer.reference, transfer.amount, transfer.expiresAt));
    }
    case effects.watch:
      return outcome.watch(orderNumber, d.token ?? flow.followTokenFor(orderNumber), d.asked);
    case effects.stopWatch:
      return outcome.stop();
    case effects.closePopup:
      return card.closePopup();
    case effects.keepResult:
      return outcome.keepResult();
    case effects.unfollow:
      kept.stopFollowing();
      return flow.sinpe.endTransfer(d.status && v.transfer);
    case effects.reveal:
      return flow.set({ focus: 'result' });
    case effects.svcOutcome:
      return outcome.tell();
    case effects.forgetPaid: {
      const paid = v.outcome!.orderNumber;
      kept.forgetTypedForm(paid);
      return forgetPurchasedItems(paid);
    }
    case effects.svcError:
      return failed(d, flow, host);
    case effects.svcExpired:
      flow.emit(new events.SvcErrorEvent('session-expired', d.detail!));
      return flow.session.clockWords(d.words!);
    case effects.forgetForm:
      if (v.order) kept.forgetTypedForm(v.order.orderNumber);
      forgetLastTypedForm();
      return forgetResultToken();
  }
}

/** The checkout cannot go on: the shopper's short text and the developer's code (events.ts, widget/README.md "Errors"). */
function failed({ error, code }: MoveData, flow: EffectParts['flow'], host: EffectParts['host']): void {
  const detail = error instanceof Error ? error.message : String(error);
  const report = (refused: boolean, otherwise: MoveData['code']) => {
    const said = refused ? 'origin-not-allowed' : otherwise!;
    flow.set({ notice: errorWords[said] });
    flow.emit(new events.SvcErrorEvent(said, detail));
  };
  if (!(error instanceof BffError) || error.status !== 0) {
    return report(error instanceof BffError && error.status === 403 && error.problem?.type === originNotAllowedProblem, code);
  }
  // No answer at all: a refused origin looks the same to the browser until the BFF is asked plainly.
  flow.set({ notice: (t) => t.offline });
  void isOriginRefused(host.bff, originNotAllowedProblem).then((refused) => report(refused, 'network'));
}
