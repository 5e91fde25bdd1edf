import { LitElement, adoptStyles, html, nothing, unsafeCSS, type PropertyValues } from 'lit';
import type { CreateSessionRequest } from '../contract/bff-api.ts';
import { fieldsOf, type AddressSection } from './address/address-fields.ts';
import type { SinpeSmsBank } from './sinpe/sinpe-sms-banks.ts';
import type { CheckoutFlow } from './flow/checkout-flow.ts';
import { checkoutStyles } from './checkout.styles.ts';
import { isOutcome, type CheckoutState } from './flow/checkout-state.ts';
import { SvcErrorEvent, type SvcErrorCode } from './events.ts';
import { onWordsArrival, resolveLocale, translationFor } from './i18n/localize.ts';
import { ensureLocale, isLocaleReady } from './i18n/locale-loader.ts';
import type { AddressFieldName, Translation } from './i18n/translation.ts';
import { AssetLoadError, forgetFailedParts } from './parts/loader.ts';
import { loadCheckoutRules } from './parts/checkout-rules.ts';
import { loadOrderWatch, type OrderWatchModule } from './parts/order-watch.ts';
import { renderFormSkeleton, summaryStyles } from './address/form-skeleton.ts';
import { renderCheckoutForm, type FormHost, type FormParts } from './address/checkout-form.ts';
import type { FormChecks } from './address/form-checks.ts';
import { askResultEarly } from './outcome/early-result.ts';

type CatalogItems = CreateSessionRequest['items'];

/** `items='[{"sku":"mug","quantity":2}]'`: a malformed attribute reads as no items rather than throwing in render. */
const itemsConverter = {
  fromAttribute(value: string | null): CatalogItems | undefined {
    if (!value) return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? (parsed as CatalogItems) : undefined;
    } catch {
      return undefined;
    }
  },
  toAttribute: (value: CatalogItems | undefined) => (value ? JSON.stringify(value) : null),
};

/**
 * @summary A checkout form that collects billing and shipping details, sends the shopper to the
 * gateway's hosted payment page (full-page redirect or popup) and shows the confirmed outcome.
 *
 * @event {SvcReadyEvent} svc-ready - The session loaded and the form is ready. `orderNumber`.
 * @event {SvcSubmitEvent} svc-submit - The shopper submitted valid details. Cancelable: `preventDefault()` stops the checkout.
 * @event {SvcRedirectEvent} svc-redirect - The hosted payment page is ready (`url`, `mode`). In redirect mode, `preventDefault()` stops the navigation so the page can navigate itself.
 * @event {SvcStatusEvent} svc-status - The order's status changed (`orderNumber`, `status`, `final`).
 * @event {SvcMethodChangeEvent} svc-method-change - The buyer chose how to pay (`method`: `card` or `sinpe_movil`; also `detail.method`). Not fired for the default shown at start: GA4's `add_payment_info`.
 * @event {SvcApprovedEvent} svc-approved - The payment was approved (`orderNumber`, `amount` and `currency` as paid, `auth`, `method`, `items` `[{sku, name, quantity, price}]` when known; the same in `detail`): GA4's `purchase`.
 * @event {SvcDeclinedEvent} svc-declined - The payment was declined (`orderNumber`, `reason`: the shared catalog's shopper-safe message for its category, in the page's language; `category`: the catalog's code; `method`; the same in `detail`).
 * @event {SvcLapsedEvent} svc-lapsed - A SINPE Móvil transfer's time ran out and no money was seen (`orderNumber`, `reason`: what to do now and if it was sent anyway, in the checkout's language; `canRetry`; `method`; the same in `detail`). Not a decline: no svc-declined fires for it.
 * @event {SvcSinpePendingEvent} svc-sinpe-pending - A SINPE Móvil transfer is awaited (`orderNumber`, `reference`, `amount`, `expiresAt`); the page stays, svc-approved, svc-declined or svc-lapsed follows.
 * @event {SvcCancelledEvent} svc-cancelled - The shopper cancelled on the hosted page (`orderNumber`, `canRetry`).
 * @event {SvcErrorEvent} svc-error - The checkout cannot go on (`code`, `detail`). Codes: `network` (the BFF could not be reached), `origin-not-allowed` (the BFF refuses this page's origin: add it to ALLOWED_ORIGINS), `asset-load` (a lazy part of the widget failed twice), `session-expired`, `invalid-session`, `popup-blocked`, `payment-error`. See widget/README.md, "Errors".
 *
 * @csspart form - The form element.
 * @csspart summary - The order above the form: its lines and total.
 * @csspart lines - The order lines (quantity, name, amount) in the summary.
 * @csspart skeleton - The form-shaped placeholder shown while the checkout loads.
 * @csspart result - The outcome panel (icon, heading, amount, order number, card, next step); it takes focus on return.
 * @csspart billing - The billing address fieldset.
 * @csspart shipping - The shipping address fieldset.
 * @csspart same-as-billing - The "ship to my billing address" checkbox row.
 * @csspart field - Each field's wrapper (also `field-<name>`, e.g. `field-email`).
 * @csspart input - Each input and select (selects also `country` or `state`).
 * @csspart error - A field's error message.
 * @csspart invoice - The electronic invoice block (shown when the session offers one).
 * @csspart invoice-request - The "I need an electronic invoice" checkbox row.
 * @csspart invoice-details - The invoice fieldset (ID type, ID number, legal name, e-mail).
 * @csspart email-suggestion - "Did you mean …?" under the billing or invoice e-mail, with a button that takes the suggested address.
 * @csspart method-choice - The card / SINPE Móvil radio group (CRC orders of a merchant with a SINPE Móvil number).
 * @csspart card-currency - A dollar order's "pay in dollars / in colones" radio group (a merchant with CARD_COLONES_FOR_USD).
 * @csspart method-option - Each option of that group.
 * @csspart submit-button - The pay button, with the order's amount ("Pay ₡6,500.00").
 * @csspart status - The live region that states where the checkout is and its outcome.
 * @csspart retry-button - The button offered after a decline or an error.
 * @csspart session-notice - Two minutes before the session ends: the time left (a polite live region) and, for a merchant session, the extend button.
 * @csspart session-countdown - The notice's minutes and seconds (for the eye; the live region says whole minutes).
 * @csspart session-extend-button - "Extend": renews the session (POST /v1/session/renew), up to the BFF's SESSION_MAX_MINUTES.
 * @attribute {boolean} no-sinpe-sms - SINPE Móvil on a phone: offer no `sms:` link with `PASE <monto> <número>` for the shopper's bank.
 * @attribute {boolean} no-sinpe-qr - SINPE Móvil on a desktop: offer no QR of that SMS.
 * @attribute {string} sinpe-sms-banks - JSON `[{name, smsNumber}]`: the banks the shopper picks from for the SMS (see `sinpeSmsBanks`).
 * @csspart sinpe-rescue-button - "Pay with SINPE Móvil", offered after a decline when the BFF says SINPE Móvil can pay the same order.
 * @csspart popup-again-button - Popup mode: "Show the payment window again", while the payment window is open.
 * @csspart local-amount - A dollar order's amount in colones at the BCCR rate, under the total.
 *
 * @cssproperty --svc-color-text - Text color.
 * @cssproperty --svc-color-muted - Secondary text color.
 * @cssproperty --svc-color-background - Background of the element and its inputs.
 * @cssproperty --svc-color-surface - Background of the order summary.
 * @cssproperty --svc-color-border - Input and fieldset borders.
 * @cssproperty --svc-color-primary - Pay button and focus color.
 * @cssproperty --svc-color-on-primary - Text on the pay button.
 * @cssproperty --svc-color-error - Error messages and invalid borders.
 * @cssproperty --svc-color-success - Approved outcome.
 * @cssproperty --svc-color-warning - Review outcome.
 * @cssproperty --svc-radius - Corner radius.
 * @cssproperty --svc-spacing - Gap between fields.
 * @cssproperty --svc-focus-ring - Box shadow of the focused control.
 */
export class SvcCheckout extends LitElement implements FormHost {
  static override styles = [checkoutStyles, summaryStyles];

  // Declared here rather than with decorators: the same reactive properties without the decorator
  // code in the first script. Each one's JSDoc stays on its field below.
  static override properties = {
    bff: {},
    session: {},
    items: { converter: itemsConverter },
    locale: {},
    mode: {},
    noShipping: { type: Boolean, attribute: 'no-shipping' },
    invoice: { type: Boolean },
    // Not reflected: an attribute written onto the tag at upgrade (theme="auto") is a hydration
    // mismatch for a server-rendered page. The styles read the theme from a custom state instead.
    theme: {},
    touched: { state: true },
    changed: { state: true },
    orderWatch: { state: true },
    flow: { state: true },
    partsFailed: { state: true },
  };

  /** The BFF's base URL, e.g. `https://pay.example.com`. */
  bff = '';

  /** A session token made by the merchant's server (`POST /v1/merchant/checkout-sessions`). */
  session = '';

  /** Catalog mode for static sites: `[{sku, quantity}]` (JSON in the attribute); the element creates the session. */
  items: CatalogItems | undefined;

  /** BCP 47 tag (`es-CR`, `en`, `pt-BR`). Default: `<html lang>`, then the browser's language. */
  locale = '';

  /** `redirect` (default): the page goes to the gateway and comes back. `popup`: the gateway opens in a popup. */
  mode: 'redirect' | 'popup' = 'redirect';

  /** Set for goods that are not shipped: no shipping address is asked. */
  noShipping = false;

  /** Catalog mode: offer the buyer a Costa Rican electronic invoice, when the BFF's catalog issues them (merchant sessions say so with `invoice: true`). */
  invoice = false;

  /**
   * The banks and SINPE Móvil SMS numbers the shopper picks from (`[{name, smsNumber}]`; or the
   * `sinpe-sms-banks` JSON attribute); default: a table of Costa Rican banks. Read by the SINPE
   * Móvil panel when a transfer opens.
   */
  sinpeSmsBanks: SinpeSmsBank[] | undefined;

  /** `light`, `dark`, or `auto` (default: follows `prefers-color-scheme`). */
  theme: 'auto' | 'light' | 'dark' = 'auto';

  private touched: ReadonlySet<string> = new Set();
  private changed: ReadonlySet<string> = new Set();

  #startedFor = '';
  /** The status poller and the result panel (the order-watch part), loaded once a payment starts or ends. */
  private orderWatch: OrderWatchModule | undefined;
  readonly #langObserver = new MutationObserver(() => this.requestUpdate());
  /**
   * Custom states (`:state(dark)`): how the styles see the theme without an attribute on the tag.
   * Absent where there is no ElementInternals (a server-side DOM shim); the page's attribute still styles it.
   */
  readonly #internals: ElementInternals | undefined = this.attachInternals?.();
  // The methods marked @internal are what the controller asks of the element (checkout-flow.ts,
  // FlowHost): left out of the published types (stripInternal) and of custom-elements.json.
  /** The checkout's state and its one owner (a reactive controller): the session, the payment and its
   * outcome, from checkout-rules.js (with the contract's zod-based code, which the first script cannot
   * carry), loaded at start: here whenever the form is. Until then the element is loading, or failed. */
  private flow: CheckoutFlow | undefined;
  /** A part the checkout needs did not load before the flow was here (the shopper may try again). */
  private partsFailed = false;
  /** The form's checks (address/form-checks.ts, from checkout-rules.js, with the flow). */
  #checks: FormChecks | undefined;
  /** What renders the form (the summary, the fieldsets, the country list), from checkout-rules.js: the form shows only once the flow is here. */
  #form: FormParts | undefined;

  /** Where the checkout is: loading, idle, submitting, redirecting, returned, polling, approved, declined, lapsed (a SINPE Móvil transfer's time ran out), cancelled, review, error or expired. */
  get state(): CheckoutState {
    return this.flow?.view.state ?? (this.partsFailed ? 'error' : 'loading');
  }

  /** Stops rendering again when a feature's words arrive (i18n/<tag>/<file>.ts, localize.ts featureWords). */
  #stopWords: (() => void) | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    this.#langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    this.#stopWords = onWordsArrival(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#langObserver.disconnect();
    this.#stopWords?.();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // The theme as a custom state (`:state(dark)`), before the browser paints this update.
    const states = changed.has('theme') ? this.#internals?.states : undefined;
    states?.clear();
    states?.add(this.theme);
    if (changed.has('bff') || changed.has('session') || changed.has('items')) void this.#start();
    // An outcome without a watch before it (an error or an expiry at start): its panel comes now.
    if (isOutcome(this.state) && !this.orderWatch) void this.ensureOrderWatch().catch(() => undefined);
  }

  /** Validates and, when valid, sends the details and goes to the payment page. Same as pressing the pay button. */
  submit(): Promise<void> {
    return this.flow?.submit() ?? Promise.resolve();
  }

  /** @internal The address fields that are wrong, once what their checks need (phone metadata, subdivisions) is here. */
  async addressErrorCount(): Promise<number> {
    // Once loaded, everything after runs in the click's task, so a popup is still allowed to open.
    // Each round may find what the next needs: the rules, a country's data, then libphonenumber's
    // code for a number the country's plan cannot judge.
    for (let round = 0; round < 3; round++) await this.#loadCheckData()?.catch(() => undefined);
    const view = this.flow?.view;
    return view ? this.#checks!.errorCount(view, this.noShipping) : 0;
  }

  /** Back to a fresh form (the session's prefill), stopping any status polling. Fires no event. */
  reset(): void {
    this.touched = new Set();
    this.changed = new Set();
    void (this.flow ? this.flow.reset() : this.restart());
  }

  override render() {
    const locale = this.currentLocale();
    // A language whose words are still on their way: they re-render the element when they come.
    if (!isLocaleReady(locale)) void ensureLocale(locale).then(() => this.requestUpdate());
    const t = translationFor(locale);
    const state = this.state;
    const flow = this.flow;
    // A page that turned English after the start: the flow's English words come with their part
    // (asked once the page's own words are here, which may have them).
    if (flow && !t.submitting && isLocaleReady(locale)) void flow.ensureFlowWords(locale).then(() => this.requestUpdate());
    const view = flow?.view;
    const formShown = state === 'idle' || state === 'submitting' || (state === 'redirecting' && !view?.popup);
    const outcome = view?.outcome;
    return html`<div lang=${t.lang.split('-')[0] === locale.split('-')[0] ? locale : t.lang}>
      ${formShown && view?.order ? renderCheckoutForm(this, this.#form!, this.#checks!, t, locale, flow!, view.order) : nothing}
      ${state === 'loading' ? renderFormSkeleton(fieldsOf('billing'), !this.noShipping) : nothing}
      ${isOutcome(state) && this.orderWatch
        ? this.orderWatch.renderResultPanel({
            t,
            state,
            outcome,
            amount: flow?.amountPaid(locale) ?? '',
            next: state === 'approved' ? t.approvedNext : undefined,
            ...flow?.sinpe.resultWords(locale, state),
          })
        : nothing}
      ${view?.transfer && state === 'polling' ? html`<svc-sinpe-panel .instructions=${view.transfer} locale=${locale}></svc-sinpe-panel>` : nothing}
      ${flow?.session.notice(locale)}
      <p class="status" part="status" role="status" tabindex="-1" data-state=${state}>${this.#statusText(t, locale)}</p>
      ${(flow ? flow.canRetry() : this.partsFailed && !!(this.session || this.items?.length))
        ? html`<button type="button" part="retry-button" @click=${() => void this.#retry()}>${t.retry}</button>`
        : nothing}
      ${flow && this.orderWatch?.renderRescues(locale, flow)}
    </div>`;
  }

  #statusText(t: Translation, locale: string): string {
    // Not a word in the wrong language while the page's own loads.
    if (this.state === 'loading') return isLocaleReady(locale) ? t.loading : '';
    return this.flow?.statusText(t, locale) ?? t.assetLoad;
  }

  // ----- the flow -------------------------------------------------------------------------------

  async #start(): Promise<void> {
    const key = JSON.stringify([this.bff, this.session, this.items]);
    if (!this.bff || key === this.#startedFor) return;
    this.#startedFor = key;
    // Back from the hosted page: the status is asked now and the result panel's part fetched beside
    // the rules, so the outcome waits for the slowest of them, not for all of them in a row.
    const early = askResultEarly(this.bff);
    if (early) void this.ensureOrderWatch().catch(() => undefined);
    let flow: CheckoutFlow;
    try {
      [flow] = await Promise.all([this.#ensureFlow(), ensureLocale(this.currentLocale())]);
      await flow.ensureFlowWords(this.currentLocale());
    } catch (error) {
      return this.#failToLoad(error);
    }
    return flow.begin(early);
  }

  /** @internal */
  restart(): Promise<void> {
    this.#startedFor = '';
    return this.#start();
  }

  /** The rules (the validator) and the flow, both from checkout-rules.js. */
  async #ensureFlow(): Promise<CheckoutFlow> {
    if (this.flow) return this.flow;
    const rules = await loadCheckoutRules();
    this.#checks ??= new rules.FormChecks(() => this.requestUpdate());
    this.#form ??= rules;
    this.flow ??= new rules.CheckoutFlow(this);
    return this.flow;
  }

  /** @internal The poller and the result panel, with the panel's styles adopted next to the element's own and the page's outcome words. */
  async ensureOrderWatch(): Promise<OrderWatchModule> {
    if (this.orderWatch) return this.orderWatch;
    const module = await loadOrderWatch();
    // The page's words first (a return asks for the watch before they are here): the outcome's are among them.
    await ensureLocale(this.currentLocale());
    await module.ensureOutcomeWords(this.currentLocale());
    if (!this.orderWatch && this.shadowRoot) {
      adoptStyles(this.shadowRoot, [...SvcCheckout.elementStyles, unsafeCSS(module.resultPanelCss)]);
    }
    this.orderWatch = module;
    return module;
  }

  /** A part the checkout cannot start without did not arrive: nothing was asked of the BFF yet. */
  #failToLoad(error: unknown): void {
    this.partsFailed = true;
    this.dispatchEvent(new SvcErrorEvent('asset-load', new AssetLoadError(error).message));
  }

  /** The next attempt (the flow's); without a flow (its part did not load), the start again. */
  #retry(): Promise<void> {
    if (this.flow) return this.flow.retry();
    // The shopper asks again: the parts that failed for this page may be fetched once more.
    forgetFailedParts();
    this.partsFailed = false;
    return this.restart();
  }

  // ----- the form -------------------------------------------------------------------------------

  /** @internal */
  readonly onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void this.submit();
  };

  /** @internal */
  readonly onFirstFocus = () => void this.#loadCheckData();

  /** @internal */
  readonly onSameAsBillingChange = (event: Event) => {
    const sameAsBilling = (event.target as HTMLInputElement).checked;
    this.flow?.chooseSameAsBilling(sameAsBilling);
    if (!sameAsBilling && this.flow) void this.ensureCountryData(this.flow.view.shipping.country);
  };

  /** @internal */
  leave(path: string): void {
    this.touched = new Set(this.touched).add(path);
  }

  /** @internal The shopper changed the field at `path` and left it. */
  leftChanged(path: string): boolean {
    return this.touched.has(path) && this.changed.has(path);
  }

  /** @internal */
  onFieldInput(section: AddressSection, field: AddressFieldName, value: string): void {
    const flow = this.flow;
    if (!flow) return;
    const path = `${section}.${field}`;
    const current = flow.view[section];
    const next = { ...current, [field]: value };
    // A state only makes sense inside its country: a new country clears it.
    if (field === 'country') {
      next.state = '';
      void this.ensureCountryData(value);
    }
    for (const cleared of this.#checks?.territories.clearedBy(field, current.country, next.country) ?? []) (next as Record<AddressFieldName, string>)[cleared] = '';
    this.changed = new Set(this.changed).add(path);
    flow.editAddress(section, next, path);
  }

  /** Starts loading what validation needs; undefined when everything is already here. */
  #loadCheckData(): Promise<unknown> | undefined {
    const pending: Promise<unknown>[] = [];
    if (!this.flow) pending.push(this.#ensureFlow());
    const view = this.flow?.view;
    if (view) pending.push(...this.#checks!.load(view));
    return pending.length > 0 ? Promise.all(pending) : undefined;
  }

  /** @internal What a chosen country brings: its subdivisions and its postal code format. */
  ensureCountryData(country: string): Promise<unknown> {
    return this.#checks?.ensureCountryData(country) ?? Promise.resolve();
  }

  // ----- small lookups --------------------------------------------------------------------------

  /** @internal */
  currentLocale(): string {
    return resolveLocale(this.locale, document.documentElement.lang, navigator.language);
  }
}
