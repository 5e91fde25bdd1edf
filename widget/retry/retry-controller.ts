// A lazy part of its own (dist/widget/chunks/retry-controller-<hash>.js): "Try again" and the decline's
// "Pay with SINPE Móvil", asked by the flow on the first press, so a purchase that is approved the
// first time never downloads it. The state still moves only through the flow (its `go`, the table of
// checkout-machine.ts); this says what the next attempt is.
import type { SessionSinpeMovil } from '../../contract/sinpe-movil.ts';
import type { CreateSessionRequest } from '../../contract/bff-api.ts';
import { BffError } from '../flow/bff-client.ts';
import type { CheckoutFlowApi as CheckoutFlow } from '../flow/flow-api.ts';
import { forgetResultToken } from '../kept/kept-result.ts';
import { keptSessionToken } from '../kept/kept-session.ts';
import type { OrderSummary } from '../address/order-summary.ts';
import { sessionExpiredProblem } from '../../contract/problem-types.ts';
import { translationFor } from '../i18n/localize.ts';
import { serverErrorsByPath } from '../validation/server-field-errors.ts';
import type { KeptWork } from '../kept/kept-work.ts';

/** The flow's steps a next attempt is made of. */
export type RetrySteps = Pick<
  CheckoutFlow,
  | 'view' | 'set' | 'go' | 'fail' | 'client' | 'sessionToken' | 'isCatalogMode' | 'clearOutcome'
  | 'restart' | 'chooseMethod' | 'submit' | 'focusFirstInvalid' | 'prefill' | 'invoiceDetails' | 'restoreForm' | 'sinpe' | 'session'
>;

/** What the retry reads of the element: its attributes. */
export interface RetryHost {
  readonly session: string;
  readonly items: CreateSessionRequest['items'] | undefined;
  currentLocale(): string;
}

/** The order's lines are the page's cart (sku and quantity, in any order). */
function sameCart(lines: ReadonlyArray<{ sku?: string | undefined; quantity: number }>, items: RetryHost['items']): boolean {
  const key = (list: ReadonlyArray<{ sku?: string | undefined; quantity: number }>) => list.map(({ sku, quantity }) => `${sku ?? ''}×${quantity}`).sort().join(' ');
  return key(lines) === key(items ?? []);
}

/**
 * The next attempt after an outcome: after a decline, a cancel or a lapsed transfer, the same order's
 * next attempt (the same session), or, when the order takes no more, a new catalog order; after an
 * error, the session again. Once the form is back (the table's formBack) it is said and the pay button
 * takes the focus.
 */
export class RetryController {
  constructor(
    private readonly flow: RetrySteps,
    private readonly host: RetryHost,
    private readonly kept: Pick<KeptWork, 'keepTypedForm'>,
  ) {}

  async retry(): Promise<void> {
    const flow = this.flow;
    const outcome = flow.view.outcome;
    const sameOrder = outcome?.canRetry ? outcome.orderNumber : undefined;
    // Back to the form: a reload from now on shows the form, not the outcome that was left. The pay
    // button takes the focus once the form is back, whichever move brings it.
    forgetResultToken();
    flow.clearOutcome();
    flow.set({ focus: 'pay' });
    // The page's cart changed while the outcome showed: the next try is for it (the load takes it).
    if (flow.view.newOrder) return flow.session.loadSession();
    const token = sameOrder ? this.#sessionTokenFor(sameOrder) : undefined;
    if (token) return this.#reopen(token);
    if (flow.isCatalogMode()) return this.renewSession();
    if (!flow.view.order) return flow.restart();
    flow.go('retry');
  }

  /**
   * The BFF refused the checkout: each refused field's message beside it, a session that ran out (a
   * catalog page renews it and `pay` goes on, else the press is asked again; a merchant's is said to
   * have ended), else the payment failed. Here with the retry: a purchase the BFF accepts never downloads it.
   */
  async refused(error: unknown, pay: (() => Promise<void>) | undefined): Promise<void> {
    const flow = this.flow;
    if (!(error instanceof BffError)) return flow.fail(error, 'payment-error');
    const fieldErrors = error.status === 400 ? (error.problem?.errors ?? []) : [];
    if (fieldErrors.length > 0) {
      flow.invoiceDetails.showServerErrors(fieldErrors);
      flow.set({ serverErrors: serverErrorsByPath(fieldErrors, translationFor(this.host.currentLocale())), notice: (t) => t.fixErrors(fieldErrors.length) });
      flow.go('refuse');
      return flow.focusFirstInvalid();
    }
    if (error.status === 401 || error.problem?.type === sessionExpiredProblem) {
      return flow.isCatalogMode() ? this.renewAndPay(pay) : flow.session.expire(error.message);
    }
    flow.fail(error, 'payment-error');
  }

  /**
   * Catalog mode: a fresh session (and order number) for the same items; the shopper's details stay.
   * Here rather than with the session: only a next attempt, or a catalog session that ran out before a
   * payment, asks for one, so a purchase paid the first time never downloads it.
   */
  async renewSession(): Promise<void> {
    const flow = this.flow;
    flow.go('load');
    try {
      const typed = flow.view.order !== undefined;
      const created = await flow.client().createSession(flow.session.catalogRequest());
      flow.session.useSession(created.sessionToken, created.expiresAt);
      flow.set({ order: await flow.session.summaryOf(created), outcome: undefined });
      if (typed) this.kept.keepTypedForm();
      flow.restoreForm(created.order.orderNumber);
      flow.go('reopen');
    } catch (error) {
      flow.fail(error, 'invalid-session');
    }
  }

  /** A catalog session ran out before anything was paid: a new one, then `pay` goes on, or the press is asked again (never as an expired payment: none was made). */
  async renewAndPay(pay: (() => Promise<void>) | undefined): Promise<void> {
    const flow = this.flow;
    await this.renewSession();
    if (flow.view.state !== 'idle') return;
    if (pay) return pay();
    const clock = await flow.session.clockPart().catch(() => undefined);
    flow.set({ notice: clock && ((t) => clock.sessionClockWords(t.lang).renewed) });
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
      if (flow.isCatalogMode() && loaded.order.lines.length > 0 && !sameCart(loaded.order.lines, this.host.items)) return this.renewSession();
      flow.session.useSession(token, loaded.expiresAt);
      order = await flow.session.summaryOf(loaded);
      flow.prefill = loaded.prefill;
      flow.set({ order });
      // After a return the page has no invoice form yet: the order's offer (and its kept request) comes back.
      flow.invoiceDetails.offer(loaded.invoice === true);
      sinpe = loaded.sinpeMovil;
    } catch (error) {
      if (error instanceof BffError && error.status === 401) {
        if (flow.isCatalogMode()) return this.renewSession();
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
    flow.go('reopen');
  }
}
