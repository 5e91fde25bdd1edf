import { LitElement, adoptStyles, html, nothing, svg, unsafeCSS, type PropertyValues } from 'lit';
import type {
  CheckoutAddress,
  CheckoutBillingAddress,
  CheckoutRequest,
  CreateSessionRequest,
  OrderStatusResponse,
  Prefill,
} from '../contract/bff-api.ts';
import { emptyAddress, emptyBillingAddress, fieldsOf, type AddressSection } from './address-fields.ts';
import { renderAddressFieldset } from './address-fieldset.ts';
import { InvoiceDetailsHook } from './invoice-fieldset.ts';
import { BffClient, BffError } from './bff-client.ts';
import { checkoutStyles } from './checkout.styles.ts';
import { isBusy, isOutcome, outcomeOfStatus, type CheckoutState } from './checkout-state.ts';
import {
  SvcApprovedEvent,
  SvcCancelledEvent,
  SvcDeclinedEvent,
  SvcErrorEvent,
  SvcReadyEvent,
  SvcRedirectEvent,
  SvcSinpePendingEvent,
  SvcStatusEvent,
  SvcSubmitEvent,
  type SvcErrorCode,
} from './events.ts';
import { countryOfCurrency, countryOfLocale, countryOptions } from './i18n/countries.ts';
import { addEnglishOutcomeWords, formatMoney, resolveLocale, translationFor } from './i18n/localize.ts';
import { ensureLocale, isLocaleReady } from './i18n/locale-loader.ts';
import type { AddressFieldName, Translation } from './i18n/translation.ts';
import { PaymentPopup } from './payment-popup.ts';
import {
  loadCheckoutRules,
  loadDeclineMessages,
  loadMethodChoice,
  loadOrderWatch,
  loadSinpePanel,
  loadSubdivisions,
  type CheckoutRulesModule,
  type OrderWatchModule,
  type Subdivision,
} from './lazy-assets.ts';
import { PhoneCheck } from './phone-check.ts';
import { PostcodeFormats } from './postcode-formats.ts';
import { forgetOpenTransfer, keepOpenTransfer, keepSessionToken, keptOpenTransfer, keptSessionToken } from './kept-session.ts';
import { carryCatalogForm, catalogScope, forgetCatalogOrder, forgetForm, keepForm, keptForm } from './form-keeper.ts';
import { renderFormSkeleton, renderOrderSummary, summaryStyles, type OrderSummary } from './order-summary.ts';
import { sortedSubdivisions } from './subdivision-order.ts';
import type { SessionSinpeMovil, SinpeMovilInstructions } from '../contract/sinpe-movil.ts';
import type { CheckoutMethod } from '../contract/bff-api.ts';
import { declineLocaleOf, type DeclineCategory, type DeclineLocale } from '../contract/decline-messages.ts';
import type * as MethodChoice from './lazy/method-choice.ts';
import { AssetLoadError, answeredErrorCode, isOriginRefused } from './error-codes.ts';
import type { StatusPoller } from './status-poller.ts';
import { toFieldErrorCode, type AddressErrors, type AddressValidator } from './validation/field-error-code.ts';
import { SubdivisionCheck } from './validation/subdivision-check.ts';

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

/** The prefill's given fields only: an absent one must not overwrite a default with undefined. */
function definedFields(partial: Readonly<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(partial ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/**
 * @summary A checkout form that collects billing and shipping details, sends the shopper to the
 * gateway's hosted payment page (full-page redirect or popup) and shows the confirmed outcome.
 *
 * @event {SvcReadyEvent} svc-ready - The session loaded and the form is ready. `orderNumber`.
 * @event {SvcSubmitEvent} svc-submit - The shopper submitted valid details. Cancelable: `preventDefault()` stops the checkout.
 * @event {SvcRedirectEvent} svc-redirect - The hosted payment page is ready (`url`, `mode`). In redirect mode, `preventDefault()` stops the navigation so the page can navigate itself.
 * @event {SvcStatusEvent} svc-status - The order's status changed (`orderNumber`, `status`, `final`).
 * @event {SvcApprovedEvent} svc-approved - The payment was approved (`orderNumber`, `amount`, `currency`, `auth`).
 * @event {SvcDeclinedEvent} svc-declined - The payment was declined (`orderNumber`, `reason`: the shared catalog's shopper-safe message for its category, in the page's language).
 * @event {SvcSinpePendingEvent} svc-sinpe-pending - A SINPE Móvil transfer is awaited (`orderNumber`, `reference`, `amount`, `expiresAt`); the page stays, svc-approved or svc-declined follows.
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
 * @csspart method-choice - The card / SINPE Móvil radio group (CRC orders of a merchant with a SINPE Móvil number).
 * @csspart method-option - Each option of that group.
 * @csspart submit-button - The pay button.
 * @csspart status - The live region that states where the checkout is and its outcome.
 * @csspart retry-button - The button offered after a decline or an error.
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
export class SvcCheckout extends LitElement {
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
    theme: { reflect: true },
    checkoutState: { state: true, attribute: false },
    order: { state: true, attribute: false },
    billing: { state: true, attribute: false },
    shipping: { state: true, attribute: false },
    sameAsBilling: { state: true, attribute: false },
    touched: { state: true, attribute: false },
    changed: { state: true, attribute: false },
    submitted: { state: true, attribute: false },
    serverErrors: { state: true, attribute: false },
    notice: { state: true, attribute: false },
    outcome: { state: true, attribute: false },
    subdivisions: { state: true, attribute: false },
    sinpeOffered: { state: true, attribute: false },
    methodChoice: { state: true, attribute: false },
    method: { state: true, attribute: false },
    transfer: { state: true, attribute: false },
    orderWatch: { state: true, attribute: false },
    declineWords: { state: true, attribute: false },
    rules: { state: true, attribute: false },
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

  /** Catalog mode: offer the buyer a Costa Rican electronic invoice (merchant sessions say so with `invoice: true`). */
  invoice = false;

  /** `light`, `dark`, or `auto` (default: follows `prefers-color-scheme`). */
  theme: 'auto' | 'light' | 'dark' = 'auto';

  private checkoutState: CheckoutState = 'loading';
  private order: OrderSummary | undefined;
  private billing: CheckoutBillingAddress = emptyBillingAddress();
  private shipping: CheckoutAddress = emptyAddress();
  private sameAsBilling = true;
  private touched: ReadonlySet<string> = new Set();
  private changed: ReadonlySet<string> = new Set();
  private submitted = false;
  /** Field errors from the BFF's problem+json, by path (`billing.state`), until the field changes. */
  private serverErrors: Readonly<Record<string, string>> = {};
  private notice: ((t: Translation) => string) | undefined;
  private outcome: OrderStatusResponse | undefined;
  private subdivisions: ReadonlyMap<string, Subdivision[]> = new Map();
  /** SINPE Móvil: offered for this order (the session says so), chosen, and the open transfer. */
  private sinpeOffered = false;
  /** The lazy radio group and its words, once loaded (only when SINPE Móvil is offered). */
  private methodChoice: typeof MethodChoice | undefined;
  private method: CheckoutMethod = 'card';
  private transfer: SinpeMovilInstructions | undefined;
  private readonly phoneCheck = new PhoneCheck(() => this.requestUpdate());
  private readonly postcodeFormats = new PostcodeFormats(() => this.requestUpdate());

  private sessionToken = '';
  private prefill: Prefill = {};
  private startedFor = '';
  private poller: StatusPoller | undefined;
  /** Counts watches started or stopped: a watch whose part arrives after it was stopped does not start. */
  private watchRun = 0;
  /** The status poller and the result panel (order-watch.js), loaded once a payment starts or ends. */
  private orderWatch: OrderWatchModule | undefined;
  /** The decline and cancel messages of each language shown so far (decline-messages/<language>.json). */
  private declineWords: ReadonlyMap<DeclineLocale, Record<DeclineCategory, string>> = new Map();
  private popup: PaymentPopup | undefined;
  private lastStatus: string | undefined;
  private readonly langObserver = new MutationObserver(() => this.requestUpdate());
  private countryCache: { locale: string; options: ReturnType<typeof countryOptions> } | undefined;
  /** The contract's zod-based code, loaded at start (see lazy-assets.ts for why it is not bundled). */
  private rules: CheckoutRulesModule | undefined;
  private validator: AddressValidator | undefined;
  private readonly invoiceDetails = new InvoiceDetailsHook(this);

  /** Where the checkout is: loading, idle, submitting, redirecting, returned, polling, approved, declined, review, error or expired. */
  get state(): CheckoutState {
    return this.checkoutState;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    window.addEventListener('pageshow', this.onPageShow);
  }

  /** Back from the hosted page out of the back-forward cache: the form, with its values, takes input again. */
  private readonly onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted && this.checkoutState === 'redirecting' && !this.popup) this.checkoutState = 'idle';
  };

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.langObserver.disconnect();
    window.removeEventListener('pageshow', this.onPageShow);
    this.stopWatching();
    this.closePopup();
  }

  /** Set when the shopper submits from inside the element: their focus follows the checkout's status. */
  private focusFollowsStatus = false;
  /** Set when an outcome arrives: the shopper, perhaps back from the payment page, is taken to it. */
  private revealResult = false;

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('bff') || changed.has('session') || changed.has('items')) void this.start();
    // An outcome without a watch before it (an error or an expiry at start): its panel comes now.
    if (isOutcome(this.checkoutState) && !this.orderWatch) void this.ensureOrderWatch().catch(() => undefined);
    if (this.revealResult) this.showResult();
    // The control the shopper was on got disabled or left with the form (submitting, a popup, an
    // outcome): keyboard and screen reader users land on the status instead of the page's top.
    if (this.checkoutState === 'idle') this.focusFollowsStatus = false;
    else if (this.focusFollowsStatus && !this.shadowRoot?.activeElement) {
      this.renderRoot.querySelector<HTMLElement>('[role="status"]')?.focus();
    }
  }

  /** Validates and, when valid, sends the details and goes to the payment page. Same as pressing the pay button. */
  async submit(): Promise<void> {
    if (this.checkoutState !== 'idle' || !this.order) return;
    this.submitted = true;
    this.notice = undefined;
    // Validation needs the phone metadata and the chosen countries' subdivisions; once loaded,
    // everything below runs in the click's task, so a popup is still allowed to open.
    const loading = this.loadCheckData();
    // A part that failed to load leaves its check to the BFF, which validates everything again.
    if (loading) await loading.catch(() => undefined);
    const errorCount = this.countErrors() + (await this.invoiceDetails.errorCount());
    if (errorCount > 0) {
      this.notice = (t) => t.fixErrors(errorCount);
      return this.focusFirstInvalid();
    }
    if (!this.emit(new SvcSubmitEvent(this.order.orderNumber))) return;
    this.focusFollowsStatus = this.matches(':focus-within');
    if (this.mode === 'popup' && this.method === 'card') {
      this.popup = PaymentPopup.open();
      if (!this.popup) {
        this.notice = (t) => t.popupBlocked;
        this.emit(new SvcErrorEvent('popup-blocked', 'the browser blocked the payment window'));
        return;
      }
    }
    this.checkoutState = 'submitting';
    // A popup or a transfer keeps the page: its watch is fetched while the BFF answers.
    if (this.popup || this.method === 'sinpe_movil') void this.ensureOrderWatch().catch(() => undefined);
    const body: CheckoutRequest =
      this.noShipping || this.sameAsBilling
        ? { billing: this.billing, sameAsBilling: true, locale: this.currentLocale(), ...this.invoiceDetails.body() }
        : { billing: this.billing, shipping: this.shipping, locale: this.currentLocale(), ...this.invoiceDetails.body() };
    if (this.method === 'sinpe_movil') body.method = 'sinpe_movil';
    try {
      const answer = await this.client().checkout(this.sessionToken, body);
      if ('sinpeMovil' in answer) return this.showTransfer(answer.orderNumber, answer.sinpeMovil);
      const { redirectUrl, orderNumber } = answer;
      // A catalog session exists only in this page: keep it for a retry after the hosted page.
      if (this.isCatalogMode()) keepSessionToken(orderNumber, this.sessionToken);
      this.checkoutState = 'redirecting';
      if (this.popup) return this.openInPopup(this.popup, redirectUrl, orderNumber);
      if (this.emit(new SvcRedirectEvent(redirectUrl, 'redirect'))) window.location.assign(redirectUrl);
    } catch (error) {
      this.closePopup();
      await this.onCheckoutError(error);
    }
  }

  /** Back to a fresh form (the session's prefill), stopping any status polling. Fires no event. */
  reset(): void {
    if (this.order) this.forgetTypedForm(this.order.orderNumber);
    this.stopWatching();
    this.endTransfer();
    this.closePopup();
    this.touched = new Set();
    this.changed = new Set();
    this.submitted = false;
    this.serverErrors = {};
    this.notice = undefined;
    this.outcome = undefined;
    this.lastStatus = undefined;
    this.invoiceDetails.clear();
    this.applyPrefill();
    if (this.order) this.checkoutState = 'idle';
    else {
      this.startedFor = '';
      void this.start();
    }
  }

  override render() {
    const locale = this.currentLocale();
    // A language whose words are still on their way: they re-render the element when they come.
    if (!isLocaleReady(locale)) void ensureLocale(locale).then(() => this.requestUpdate());
    const t = translationFor(locale);
    const state = this.checkoutState;
    const formShown = state === 'idle' || state === 'submitting' || (state === 'redirecting' && !this.popup);
    const outcome = this.outcome;
    return html`<div lang=${t.lang.split('-')[0] === locale.split('-')[0] ? locale : t.lang}>
      ${formShown && this.order ? this.renderForm(t, locale, this.order) : nothing}
      ${state === 'loading' ? renderFormSkeleton(fieldsOf('billing'), !this.noShipping) : nothing}
      ${isOutcome(state) && this.orderWatch
        ? this.orderWatch.renderResultPanel(
            { html, nothing, svg },
            {
              t,
              state,
              outcome,
              amount: outcome ? formatMoney(locale, outcome.amount, outcome.currency) : '',
              next: state === 'approved' ? t.approvedNext : undefined,
            },
          )
        : nothing}
      ${this.transfer && state === 'polling' ? html`<svc-sinpe-panel .instructions=${this.transfer} locale=${locale}></svc-sinpe-panel>` : nothing}
      <p class="status" part="status" role="status" tabindex="-1" data-state=${state}>${this.statusText(t, locale)}</p>
      ${this.canRetry()
        ? html`<button type="button" part="retry-button" @click=${() => void this.retry()}>${t.retry}</button>`
        : nothing}
    </div>`;
  }

  private renderForm(t: Translation, locale: string, order: OrderSummary) {
    const busy = this.checkoutState !== 'idle';
    const countries = this.countries(locale);
    const fieldset = (section: AddressSection) => {
      const value = section === 'billing' ? this.billing : this.shipping;
      const errors = this.validator?.validate(section, value).errors ?? {};
      return renderAddressFieldset({
        section,
        value,
        t,
        countries,
        subdivisions: sortedSubdivisions(this.subdivisions.get(value.country), locale),
        isOptional: (field) => field === 'zip' && this.postcodeFormats.isOptional(value.country),
        disabled: busy,
        shownError: (field) => this.shownError(t, section, field, errors),
        onInput: (field, fieldValue) => this.onFieldInput(section, field, fieldValue),
        onBlur: (field) => (this.touched = new Set(this.touched).add(`${section}.${field}`)),
      });
    };
    return html`<form part="form" novalidate aria-label=${t.form} @submit=${this.onSubmit} @focusin=${this.onFirstFocus}>
      ${renderOrderSummary(t, locale, order)}
      ${fieldset('billing')}
      ${this.noShipping
        ? nothing
        : html`<label class="checkbox" part="same-as-billing">
            <input type="checkbox" .checked=${this.sameAsBilling} ?disabled=${busy} @change=${this.onSameAsBillingChange} />
            ${t.sameAsBilling}
          </label>`}
      ${this.noShipping || this.sameAsBilling ? nothing : fieldset('shipping')}
      ${this.invoiceDetails.render(locale, busy, this.submitted)}
      ${this.sinpeOffered && this.methodChoice ? this.methodChoice.renderMethodChoice(html, locale, this.method, busy, (method) => (this.method = method)) : nothing}
      <button type="submit" part="submit-button" ?disabled=${busy}>${t.continueToPayment}</button>
    </form>`;
  }

  private statusText(t: Translation, locale: string): string {
    const outcome = this.outcome;
    switch (this.checkoutState) {
      case 'loading':
        // Not a word in the wrong language while the page's own loads.
        return isLocaleReady(locale) ? t.loading : '';
      case 'idle':
        return this.notice?.(t) ?? '';
      case 'submitting':
        return t.submitting;
      case 'redirecting':
        return this.popup ? t.popupOpen : t.redirecting;
      case 'returned':
        return t.returned;
      case 'polling':
        if (this.transfer) return this.methodChoice?.methodChoiceTexts(locale).waiting ?? t.polling;
        return this.popup ? t.popupOpen : t.polling;
      case 'approved':
        return t.approved(outcome ? formatMoney(locale, outcome.amount, outcome.currency) : '');
      case 'declined':
        // The shared catalog's message by category says what to do next, in the page's language.
        if (outcome?.canRetry) return this.catalogMessage(locale) ?? `${t.declined} ${t.tryAnotherCard}`;
        return `${t.declined} ${this.canRetry() ? t.tryAnotherCard : t.newCheckoutForAnotherCard}`;
      case 'cancelled':
        return outcome?.canRetry ? (this.catalogMessage(locale) ?? t.cancelled) : t.cancelled;
      case 'review':
        return t.review;
      case 'error':
        return this.notice?.(t) ?? t.error;
      case 'expired':
        return t.expired;
    }
  }

  /** The decline catalog's message for the outcome's category in `locale`, else the BFF's own. */
  private catalogMessage(locale: string): string | undefined {
    const reason = this.outcome?.reason;
    const words = reason && this.declineWords.get(declineLocaleOf(locale));
    // The page switched language after the outcome: its words re-render the element when they come.
    if (reason && !words) void this.loadDeclineWords(locale);
    return reason && words ? words[reason] : this.outcome?.message;
  }

  /** The shared catalog's words in `locale`'s language; when they cannot load, the BFF's message stands. */
  private async loadDeclineWords(locale: string): Promise<void> {
    const language = declineLocaleOf(locale);
    if (this.declineWords.has(language)) return;
    const words = await loadDeclineMessages(language).catch(() => undefined);
    if (words) this.declineWords = new Map(this.declineWords).set(language, words);
  }

  private showResult(): void {
    const panel = this.renderRoot.querySelector<HTMLElement>('[part="result"]');
    if (!panel) return;
    this.revealResult = false;
    // On a phone the element may sit far below the shop's header: the shopper must see the answer.
    this.scrollIntoView({ block: 'start', behavior: 'auto' });
    panel.focus({ preventScroll: true });
  }

  private shownError(t: Translation, section: AddressSection, field: AddressFieldName, errors: AddressErrors): string | undefined {
    const path = `${section}.${field}`;
    const fromServer = this.serverErrors[path];
    if (fromServer !== undefined) return fromServer;
    const code = errors[field];
    if (code === undefined) return undefined;
    // Shown once it helps: after the shopper left a field they changed, or after a submit.
    return this.submitted || (this.touched.has(path) && this.changed.has(path)) ? t.errors[code] : undefined;
  }

  // ----- the flow -------------------------------------------------------------------------------

  private async start(): Promise<void> {
    const key = JSON.stringify([this.bff, this.session, this.items]);
    if (!this.bff || key === this.startedFor) return;
    this.startedFor = key;
    let rules: CheckoutRulesModule;
    try {
      [rules] = await Promise.all([this.ensureRules(), ensureLocale(this.currentLocale())]);
    } catch (error) {
      return this.fail(new AssetLoadError(error), 'asset-load');
    }
    const statusToken = this.takeResultToken(rules.resultFragmentParameter);
    if (statusToken) return this.resume(statusToken, rules);
    if (this.session || this.items?.length) await this.loadSession();
  }

  private async ensureRules(): Promise<CheckoutRulesModule> {
    if (this.rules) return this.rules;
    const rules = await loadCheckoutRules();
    this.validator = new rules.AddressValidator({
      isSubdivisionOf: (state, country) => new SubdivisionCheck(country, this.subdivisions.get(country) ?? []).isValid(state),
      // Until the metadata arrives the BFF is the judge; submit() waits for it before deciding.
      isValidPhone: (telephone, country) => this.phoneCheck.isValid(telephone, country),
      postcodeFormat: (country) => this.postcodeFormats.formatOf(country),
    });
    this.rules = rules;
    return rules;
  }

  /** The shopper comes back to this very page (without its fragment) after paying. */
  private catalogRequest(): CreateSessionRequest {
    const returnUrl = new URL(window.location.href);
    returnUrl.hash = '';
    return { items: this.items ?? [], locale: this.currentLocale(), returnUrl: returnUrl.href, ...(this.invoice ? { invoice: true } : {}) };
  }

  private isCatalogMode(): boolean {
    return !this.session && !!this.items?.length;
  }

  private async loadSession(): Promise<void> {
    this.checkoutState = 'loading';
    let sinpe: SessionSinpeMovil | undefined;
    try {
      const resumed = this.session ? undefined : await this.resumedTransferSession();
      if (this.session || resumed) {
        const token = this.session || resumed!.token;
        const loaded = resumed?.loaded ?? (await this.client().getSession(token));
        this.sessionToken = token;
        this.order = loaded.order;
        this.prefill = loaded.prefill;
        this.invoiceDetails.offer(loaded.invoice === true);
        sinpe = loaded.sinpeMovil;
      } else {
        const created = await this.client().createSession(this.catalogRequest());
        this.sessionToken = created.sessionToken;
        this.order = created.order;
        this.prefill = {};
        this.invoiceDetails.offer(this.invoice);
        sinpe = created.sinpeMovil;
      }
    } catch (error) {
      if (error instanceof BffError && error.status === 401 && this.session) return this.expire(error.message);
      return this.fail(error, 'invalid-session');
    }
    this.applyPrefill();
    this.restoreForm(this.order.orderNumber);
    this.sinpeOffered = sinpe !== undefined;
    // Before idle, so the form does not jump; without it (a failed load) the card alone is offered.
    if (this.sinpeOffered) await this.loadMethodChoice();
    this.checkoutState = 'idle';
    this.emit(new SvcReadyEvent(this.order.orderNumber));
    if (sinpe?.transfer) this.showTransfer(this.order.orderNumber, sinpe.transfer);
  }

  private applyPrefill(): void {
    const defaultCountry = countryOfLocale(this.currentLocale()) ?? countryOfCurrency(this.order?.currency) ?? '';
    this.billing = { ...emptyBillingAddress(), country: defaultCountry, ...definedFields(this.prefill.billing) };
    this.shipping = { ...emptyAddress(), country: defaultCountry, ...definedFields(this.prefill.shipping) };
    this.sameAsBilling = !this.prefill.shipping;
    void this.ensureCountryData(this.billing.country);
    void this.ensureCountryData(this.shipping.country);
  }

  /** Reads `#svc-result=<status token>` once and removes it, so a reload or a shared link does not replay it. */
  private takeResultToken(parameter: string): string | undefined {
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const token = fragment.get(parameter);
    if (!token) return undefined;
    fragment.delete(parameter);
    const rest = fragment.toString();
    const url = `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ''}`;
    history.replaceState(history.state, '', url);
    return token;
  }

  private resume(statusToken: string, rules: CheckoutRulesModule): void {
    const orderNumber = rules.orderNumberOfStatusToken(statusToken);
    if (!orderNumber) return this.fail(new BffError(401, undefined), 'invalid-session');
    this.checkoutState = 'returned';
    void this.watchOrder(orderNumber, statusToken);
  }

  private openInPopup(popup: PaymentPopup, redirectUrl: string, orderNumber: string): void {
    popup.show(redirectUrl, () => void this.onPopupClosed(orderNumber));
    this.emit(new SvcRedirectEvent(redirectUrl, 'popup'));
    void this.watchOrder(orderNumber, this.sessionToken);
  }

  /** The shopper closed the window: one last look, then back to the form if nothing was decided. */
  private async onPopupClosed(orderNumber: string): Promise<void> {
    if (isBusy(this.checkoutState) === false) return;
    this.stopWatching();
    this.popup = undefined;
    try {
      const status = await this.client().getOrder(orderNumber, this.sessionToken);
      if (status.reason) await this.loadDeclineWords(this.currentLocale());
      this.onOrderStatus(status);
      if (status.final) return;
    } catch {
      // unknown: let the shopper decide to try again
    }
    this.checkoutState = 'idle';
    this.notice = (t) => t.popupClosed;
  }

  private closePopup(): void {
    this.popup?.close();
    this.popup = undefined;
  }

  /** The poller and the result panel, with the panel's styles adopted next to the element's own. */
  private async ensureOrderWatch(): Promise<OrderWatchModule> {
    if (this.orderWatch) return this.orderWatch;
    const module = await loadOrderWatch();
    addEnglishOutcomeWords(module.enOutcome);
    if (!this.orderWatch && this.shadowRoot) {
      adoptStyles(this.shadowRoot, [...SvcCheckout.elementStyles, unsafeCSS(module.resultPanelCss)]);
    }
    this.orderWatch = module;
    return module;
  }

  private stopWatching(): void {
    this.watchRun += 1;
    this.poller?.stop();
  }

  private async watchOrder(orderNumber: string, token: string): Promise<void> {
    this.stopWatching();
    const run = this.watchRun;
    this.lastStatus = undefined;
    let watch: OrderWatchModule;
    try {
      watch = await this.ensureOrderWatch();
    } catch (error) {
      return this.fail(new AssetLoadError(error), 'asset-load');
    }
    if (run !== this.watchRun) return;
    this.poller = new watch.StatusPoller({
      fetchStatus: () => this.client().getOrder(orderNumber, token),
      onStatus: (status) => void this.takeOrderStatus(status, run),
      onFailure: (error) => this.fail(error, 'payment-error'),
      isRetryable: (error) => error instanceof BffError && (error.status === 0 || error.status === 429 || error.status >= 500),
    });
    this.poller.start();
  }

  /** A decline or a cancel is told in the page's language: its words come before the outcome shows. */
  private async takeOrderStatus(status: OrderStatusResponse, run: number): Promise<void> {
    if (status.reason) await this.loadDeclineWords(this.currentLocale());
    if (run === this.watchRun) this.onOrderStatus(status);
  }

  private onOrderStatus(status: OrderStatusResponse): void {
    this.outcome = status;
    if (status.status !== this.lastStatus) {
      this.lastStatus = status.status;
      this.emit(new SvcStatusEvent(status.orderNumber, status.status, status.final));
    }
    if (!status.final && !status.canRetry) {
      if (this.checkoutState === 'returned' || this.checkoutState === 'redirecting') this.checkoutState = 'polling';
      return;
    }
    this.stopWatching();
    this.closePopup();
    // A SINPE Móvil transfer whose time ran out: the attempt ended unpaid and another may be opened.
    const outcome = this.transfer && status.status === 'expired' && status.canRetry ? 'declined' : outcomeOfStatus(status.status);
    this.endTransfer();
    this.checkoutState = outcome;
    this.revealResult = true;
    if (outcome === 'approved') {
      this.forgetTypedForm(status.orderNumber);
      this.emit(new SvcApprovedEvent(status.orderNumber, status.amount, status.currency, status.auth));
    } else if (outcome === 'declined') {
      this.emit(new SvcDeclinedEvent(status.orderNumber, this.catalogMessage(this.currentLocale())));
    } else if (outcome === 'cancelled') {
      this.emit(new SvcCancelledEvent(status.orderNumber, status.canRetry));
    } else if (outcome === 'error') {
      this.emit(new SvcErrorEvent('payment-error', `order ${status.status}`));
    } else if (outcome === 'expired') {
      this.emit(new SvcErrorEvent('session-expired', 'the order expired before it was paid'));
    }
  }

  /** The transfer is open: the panel shows what to send, the order is polled; the page stays. */
  private showTransfer(orderNumber: string, transfer: SinpeMovilInstructions): void {
    this.transfer = transfer;
    if (this.isCatalogMode()) {
      keepSessionToken(orderNumber, this.sessionToken);
      keepOpenTransfer(orderNumber);
    }
    void loadSinpePanel().catch(() => undefined);
    this.checkoutState = 'polling';
    this.emit(new SvcSinpePendingEvent(orderNumber, transfer.reference, transfer.amount, transfer.expiresAt));
    void this.watchOrder(orderNumber, this.sessionToken);
  }

  private async loadMethodChoice(): Promise<void> {
    this.methodChoice ??= await loadMethodChoice().catch(() => undefined);
  }

  private endTransfer(): void {
    if (this.transfer && this.isCatalogMode()) forgetOpenTransfer();
    this.transfer = undefined;
  }

  /** A catalog page reloaded while its transfer was open: that order's session, if it still has one. */
  private async resumedTransferSession() {
    const kept = this.isCatalogMode() ? keptOpenTransfer() : undefined;
    if (!kept) return undefined;
    const loaded = await this.client().getSession(kept.token).catch(() => undefined);
    if (loaded?.sinpeMovil?.transfer) return { token: kept.token, loaded };
    forgetOpenTransfer();
    return undefined;
  }

  private async onCheckoutError(error: unknown): Promise<void> {
    if (!(error instanceof BffError)) return this.fail(error, 'payment-error');
    const fieldErrors = error.status === 400 ? (error.problem?.errors ?? []) : [];
    if (fieldErrors.length > 0) {
      const byPath: Record<string, string> = {};
      const t = translationFor(this.currentLocale());
      for (const fieldError of fieldErrors) {
        const code = toFieldErrorCode(fieldError.code ?? fieldError.message);
        byPath[fieldError.path] ??= code === 'invalid' ? fieldError.message : t.errors[code];
      }
      this.serverErrors = byPath;
      this.invoiceDetails.showServerErrors(fieldErrors);
      this.checkoutState = 'idle';
      this.notice = (t) => t.fixErrors(fieldErrors.length);
      return this.focusFirstInvalid();
    }
    if (error.status === 401 || error.problem?.type === this.rules?.problemTypes.sessionExpired) {
      if (this.isCatalogMode()) {
        await this.renewSession();
        this.notice = (t) => t.expiredRenewed;
        return;
      }
      return this.expire(error.message);
    }
    this.fail(error, 'payment-error');
  }

  /** Catalog mode: a fresh session (and order number) for the same items; the shopper's details stay. */
  private async renewSession(): Promise<void> {
    this.checkoutState = 'loading';
    try {
      const typed = this.order !== undefined;
      const created = await this.client().createSession(this.catalogRequest());
      this.sessionToken = created.sessionToken;
      this.order = created.order;
      if (typed) this.keepTypedForm();
      this.restoreForm(created.order.orderNumber);
      this.outcome = undefined;
      this.lastStatus = undefined;
      this.checkoutState = 'idle';
    } catch (error) {
      this.fail(error, 'invalid-session');
    }
  }

  private fail(error: unknown, code: SvcErrorCode): void {
    this.stopWatching();
    this.closePopup();
    this.checkoutState = 'error';
    const detail = error instanceof Error ? error.message : String(error);
    const refusedType = this.rules?.problemTypes.originNotAllowed;
    if (!(error instanceof BffError && error.status === 0)) return this.reportError(answeredErrorCode(error, code, refusedType), detail);
    // No answer at all: a refused origin looks the same to the browser until the BFF is asked plainly.
    this.notice = (t) => t.offline;
    void isOriginRefused(this.bff, refusedType).then((refused) => this.reportError(refused ? 'origin-not-allowed' : 'network', detail));
  }

  /** The shopper's short text and the developer's code (events.ts, widget/README.md "Errors"). */
  private reportError(code: SvcErrorCode, detail: string): void {
    if (code === 'network') this.notice = (t) => t.offline;
    else if (code === 'origin-not-allowed') this.notice = (t) => t.originNotAllowed;
    else this.notice = undefined;
    this.emit(new SvcErrorEvent(code, detail));
  }

  /** Every event goes out here; the JSDoc @event tags above are their documentation. */
  private emit(event: Event): boolean {
    return this.dispatchEvent(event);
  }

  private expire(detail: string): void {
    this.checkoutState = 'expired';
    this.emit(new SvcErrorEvent('session-expired', detail));
  }

  private canRetry(): boolean {
    const state = this.checkoutState;
    // After a declined or cancelled attempt the BFF says whether the order takes another one (in
    // both modes); when it does not, catalog mode can still start a new order by itself.
    if (state === 'declined' || state === 'cancelled') return !!this.outcome?.canRetry || this.isCatalogMode();
    if (state === 'error') return !!(this.session || this.items?.length || this.order);
    return state === 'expired' && this.isCatalogMode();
  }

  /**
   * After a decline or a cancel: the same order's next attempt (the same session), or, when the
   * order takes no more, a new catalog order. After an error: the session again.
   */
  private async retry(): Promise<void> {
    const sameOrder = this.outcome?.canRetry ? this.outcome.orderNumber : undefined;
    this.stopWatching();
    this.outcome = undefined;
    this.lastStatus = undefined;
    this.submitted = false;
    this.notice = undefined;
    const token = sameOrder ? this.sessionTokenFor(sameOrder) : undefined;
    if (token) return this.reopen(token);
    if (this.isCatalogMode()) return this.renewSession();
    if (!this.order) {
      this.startedFor = '';
      return this.start();
    }
    this.checkoutState = 'idle';
  }

  /** The session that can pay `orderNumber` again: in memory, the merchant's, or kept across the hosted page. */
  private sessionTokenFor(orderNumber: string): string | undefined {
    if (this.order?.orderNumber === orderNumber && this.sessionToken) return this.sessionToken;
    if (this.session) return this.session;
    return keptSessionToken(orderNumber);
  }

  /** Back to the form of the same order, for its next attempt; what the shopper typed stays. */
  private async reopen(token: string): Promise<void> {
    const typed = this.order !== undefined;
    this.checkoutState = 'loading';
    try {
      const loaded = await this.client().getSession(token);
      this.sessionToken = token;
      this.order = loaded.order;
      this.prefill = loaded.prefill;
    } catch (error) {
      if (error instanceof BffError && error.status === 401) {
        if (this.isCatalogMode()) return this.renewSession();
        return this.expire(error.message);
      }
      return this.fail(error, 'invalid-session');
    }
    if (!typed) {
      this.applyPrefill();
      this.restoreForm(this.order.orderNumber);
    }
    this.checkoutState = 'idle';
  }

  // ----- the form -------------------------------------------------------------------------------

  /** What the shopper typed for this order, kept in this tab until approval or "start over" (form-keeper.ts). */
  private keepTypedForm(): void {
    if (this.order) keepForm(this.order.orderNumber, { billing: this.billing, shipping: this.shipping, sameAsBilling: this.sameAsBilling });
  }

  /** After a return, a reload or Back: the order's kept form replaces the prefill (a catalog page carries its last order's). */
  private restoreForm(orderNumber: string): void {
    const kept = this.isCatalogMode() ? carryCatalogForm(this.catalogScope(), orderNumber) : keptForm(orderNumber);
    if (!kept) return;
    this.billing = kept.billing;
    this.shipping = kept.shipping;
    this.sameAsBilling = kept.sameAsBilling;
    void this.ensureCountryData(kept.billing.country);
    void this.ensureCountryData(kept.shipping.country);
  }

  private forgetTypedForm(orderNumber: string): void {
    forgetForm(orderNumber);
    if (this.isCatalogMode()) forgetCatalogOrder(this.catalogScope());
  }

  private catalogScope(): string {
    return catalogScope(window.location.pathname, this.items);
  }

  private readonly onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    void this.submit();
  };

  private readonly onFirstFocus = () => void this.loadCheckData();

  private readonly onSameAsBillingChange = (event: Event) => {
    this.sameAsBilling = (event.target as HTMLInputElement).checked;
    this.keepTypedForm();
    if (!this.sameAsBilling) void this.ensureCountryData(this.shipping.country);
  };

  private onFieldInput(section: AddressSection, field: AddressFieldName, value: string): void {
    const path = `${section}.${field}`;
    const current = section === 'billing' ? this.billing : this.shipping;
    const next = { ...current, [field]: value };
    // A state only makes sense inside its country: a new country clears it.
    if (field === 'country') {
      next.state = '';
      void this.ensureCountryData(value);
    }
    if (section === 'billing') this.billing = next as CheckoutBillingAddress;
    else this.shipping = next;
    this.changed = new Set(this.changed).add(path);
    this.keepTypedForm();
    if (this.serverErrors[path] !== undefined) {
      const { [path]: _cleared, ...rest } = this.serverErrors;
      this.serverErrors = rest;
    }
  }

  private countErrors(): number {
    const sections: AddressSection[] = this.noShipping || this.sameAsBilling ? ['billing'] : ['billing', 'shipping'];
    return sections.reduce(
      (count, section) =>
        count + Object.keys(this.validator?.validate(section, section === 'billing' ? this.billing : this.shipping).errors ?? {}).length,
      0,
    );
  }

  private async focusFirstInvalid(): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  /** Starts loading what validation needs; undefined when everything is already here. */
  private loadCheckData(): Promise<unknown> | undefined {
    const pending: Promise<unknown>[] = [];
    if (!this.rules) pending.push(this.ensureRules());
    const countries = [this.billing.country, this.shipping.country];
    const phones = this.phoneCheck.load(countries);
    if (phones) pending.push(phones);
    const postcodes = this.postcodeFormats.load(countries);
    if (postcodes) pending.push(postcodes);
    for (const country of [this.billing.country, this.shipping.country]) {
      if (country && !this.subdivisions.has(country)) pending.push(this.ensureSubdivisions(country));
    }
    return pending.length > 0 ? Promise.all(pending) : undefined;
  }

  /** What a chosen country brings: its subdivisions and its postal code format. */
  private ensureCountryData(country: string): Promise<unknown> {
    return Promise.all([this.ensureSubdivisions(country), this.postcodeFormats.load([country])]);
  }

  private async ensureSubdivisions(country: string): Promise<void> {
    if (!country || this.subdivisions.has(country)) return;
    let list: Subdivision[];
    try {
      list = await loadSubdivisions(country);
    } catch {
      list = [];
    }
    this.subdivisions = new Map(this.subdivisions).set(country, list);
  }

  // ----- small lookups --------------------------------------------------------------------------

  private client(): BffClient {
    return new BffClient(this.bff);
  }

  private currentLocale(): string {
    return resolveLocale(this.locale, document.documentElement.lang, navigator.language);
  }

  private countries(locale: string): ReturnType<typeof countryOptions> {
    if (this.countryCache?.locale !== locale) this.countryCache = { locale, options: countryOptions(locale) };
    return this.countryCache.options;
  }
}
