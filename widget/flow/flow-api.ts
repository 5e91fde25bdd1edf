// What the checkout's flow (checkout-flow.ts) is to the element and to the feature controllers it
// composes: the host it reads, the view it renders from, and the steps a controller may call on it.
// Declared apart from the flow, which implements them, so that a controller the flow builds (or asks
// for by import()) never imports the flow back, not even for a type (widget-import-cycles.spec.ts).
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutAddress, CheckoutBillingAddress, CheckoutMethod, CreateSessionRequest, OrderStatusResponse, Prefill } from '../../contract/bff-api.ts';
import type { SessionSinpeMovil, SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import type { BffClient } from './bff-client.ts';
import type { CheckoutState } from './checkout-state.ts';
import type { CheckoutEvent, MoveData } from './checkout-machine.ts';
import type { SvcErrorCode } from '../events.ts';
import type { Translation } from '../i18n/translation.ts';
import type { InvoiceDetailsHook } from '../invoice/invoice-fieldset.ts';
import type { OrderWatchModule } from '../parts/order-watch.ts';
import type * as MethodChoice from '../lazy/method-choice.ts';
import type * as SessionClock from '../lazy/session-clock.ts';
import type { OrderSummary } from '../address/order-summary.ts';
import type { PaymentPopup } from '../popup/payment-popup.ts';
import type { EarlyResult } from '../outcome/early-result.ts';

type CatalogItems = CreateSessionRequest['items'];

/** What the controller reads of <svc-checkout>: its attributes and the form's own checks. */
export interface FlowHost extends ReactiveControllerHost {
  readonly bff: string;
  readonly session: string;
  readonly items: CatalogItems | undefined;
  readonly invoice: boolean;
  readonly mode: 'redirect' | 'popup';
  readonly noShipping: boolean;
  readonly renderRoot: HTMLElement | DocumentFragment;
  matches(selectors: string): boolean;
  scrollIntoView(options: ScrollIntoViewOptions): void;
  dispatchEvent(event: Event): boolean;
  currentLocale(): string;
  /** How many address fields are wrong, once what their checks need has loaded. */
  addressErrorCount(): Promise<number>;
  ensureCountryData(country: string): Promise<unknown>;
  ensureOrderWatch(): Promise<OrderWatchModule>;
  /** start() again for the same attributes. */
  restart(): Promise<void>;
}

/** Everything the element renders from; only the controller writes it. */
export interface CheckoutView {
  state: CheckoutState;
  order?: OrderSummary | undefined;
  billing: CheckoutBillingAddress;
  shipping: CheckoutAddress;
  sameAsBilling: boolean;
  submitted: boolean;
  /** Field errors from the BFF's problem+json, by path (`billing.state`), until the field changes. */
  serverErrors: Readonly<Record<string, string>>;
  notice?: ((t: Translation) => string) | undefined;
  outcome?: OrderStatusResponse | undefined;
  /** SINPE Móvil: offered for this order (the session says so), chosen, and the open transfer. */
  sinpeOffered: boolean;
  /** The lazy radio group and its words, once loaded (only when SINPE Móvil is offered). */
  methodChoice?: typeof MethodChoice | undefined;
  method: CheckoutMethod;
  /** The merchant asks the billing address for SINPE Móvil too (else only name, e-mail and phone). */
  sinpeAsksAddress?: boolean | undefined;
  transfer?: SinpeMovilInstructions | undefined;
  /** The transfer the last outcome ended (paid, refused or run out), for the result's words. */
  endedTransfer?: SinpeMovilInstructions | undefined;
  popup?: PaymentPopup | undefined;
  /** The session is about to end (or its renewal was just given): the notice above the pay button. */
  sessionNotice?: SessionClock.SessionNotice | undefined;
  /**
   * Where the shopper's focus goes (the table's moves set it, the flow's hostUpdated moves it): after a
   * press inside the element it follows the status; an outcome takes it to the result panel; after
   * "Try again" the pay button takes it once the form is back.
   */
  focus?: 'status' | 'result' | 'pay' | undefined;
  /** New items or a new session came while a payment was under way or its outcome shown: the next try is for them. */
  newOrder?: boolean | undefined;
}


/** SINPE Móvil as the flow meets it (sinpe/sinpe-controller.ts). */
export interface SinpeSteps {
  /** The session's methods: SINPE Móvil beside the card when the session offers it (its part loaded before idle). */
  offerMethods(sinpe: SessionSinpeMovil | undefined): Promise<void>;
  /** SINPE Móvil can work for the buyer the form describes (a Costa Rican billing country and phone). */
  fits(billing: CheckoutBillingAddress): boolean;
  /** SINPE Móvil's part (the choice, a transfer's steps, the decline's rescue), in the view once here. */
  methodChoicePart(): Promise<typeof MethodChoice>;
  /** A transfer is open: its panel, its watch, and kept for a reload. */
  showTransfer(orderNumber: string, transfer: SinpeMovilInstructions): Promise<void>;
  /** The result panel's own words when a transfer paid the order. */
  resultWords(locale: string, state: CheckoutState): ReturnType<typeof MethodChoice.sinpeResultWords> | undefined;
  /** The transfer is over: `ended` when an outcome ended it (the result's words speak of it). */
  endTransfer(ended?: SinpeMovilInstructions): void;
  /** "Pay with SINPE Móvil" after a card decline the BFF says SINPE Móvil may rescue, once its part is here. */
  rescueButton(locale: string): unknown;
}

/** The session the order is paid with, from its loading to its end (session/session-controller.ts). */
export interface SessionSteps {
  readonly token: string;
  /** The order as the form shows it (a dollar order's colones are a lazy part of their own). */
  summaryOf(answer: { order: OrderSummary; localAmount?: unknown }): Promise<OrderSummary>;
  loadSession(): Promise<void>;
  applyPrefill(): void;
  /** Back with a status token: the order it names is watched; `asked`, a status request on its way, is the first poll. */
  resume(statusToken: string, asked?: Promise<OrderStatusResponse>): void;
  /** A catalog session's request for the page's items. */
  catalogRequest(): CreateSessionRequest;
  /** The session ran out: said plainly, with what to do. */
  expire(detail: string): void;
  /** The session now paid with, and its end: two minutes before it, the clock speaks. */
  useSession(token: string, expiresAt: string): void;
  /** The clock's words (a session or a watch that ran out, a renewed catalog session): a part of their own. */
  clockPart(): Promise<typeof SessionClock>;
  /** The clock's words for a session or a watch that ran out, said once they are here if the checkout is still expired. */
  clockWords(key: 'ended' | 'watchLost'): void;
  /** The session notice, where the element shows it (above the status), once the session nears its end. */
  notice(locale: string): unknown;
}

/** The flow's own steps, as its controllers and the element call them. */
export interface CheckoutFlowApi {
  /** The optional electronic invoice's details (their form is a lazy part of its own). */
  readonly invoiceDetails: InvoiceDetailsHook;
  /** SINPE Móvil: offered, a transfer opened and ended. */
  readonly sinpe: SinpeSteps;
  /** The session: loaded, renewed, its clock. */
  readonly session: SessionSteps;
  /** The session's prefill: the form's start, and what reset() goes back to. */
  prefill: Prefill;
  /** English's words for what only the flow says (statuses, field messages): a part of their own, asked only when the page's words lack them. */
  ensureFlowWords(locale: string): Promise<void>;
  /** What the element renders: read-only outside this class. */
  readonly view: Readonly<CheckoutView>;
  set(patch: Partial<CheckoutView>): void;
  /** Moves the state by the table, doing what the move declares with `data`; false (and no change) when the current state ignores `event`. */
  go(event: CheckoutEvent, data?: MoveData): boolean;
  /** The BFF at the element's `bff` now (a page may change it). */
  client(): BffClient;
  emit(event: Event): boolean;
  /**
   * What a payment that keeps the page (a popup, a transfer) is followed with: the status token the
   * BFF gave for this order, which lives as long as the order can change; else the session's.
   */
  followTokenFor(orderNumber: string): string;
  /** The outcome's amount as the shopper paid it: a transfer's (maybe a few colones below the order's), else the order's. */
  amountPaid(locale: string): string;
  /** The session this order is paid with. */
  readonly sessionToken: string;
  isCatalogMode(): boolean;
  /** After the rules and the page's words: back from the hosted page, or the session's form (`early`: the first poll). */
  begin(early?: EarlyResult): Promise<void> | void;
  /** The shopper typed in a field of `section`: its new value, kept for the tab. */
  editAddress(section: 'billing' | 'shipping', address: CheckoutAddress | CheckoutBillingAddress, path: string): void;
  chooseSameAsBilling(sameAsBilling: boolean): void;
  /** The buyer's choice of method: the merchant's analytics hear it (svc-method-change). */
  chooseMethod(method: CheckoutMethod): void;
  /** The pay button: the details are checked, then sent. */
  submit(): Promise<void>;
  /** The first field marked invalid takes the focus, once rendered. */
  focusFirstInvalid(): Promise<void>;
  /** reset(): back to the session's form (its prefill), stopping any status polling. */
  reset(): Promise<void> | void;
  closePopup(): void;
  /** The button that brings a lost payment window to the front, while it is open and the outcome unknown. */
  popupButton(locale: string): unknown;
  stopWatching(): void;
  /** What an outcome needs before it shows (its words, its parts). */
  readyForOutcome(status: OrderStatusResponse): Promise<void>;
  onOrderStatus(status: OrderStatusResponse): void;
  /** The live region's words for where the checkout is. */
  statusText(t: Translation, locale: string): string;
  /** The status token the BFF gave for this page's payment of `orderNumber` (it outlives the session). */
  keepStatusToken(orderNumber: string, token: string | undefined): void;
  /** The status token the BFF gave for `orderNumber`, if it is the one this page paid. */
  statusTokenOf(orderNumber: string): string | undefined;
  /** This page follows no payment any more (nothing to resume after a reload). */
  restoreForm(orderNumber: string): void;
  /** The checkout cannot go on: the shopper's short text and the developer's code (events.ts, widget/README.md "Errors"). */
  fail(error: unknown, code: SvcErrorCode): void;
  /** Whether the shopper is offered "Try again" now. */
  canRetry(): boolean;
  /** "Try again" (its part, retry/retry-controller.ts, comes with the first press: an approval never needs it). */
  retry(): Promise<void>;
  /** The decline's "Pay with SINPE Móvil": the same order's next attempt, as a transfer. */
  payBySinpeInstead(): Promise<void>;
  /** The form again for the same attributes (a retry or reset with no order yet): not the page's change. */
  restart(): Promise<void>;
  /** The last outcome is left: the next one is said and reported afresh. */
  clearOutcome(): void;
}
