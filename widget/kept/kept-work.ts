// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that composes it: what this tab
// keeps of the shopper's work (sessionStorage, never a cookie or a server) so that a return from the
// hosted page, a reload or Back finds it again.
import type { CreateSessionRequest } from '../../contract/bff-api.ts';
import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import { resultFragmentParameter } from '../../contract/status-token.ts';
import type { CheckoutFlowApi as CheckoutFlow } from '../flow/flow-api.ts';
import { carryCatalogForm, catalogScope, forgetCatalogOrder, forgetForm, keepForm, keptForm, type KeptForm } from './form-keeper.ts';
import { restoredForm } from './kept-details.ts';
import { keepResultToken } from './kept-result.ts';
import { forgetFollowing, forgetOpenPage, keepFollowing, keptFollowing, keptOpenPage, keptOpenTransfer, type KeptFollow } from './kept-session.ts';
import { once } from '../parts/loader.ts';

/** The flow's parts the kept work reads and writes. */
export type KeptSteps = Pick<CheckoutFlow, 'view' | 'set' | 'client' | 'isCatalogMode' | 'statusTokenOf'>;

/** What the kept work reads of <svc-checkout>. */
export interface KeptHost {
  readonly session: string;
  readonly items: CreateSessionRequest['items'] | undefined;
  ensureCountryData(country: string): Promise<unknown>;
}


/**
 * The shopper's kept work: the form typed for an order (until approval or "start over"), the payment
 * this page follows with its status token, and the open transfer or hosted page a catalog page comes
 * back to. Not a reactive controller: it has no part in the element's lifecycle, only in the flow's
 * steps, which call it.
 */
export class KeptWork {
  readonly #flow: KeptSteps;
  readonly #host: KeptHost;

  constructor(flow: KeptSteps, host: KeptHost) {
    this.#flow = flow;
    this.#host = host;
  }

  /** This page's catalog cart, as the kept keys name it. */
  catalogScope(): string {
    return catalogScope(window.location.pathname, this.#host.items);
  }

  /** This page's checkout: the merchant's session it was given, or its catalog cart. */
  #pageKey(): string {
    return this.#host.session || this.catalogScope();
  }

  /** What the shopper typed for this order, kept in this tab until approval or "start over" (form-keeper.ts). */
  keepTypedForm(): void {
    const v = this.#flow.view;
    if (!v.order) return;
    const { orderNumber } = v.order;
    // The invoice request is kept by its own form (lazy/invoice-details.ts): it stays as it was.
    const { invoice } = keptForm(orderNumber) ?? {};
    keepForm(orderNumber, { billing: v.billing, shipping: v.shipping, sameAsBilling: v.sameAsBilling, invoice });
  }

  /** After a return, a reload or Back: the order's kept form replaces the prefill (a catalog page carries its last order's). */
  restoreForm(orderNumber: string): void {
    const catalog = this.#flow.isCatalogMode();
    const kept = restoredForm(orderNumber, catalog ? carryCatalogForm(this.catalogScope(), orderNumber) : keptForm(orderNumber), catalog);
    if (kept) this.#showForm(kept);
  }

  /** The form on screen, when the page changes `items` or `session` under it: the new order keeps it. */
  typedForm(): KeptForm | undefined {
    const v = this.#flow.view;
    return v.order ? { billing: v.billing, shipping: v.shipping, sameAsBilling: v.sameAsBilling } : undefined;
  }

  /** The cart changed (another total, another order): what the shopper typed stays, and is kept for the new order. */
  carryTypedForm(typed: KeptForm): void {
    this.#showForm(typed);
    this.keepTypedForm();
  }

  #showForm(form: KeptForm): void {
    this.#flow.set({ billing: form.billing, shipping: form.shipping, sameAsBilling: form.sameAsBilling });
    void this.#host.ensureCountryData(form.billing.country);
    void this.#host.ensureCountryData(form.shipping.country);
  }

  forgetTypedForm(orderNumber: string): void {
    forgetForm(orderNumber);
    if (!this.#flow.isCatalogMode()) return;
    forgetCatalogOrder(this.catalogScope());
    forgetOpenPage(this.catalogScope());
  }

  /** Kept for a reload: the payment this page follows, with the status token that outlives the session. */
  keepFollowing(orderNumber: string, transfer?: SinpeMovilInstructions): void {
    const statusToken = this.#flow.statusTokenOf(orderNumber);
    if (statusToken) keepFollowing(this.#pageKey(), { orderNumber, statusToken, transfer });
  }

  /** The payment this page followed before a reload whose session had ended, if any. */
  following(): KeptFollow | undefined {
    return keptFollowing(this.#pageKey());
  }

  /** This page follows no payment any more (nothing to resume after a reload). */
  stopFollowing(): void {
    forgetFollowing(this.#pageKey());
  }

  /** Reads `#svc-result=<status token>` once and removes it, so a reload or a shared link does not replay it. */
  takeResultToken(): string | undefined {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get(resultFragmentParameter);
    if (!token) return undefined;
    fragment.delete(resultFragmentParameter);
    const rest = fragment.toString();
    const url = `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`;
    history.replaceState(history.state, '', url);
    keepResultToken(window.location.pathname, token);
    return token;
  }

  /**
   * A catalog page reloaded while its transfer was open, or back from (or reloaded after) its hosted
   * page: that order's session, while the transfer is open or the order may still be paid
   * (resumed-session.ts, asked only when one was kept).
   */
  async resumedSession() {
    const scope = this.catalogScope();
    const catalog = this.#flow.isCatalogMode();
    const transfer = catalog && keptOpenTransfer();
    const page = catalog && keptOpenPage(scope);
    if (!transfer && !page) return undefined;
    const part = await once('resumed-session', () => import('./resumed-session.ts')).catch(() => undefined);
    return part?.resumedSession(this.#flow.client(), scope, transfer, page);
  }
}
