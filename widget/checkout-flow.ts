// Part of the lazy checkout-rules part (widget/lazy/checkout-rules.ts): everything the element does
// once its rules are here, which is before the form first shows: the session's loading, the kept
// form, the payment (hosted page, popup or SINPE Móvil transfer), the watch of the order, its
// outcome and what follows it (retry, a renewed session). The first script keeps the form itself.
// It imports the element's own modules (events, BffError, the lazy-part loaders) like any module:
// the widget is one module graph, so these are the same objects the first script uses.
import type { html as litHtml } from 'lit';
import { localAmountLineOf } from './costa-rica/local-amount.ts';
import type {
  CheckoutAddress,
  CheckoutBillingAddress,
  CheckoutRequest,
  CreateSessionRequest,
  OrderStatusResponse,
  Prefill,
} from '../contract/bff-api.ts';
import type { CheckoutMethod } from '../contract/bff-api.ts';
import { declineLocaleOf, type DeclineCategory, type DeclineLocale } from '../contract/decline-messages.ts';
import type { SessionSinpeMovil, SinpeMovilInstructions } from '../contract/sinpe-movil.ts';
import { problemTypes } from '../contract/problem-types.ts';
import { orderNumberOfStatusToken, resultFragmentParameter } from '../contract/status-token.ts';
import { emptyAddress, emptyBillingAddress } from './address-fields.ts';
import { BffClient, BffError } from './bff-client.ts';
import { isBusy, type CheckoutState } from './checkout-state.ts';
import * as events from './events.ts';
import type { SvcErrorCode } from './events.ts';
import { isOriginRefused } from './error-codes.ts';
import { carryCatalogForm, catalogScope, forgetCatalogOrder, forgetForm, keepForm, keptForm, type KeptForm } from './form-keeper.ts';
import { countryOfCurrency, countryOfLocale } from './i18n/countries.ts';
import { translationFor } from './i18n/localize.ts';
import type { Translation } from './i18n/translation.ts';
import type { InvoiceDetailsHook } from './invoice-fieldset.ts';
import { forgetOpenTransfer, keepOpenTransfer, keepSessionToken, keptOpenTransfer, keptSessionToken } from './kept-session.ts';
import { AssetLoadError, loadDeclineMessages, loadMethodChoice, loadSinpePanel, type OrderWatchModule } from './lazy-assets.ts';
import type * as MethodChoice from './lazy/method-choice.ts';
import { outcomeOfStatus } from './order-outcome.ts';
import type { OrderSummary } from './order-summary.ts';
import { PaymentPopup } from './payment-popup.ts';
import type { StatusPoller } from './status-poller.ts';
import { toFieldErrorCode } from './validation/field-error-code.ts';

type CatalogItems = CreateSessionRequest['items'];

/** What the flow reads and sets on <svc-checkout> (its reactive state re-renders the element). */
export interface FlowHost {
  readonly bff: string;
  readonly session: string;
  readonly items: CatalogItems | undefined;
  readonly invoice: boolean;
  readonly mode: 'redirect' | 'popup';
  readonly noShipping: boolean;
  checkoutState: CheckoutState;
  order: OrderSummary | undefined;
  billing: CheckoutBillingAddress;
  shipping: CheckoutAddress;
  sameAsBilling: boolean;
  submitted: boolean;
  serverErrors: Readonly<Record<string, string>>;
  notice: ((t: Translation) => string) | undefined;
  outcome: OrderStatusResponse | undefined;
  sinpeOffered: boolean;
  methodChoice: typeof MethodChoice | undefined;
  method: CheckoutMethod;
  /** The pay button's action (validation first), as the shopper pressing it. */
  submit(): Promise<void>;
  transfer: SinpeMovilInstructions | undefined;
  popup: PaymentPopup | undefined;
  focusFollowsStatus: boolean;
  revealResult: boolean;
  readonly invoiceDetails: InvoiceDetailsHook;
  requestUpdate(): void;
  matches(selectors: string): boolean;
  emit(event: Event): boolean;
  fail(error: unknown, code: SvcErrorCode): void;
  reportError(code: SvcErrorCode, detail: string): void;
  currentLocale(): string;
  isCatalogMode(): boolean;
  focusFirstInvalid(): Promise<void>;
  ensureCountryData(country: string): Promise<unknown>;
  ensureOrderWatch(): Promise<OrderWatchModule>;
  closePopup(): void;
  /** start() again for the same attributes. */
  restart(): Promise<void>;
}

/** The prefill's given fields only: an absent one must not overwrite a default with undefined. */
function definedFields(partial: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(partial ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

export class CheckoutFlow {
  /** Popup mode's "show the payment window again", once its part has loaded (order-watch.js renders it). */
  popupButton: ((html: typeof litHtml, locale: string) => unknown) | undefined;
  private sessionToken = '';
  private prefill: Prefill = {};
  private poller: StatusPoller | undefined;
  /** Counts watches started or stopped: a watch whose part arrives after it was stopped does not start. */
  private watchRun = 0;
  private lastStatus: string | undefined;
  /** The decline and cancel messages of each language shown so far (generated/decline-messages/<language>.js). */
  private declineWords: ReadonlyMap<DeclineLocale, Record<DeclineCategory, string>> = new Map();

  constructor(
    private readonly host: FlowHost,
  ) {}

  /** The BFF at the element's `bff` now (a page may change it). */
  private client(): BffClient {
    return new BffClient(this.host.bff);
  }

  /** After the rules and the page's words: back from the hosted page, or the session's form. */
  begin(): Promise<void> | void {
    const statusToken = this.takeResultToken();
    if (statusToken) return this.resume(statusToken);
    if (this.host.session || this.host.items?.length) return this.loadSession();
  }

  /** The details are valid: the submit event, then the hosted page (or its popup) or the transfer. */
  async pay(order: OrderSummary): Promise<void> {
    const host = this.host;
    if (!host.emit(new events.SvcSubmitEvent(order.orderNumber))) return;
    host.focusFollowsStatus = host.matches(':focus-within');
    if (host.mode === 'popup' && host.method === 'card') {
      host.popup = PaymentPopup.open();
      if (!host.popup) {
        host.notice = (t) => t.popupBlocked;
        host.emit(new events.SvcErrorEvent('popup-blocked', 'the browser blocked the payment window'));
        return;
      }
      // A part of its own: only popup mode downloads it.
      void import('./popup-rescue.ts').then((part) => {
        this.popupButton = (html, locale) => part.renderPopupRescue(html, locale, host);
        host.requestUpdate();
      });
    }
    host.checkoutState = 'submitting';
    // A popup or a transfer keeps the page: its watch is fetched while the BFF answers.
    if (host.popup || host.method === 'sinpe_movil') void host.ensureOrderWatch().catch(() => undefined);
    const locale = host.currentLocale();
    const body: CheckoutRequest =
      host.noShipping || host.sameAsBilling
        ? { billing: host.billing, sameAsBilling: true, locale, ...host.invoiceDetails.body() }
        : { billing: host.billing, shipping: host.shipping, locale, ...host.invoiceDetails.body() };
    if (host.method === 'sinpe_movil') body.method = 'sinpe_movil';
    try {
      const answer = await this.client().checkout(this.sessionToken, body);
      if ('sinpeMovil' in answer) return this.showTransfer(answer.orderNumber, answer.sinpeMovil);
      const { redirectUrl, orderNumber } = answer;
      // A catalog session exists only in this page: keep it for a retry after the hosted page.
      if (host.isCatalogMode()) keepSessionToken(orderNumber, this.sessionToken);
      host.checkoutState = 'redirecting';
      if (host.popup) return this.openInPopup(host.popup, redirectUrl, orderNumber);
      if (host.emit(new events.SvcRedirectEvent(redirectUrl, 'redirect'))) window.location.assign(redirectUrl);
    } catch (error) {
      host.closePopup();
      await this.onCheckoutError(error);
    }
  }

  /** reset() of a loaded order: its kept form and transfer forgotten, the session's prefill again. */
  resetForm(order: OrderSummary): void {
    this.forgetTypedForm(order.orderNumber);
    this.endTransfer();
    this.lastStatus = undefined;
    this.applyPrefill();
  }

  // ----- the session ----------------------------------------------------------------------------

  /** The shopper comes back to this very page (without its fragment) after paying. */
  private catalogRequest(): CreateSessionRequest {
    const returnUrl = new URL(window.location.href);
    returnUrl.hash = '';
    const host = this.host;
    return { items: host.items ?? [], locale: host.currentLocale(), returnUrl: returnUrl.href, ...(host.invoice ? { invoice: true } : {}) };
  }

  private async loadSession(): Promise<void> {
    const host = this.host;
    const typed = this.typedForm();
    host.checkoutState = 'loading';
    let sinpe: SessionSinpeMovil | undefined;
    let order: OrderSummary;
    try {
      const resumed = host.session ? undefined : await this.resumedTransferSession();
      if (host.session || resumed) {
        const token = host.session || resumed!.token;
        const loaded = resumed?.loaded ?? (await this.client().getSession(token));
        this.sessionToken = token;
        order = host.order = { ...loaded.order, localAmountLine: localAmountLineOf(loaded) };
        this.prefill = loaded.prefill;
        host.invoiceDetails.offer(loaded.invoice === true);
        sinpe = loaded.sinpeMovil;
      } else {
        const created = await this.client().createSession(this.catalogRequest());
        this.sessionToken = created.sessionToken;
        order = host.order = { ...created.order, localAmountLine: localAmountLineOf(created) };
        this.prefill = {};
        host.invoiceDetails.offer(host.invoice);
        sinpe = created.sinpeMovil;
      }
    } catch (error) {
      if (error instanceof BffError && error.status === 401 && host.session) return this.expire(error.message);
      return host.fail(error, 'invalid-session');
    }
    this.applyPrefill();
    this.restoreForm(order.orderNumber);
    if (typed) this.carryTypedForm(typed);
    host.sinpeOffered = sinpe !== undefined;
    // Before idle, so the form does not jump; without it (a failed load) the card alone is offered.
    if (host.sinpeOffered) host.methodChoice ??= await loadMethodChoice().catch(() => undefined);
    host.checkoutState = 'idle';
    host.emit(new events.SvcReadyEvent(order.orderNumber));
    if (sinpe?.transfer) this.showTransfer(order.orderNumber, sinpe.transfer);
  }

  private applyPrefill(): void {
    const host = this.host;
    const defaultCountry = countryOfLocale(host.currentLocale()) ?? countryOfCurrency(host.order?.currency) ?? '';
    host.billing = { ...emptyBillingAddress(), country: defaultCountry, ...definedFields(this.prefill.billing) };
    host.shipping = { ...emptyAddress(), country: defaultCountry, ...definedFields(this.prefill.shipping) };
    host.sameAsBilling = !this.prefill.shipping;
    void host.ensureCountryData(host.billing.country);
    void host.ensureCountryData(host.shipping.country);
  }

  /** Reads `#svc-result=<status token>` once and removes it, so a reload or a shared link does not replay it. */
  private takeResultToken(): string | undefined {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get(resultFragmentParameter);
    if (!token) return undefined;
    fragment.delete(resultFragmentParameter);
    const rest = fragment.toString();
    const url = `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`;
    history.replaceState(history.state, '', url);
    return token;
  }

  private resume(statusToken: string): void {
    const orderNumber = orderNumberOfStatusToken(statusToken);
    if (!orderNumber) return this.host.fail(new BffError(401, undefined), 'invalid-session');
    this.host.checkoutState = 'returned';
    void this.watchOrder(orderNumber, statusToken);
  }

  // ----- the kept form --------------------------------------------------------------------------

  /** What the shopper typed for this order, kept in this tab until approval or "start over" (form-keeper.ts). */
  keepTypedForm(): void {
    const host = this.host;
    if (host.order) keepForm(host.order.orderNumber, { billing: host.billing, shipping: host.shipping, sameAsBilling: host.sameAsBilling });
  }

  /** After a return, a reload or Back: the order's kept form replaces the prefill (a catalog page carries its last order's). */
  private restoreForm(orderNumber: string): void {
    const host = this.host;
    const kept = host.isCatalogMode() ? carryCatalogForm(this.catalogScope(), orderNumber) : keptForm(orderNumber);
    if (kept) this.showForm(kept);
  }

  /** The form on screen, when the page changes `items` or `session` under it: the new order keeps it. */
  private typedForm(): KeptForm | undefined {
    const host = this.host;
    return host.order ? { billing: host.billing, shipping: host.shipping, sameAsBilling: host.sameAsBilling } : undefined;
  }

  /** The cart changed (another total, another order): what the shopper typed stays, and is kept for the new order. */
  private carryTypedForm(typed: KeptForm): void {
    this.showForm(typed);
    this.keepTypedForm();
  }

  private showForm(form: KeptForm): void {
    const host = this.host;
    host.billing = form.billing;
    host.shipping = form.shipping;
    host.sameAsBilling = form.sameAsBilling;
    void host.ensureCountryData(form.billing.country);
    void host.ensureCountryData(form.shipping.country);
  }

  private forgetTypedForm(orderNumber: string): void {
    forgetForm(orderNumber);
    if (this.host.isCatalogMode()) forgetCatalogOrder(this.catalogScope());
  }

  private catalogScope(): string {
    return catalogScope(window.location.pathname, this.host.items);
  }

  // ----- the popup and the watch ----------------------------------------------------------------

  private openInPopup(popup: PaymentPopup, redirectUrl: string, orderNumber: string): void {
    popup.show(redirectUrl, () => void this.onPopupClosed(orderNumber));
    this.host.emit(new events.SvcRedirectEvent(redirectUrl, 'popup'));
    void this.watchOrder(orderNumber, this.sessionToken);
  }

  /** The shopper closed the window: one last look, then back to the form if nothing was decided. */
  private async onPopupClosed(orderNumber: string): Promise<void> {
    const host = this.host;
    if (!isBusy(host.checkoutState)) return;
    this.stopWatching();
    host.popup = undefined;
    try {
      const status = await this.client().getOrder(orderNumber, this.sessionToken);
      if (status.reason) await this.loadDeclineWords(host.currentLocale());
      this.onOrderStatus(status);
      if (status.final) return;
    } catch {
      // unknown: let the shopper decide to try again
    }
    host.checkoutState = 'idle';
    host.notice = (t) => t.popupClosed;
  }

  stopWatching(): void {
    this.watchRun += 1;
    this.poller?.stop();
  }

  private async watchOrder(orderNumber: string, token: string): Promise<void> {
    const host = this.host;
    this.stopWatching();
    const run = this.watchRun;
    this.lastStatus = undefined;
    let watch: OrderWatchModule;
    try {
      watch = await host.ensureOrderWatch();
    } catch (error) {
      return host.fail(new AssetLoadError(error), 'asset-load');
    }
    if (run !== this.watchRun) return;
    this.poller = new watch.StatusPoller({
      fetchStatus: () => this.client().getOrder(orderNumber, token),
      onStatus: (status) => void this.takeOrderStatus(status, run),
      onFailure: (error) => host.fail(error, 'payment-error'),
      isRetryable: (error) => error instanceof BffError && (error.status === 0 || error.status === 429 || error.status >= 500),
    });
    this.poller.start();
  }

  /** A decline or a cancel is told in the page's language: its words come before the outcome shows. */
  private async takeOrderStatus(status: OrderStatusResponse, run: number): Promise<void> {
    if (status.reason) await this.loadDeclineWords(this.host.currentLocale());
    if (run === this.watchRun) this.onOrderStatus(status);
  }

  private onOrderStatus(status: OrderStatusResponse): void {
    const host = this.host;
    host.outcome = status;
    if (status.status !== this.lastStatus) {
      this.lastStatus = status.status;
      host.emit(new events.SvcStatusEvent(status.orderNumber, status.status, status.final));
    }
    if (!status.final && !status.canRetry) {
      if (host.checkoutState === 'returned' || host.checkoutState === 'redirecting') host.checkoutState = 'polling';
      return;
    }
    this.stopWatching();
    host.closePopup();
    // A SINPE Móvil transfer whose time ran out: the attempt ended unpaid and another may be opened.
    const outcome = host.transfer && status.status === 'expired' && status.canRetry ? 'declined' : outcomeOfStatus(status.status);
    this.endTransfer();
    host.checkoutState = outcome;
    host.revealResult = true;
    if (outcome === 'approved') {
      this.forgetTypedForm(status.orderNumber);
      host.emit(new events.SvcApprovedEvent(status.orderNumber, status.amount, status.currency, status.auth));
    } else if (outcome === 'declined') {
      host.emit(new events.SvcDeclinedEvent(status.orderNumber, this.catalogMessage(host.currentLocale())));
    } else if (outcome === 'cancelled') {
      host.emit(new events.SvcCancelledEvent(status.orderNumber, status.canRetry));
    } else if (outcome === 'error') {
      host.emit(new events.SvcErrorEvent('payment-error', `order ${status.status}`));
    } else if (outcome === 'expired') {
      host.emit(new events.SvcErrorEvent('session-expired', 'the order expired before it was paid'));
    }
  }

  /** The decline catalog's message for the outcome's category in `locale`, else the BFF's own. */
  catalogMessage(locale: string): string | undefined {
    const reason = this.host.outcome?.reason;
    const words = reason && this.declineWords.get(declineLocaleOf(locale));
    // The page switched language after the outcome: its words re-render the element when they come.
    if (reason && !words) void this.loadDeclineWords(locale);
    return reason && words ? words[reason] : this.host.outcome?.message;
  }

  /** The shared catalog's words in `locale`'s language; when they cannot load, the BFF's message stands. */
  private async loadDeclineWords(locale: string): Promise<void> {
    const language = declineLocaleOf(locale);
    if (this.declineWords.has(language)) return;
    const words = await loadDeclineMessages(language).catch(() => undefined);
    if (!words) return;
    this.declineWords = new Map(this.declineWords).set(language, words);
    this.host.requestUpdate();
  }

  // ----- SINPE Móvil ----------------------------------------------------------------------------

  /** The transfer is open: the panel shows what to send, the order is polled; the page stays. */
  private showTransfer(orderNumber: string, transfer: SinpeMovilInstructions): void {
    const host = this.host;
    host.transfer = transfer;
    if (host.isCatalogMode()) {
      keepSessionToken(orderNumber, this.sessionToken);
      keepOpenTransfer(orderNumber);
    }
    void loadSinpePanel().catch(() => undefined);
    host.checkoutState = 'polling';
    host.emit(new events.SvcSinpePendingEvent(orderNumber, transfer.reference, transfer.amount, transfer.expiresAt));
    void this.watchOrder(orderNumber, this.sessionToken);
  }

  private endTransfer(): void {
    if (this.host.transfer && this.host.isCatalogMode()) forgetOpenTransfer();
    this.host.transfer = undefined;
  }

  /** A catalog page reloaded while its transfer was open: that order's session, if it still has one. */
  private async resumedTransferSession() {
    const kept = this.host.isCatalogMode() ? keptOpenTransfer() : undefined;
    if (!kept) return undefined;
    const loaded = await this.client()
      .getSession(kept.token)
      .catch(() => undefined);
    if (loaded?.sinpeMovil?.transfer) return { token: kept.token, loaded };
    forgetOpenTransfer();
    return undefined;
  }

  // ----- failures and the next attempt ----------------------------------------------------------

  /** The developer's code for the element's fail(): a refused origin has a code of its own. */
  reportFailure(error: unknown, code: SvcErrorCode, detail: string): void {
    const host = this.host;
    const refusedType = problemTypes.originNotAllowed;
    if (!(error instanceof BffError) || error.status !== 0) {
      const refused = error instanceof BffError && error.status === 403 && error.problem?.type === refusedType;
      return host.reportError(refused ? 'origin-not-allowed' : code, detail);
    }
    // No answer at all: a refused origin looks the same to the browser until the BFF is asked plainly.
    host.notice = (t) => t.offline;
    void isOriginRefused(host.bff, refusedType).then((refused) => host.reportError(refused ? 'origin-not-allowed' : 'network', detail));
  }

  private async onCheckoutError(error: unknown): Promise<void> {
    const host = this.host;
    if (!(error instanceof BffError)) return host.fail(error, 'payment-error');
    const fieldErrors = error.status === 400 ? (error.problem?.errors ?? []) : [];
    if (fieldErrors.length > 0) {
      const byPath: Record<string, string> = {};
      const t = translationFor(host.currentLocale());
      for (const fieldError of fieldErrors) {
        const code = toFieldErrorCode(fieldError.code ?? fieldError.message);
        byPath[fieldError.path] ??= code === 'invalid' ? fieldError.message : t.errors[code];
      }
      host.serverErrors = byPath;
      host.invoiceDetails.showServerErrors(fieldErrors);
      host.checkoutState = 'idle';
      host.notice = (t) => t.fixErrors(fieldErrors.length);
      return host.focusFirstInvalid();
    }
    if (error.status === 401 || error.problem?.type === problemTypes.sessionExpired) {
      if (host.isCatalogMode()) {
        await this.renewSession();
        host.notice = (t) => t.expiredRenewed;
        return;
      }
      return this.expire(error.message);
    }
    host.fail(error, 'payment-error');
  }

  /** Catalog mode: a fresh session (and order number) for the same items; the shopper's details stay. */
  private async renewSession(): Promise<void> {
    const host = this.host;
    host.checkoutState = 'loading';
    try {
      const typed = host.order !== undefined;
      const created = await this.client().createSession(this.catalogRequest());
      this.sessionToken = created.sessionToken;
      host.order = { ...created.order, localAmountLine: localAmountLineOf(created) };
      if (typed) this.keepTypedForm();
      this.restoreForm(created.order.orderNumber);
      host.outcome = undefined;
      this.lastStatus = undefined;
      host.checkoutState = 'idle';
    } catch (error) {
      host.fail(error, 'invalid-session');
    }
  }

  private expire(detail: string): void {
    this.host.checkoutState = 'expired';
    this.host.emit(new events.SvcErrorEvent('session-expired', detail));
  }

  /**
   * After a decline or a cancel: the same order's next attempt (the same session), or, when the
   * order takes no more, a new catalog order. After an error: the session again.
   */
  async retry(): Promise<void> {
    const host = this.host;
    const sameOrder = host.outcome?.canRetry ? host.outcome.orderNumber : undefined;
    this.stopWatching();
    host.outcome = undefined;
    this.lastStatus = undefined;
    host.submitted = false;
    host.notice = undefined;
    const token = sameOrder ? this.sessionTokenFor(sameOrder) : undefined;
    if (token) return this.reopen(token);
    if (host.isCatalogMode()) return this.renewSession();
    if (!host.order) return host.restart();
    host.checkoutState = 'idle';
  }

  /** After a decline the BFF offered SINPE Móvil for: the same order's next attempt, as a transfer. */
  async payBySinpeInstead(): Promise<void> {
    const host = this.host;
    host.method = 'sinpe_movil';
    await this.retry();
    if (host.checkoutState === 'idle') await host.submit();
  }

  /** The session that can pay `orderNumber` again: in memory, the merchant's, or kept across the hosted page. */
  private sessionTokenFor(orderNumber: string): string | undefined {
    if (this.host.order?.orderNumber === orderNumber && this.sessionToken) return this.sessionToken;
    if (this.host.session) return this.host.session;
    return keptSessionToken(orderNumber);
  }

  /** Back to the form of the same order, for its next attempt; what the shopper typed stays. */
  private async reopen(token: string): Promise<void> {
    const host = this.host;
    const typed = host.order !== undefined;
    host.checkoutState = 'loading';
    let order: OrderSummary;
    try {
      const loaded = await this.client().getSession(token);
      this.sessionToken = token;
      order = host.order = { ...loaded.order, localAmountLine: localAmountLineOf(loaded) };
      this.prefill = loaded.prefill;
    } catch (error) {
      if (error instanceof BffError && error.status === 401) {
        if (host.isCatalogMode()) return this.renewSession();
        return this.expire(error.message);
      }
      return host.fail(error, 'invalid-session');
    }
    if (!typed) {
      this.applyPrefill();
      this.restoreForm(order.orderNumber);
    }
    host.checkoutState = 'idle';
  }
}
