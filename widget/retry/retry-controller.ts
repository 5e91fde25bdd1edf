// A lazy part of its own (dist/widget/chunks/retry-controller-<hash>.js): "Try again" and the decline's
// "Pay with SINPE Móvil", asked by the flow on the first press, so a purchase that is approved the
// first time never downloads it. The state still moves only through the flow (its `go`, the table of
// checkout-machine.ts); this says what the next attempt is.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SessionSinpeMovil } from '../../contract/sinpe-movil.ts';
import type { CreateSessionRequest } from '../../contract/bff-api.ts';
import { BffError } from '../flow/bff-client.ts';
import type { CheckoutFlowApi as CheckoutFlow } from '../flow/flow-api.ts';
import { forgetResultToken } from '../kept/kept-result.ts';
import { keptSessionToken } from '../kept/kept-session.ts';
import type { OrderSummary } from '../address/order-summary.ts';

/** The flow's steps a next attempt is made of. */
export type RetrySteps = Pick<
  CheckoutFlow,
  | 'view' | 'set' | 'go' | 'fail' | 'client' | 'sessionToken' | 'isCatalogMode' | 'stopWatching' | 'clearOutcome' | 'newOrderOnRetry'
  | 'restart' | 'chooseMethod' | 'submit' | 'prefill' | 'invoiceDetails' | 'restoreForm' | 'sinpe' | 'session'
>;

/** What the retry asks of the element: its attributes and where its pay button is. */
export interface RetryHost extends ReactiveControllerHost {
  readonly session: string;
  readonly items: CreateSessionRequest['items'] | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

/** The order's lines are the page's cart (sku and quantity, in any order). */
function sameCart(lines: ReadonlyArray<{ sku?: string | undefined; quantity: number }>, items: RetryHost['items']): boolean {
  const key = (list: ReadonlyArray<{ sku?: string | undefined; quantity: number }>) => list.map(({ sku, quantity }) => `${sku ?? ''}×${quantity}`).sort().join(' ');
  return key(lines) === key(items ?? []);
}

/**
 * The next attempt after an outcome (a Lit reactive controller of <svc-checkout>): after a decline, a
 * cancel or a lapsed transfer, the same order's next attempt (the same session), or, when the order
 * takes no more, a new catalog order; after an error, the session again. Once the form is back it says
 * so and puts the shopper on the pay button.
 */
export class RetryController implements ReactiveController {
  /** Set by "Try again" until the form is back. */
  #retrying = false;
  /** The form is back after "Try again": the next render's end moves the focus to the pay button. */
  #focusPayButton = false;

  constructor(
    private readonly flow: RetrySteps,
    private readonly host: RetryHost,
  ) {
    host.addController(this);
  }

  /** The flow's form is back (the table moved to idle): said in the live region, and the pay button takes focus. */
  formIsBack(): void {
    if (!this.#retrying) return;
    this.#retrying = false;
    this.#focusPayButton = true;
    this.flow.set({ notice: (t) => t.retryReady });
  }

  hostUpdated(): void {
    // After "Try again" the shopper lands on the pay button (the form above it keeps their details),
    // not on the page's top, and on a phone it is scrolled to.
    if (!this.#focusPayButton || this.flow.view.state !== 'idle') return;
    this.#focusPayButton = false;
    this.host.renderRoot.querySelector<HTMLElement>('[part="submit-button"]')?.focus();
  }

  async retry(): Promise<void> {
    const flow = this.flow;
    const outcome = flow.view.outcome;
    const sameOrder = outcome?.canRetry ? outcome.orderNumber : undefined;
    this.#retrying = true;
    flow.stopWatching();
    // Back to the form: a reload from now on shows the form, not the outcome that was left.
    forgetResultToken();
    flow.clearOutcome();
    if (flow.newOrderOnRetry) {
      flow.newOrderOnRetry = false;
      return flow.session.loadSession();
    }
    const token = sameOrder ? this.#sessionTokenFor(sameOrder) : undefined;
    if (token) return this.#reopen(token);
    if (flow.isCatalogMode()) return flow.session.renewSession();
    if (!flow.view.order) return flow.restart();
    flow.go('retry');
  }

  /** After a decline the BFF offered SINPE Móvil for: the same order's next attempt, as a transfer. */
  async payBySinpeInstead(): Promise<void> {
    this.flow.chooseMethod('sinpe_movil');
    await this.retry();
    await this.flow.submit();
  }

  /** The session that can pay `orderNumber` again: in memory, the merchant's, or kept across the hosted page. */
  #sessionTokenFor(orderNumber: string): string | undefined {
    const { flow, host } = this;
    if (flow.view.order?.orderNumber === orderNumber && flow.sessionToken) return flow.sessionToken;
    return host.session || keptSessionToken(orderNumber);
  }

  /** Back to the form of the same order, for its next attempt; what the shopper typed stays. */
  async #reopen(token: string): Promise<void> {
    const flow = this.flow;
    const typed = flow.view.order !== undefined;
    flow.go('load');
    let order: OrderSummary;
    let sinpe: SessionSinpeMovil | undefined;
    try {
      const loaded = await flow.client().getSession(token);
      // The cart changed while the shopper was paying (on the hosted page, in another tab): the next
      // try is an order for what the cart holds now, never the old items again. An order without
      // lines is a merchant's session (an amount, no cart): the page's items do not replace it.
      if (flow.isCatalogMode() && loaded.order.lines.length > 0 && !sameCart(loaded.order.lines, this.host.items)) return flow.session.renewSession();
      flow.session.useSession(token, loaded.expiresAt);
      order = await flow.session.summaryOf(loaded);
      flow.prefill = loaded.prefill;
      flow.set({ order });
      // After a return the page has no invoice form yet: the order's offer (and its kept request) comes back.
      flow.invoiceDetails.offer(loaded.invoice === true);
      sinpe = loaded.sinpeMovil;
    } catch (error) {
      if (error instanceof BffError && error.status === 401) {
        if (flow.isCatalogMode()) return flow.session.renewSession();
        return flow.session.expire(error.message);
      }
      return flow.fail(error, 'invalid-session');
    }
    if (!typed) {
      flow.session.applyPrefill();
      flow.restoreForm(order.orderNumber);
    }
    // After a return the page has no method choice either: it comes back, judged by the form's details.
    await flow.sinpe.offerMethods(sinpe);
    flow.go('ready');
  }
}
