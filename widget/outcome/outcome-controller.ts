// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that composes it; the state moves only by its `go`.
import type { ReactiveController } from 'lit';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import { declineLocaleOf, type DeclineCategory, type DeclineLocale } from '../../contract/decline-messages.ts';
import { BffError } from '../flow/bff-client.ts';
import type { CheckoutFlowApi as CheckoutFlow, FlowHost } from '../flow/flow-api.ts';
import { isOutcome } from '../flow/checkout-state.ts';
import { isSinpeRescueOffered } from '../sinpe/sinpe-rescue-offer.ts';
import * as events from '../events.ts';
import type { Translation } from '../i18n/translation.ts';
import { keepResultToken } from '../kept/kept-result.ts';
import { AssetLoadError, once } from '../parts/loader.ts';
import { loadDeclineMessages } from '../parts/country-data.ts';
import type { OrderWatchModule } from '../parts/order-watch.ts';
import { declineCategoryOf, methodOfOutcome, purchasedItems } from './purchase-detail.ts';
import type { StatusPoller } from './status-poller.ts';
import type * as LapsedEvent from './lapsed-event.ts';
import { outcomeOf } from './order-outcome.ts';

/** The flow's steps an outcome is made of. */
type OutcomeStep = 'view' | 'set' | 'go' | 'emit' | 'fail' | 'client' | 'canRetry' | 'amountPaid' | 'statusTokenOf' | 'sinpe';
export type OutcomeSteps = Pick<CheckoutFlow, OutcomeStep>;

/** What the watch reads of <svc-checkout>. */
export type OutcomeHost = Pick<FlowHost, 'addController' | 'requestUpdate' | 'currentLocale' | 'ensureOrderWatch'>;

/**
 * The watch of an order and its outcome (a Lit reactive controller of <svc-checkout>): polls the order until
 * it is final, readies what the outcome needs (a decline's words, SINPE Móvil's rescue, svc-lapsed), moves to
 * it by the one rule of order-outcome.ts (the move's effects keep it, fire its event: `tell`), and says
 * where things stand.
 */
export class OutcomeController implements ReactiveController {
  #poller: StatusPoller | undefined;
  /** Counts watches started or stopped: a watch whose part arrives after it was stopped does not start. */
  #run = 0;
  /** The token the order is watched with: a status token back from the hosted page, else the session's. */
  #token: string | undefined;
  #lastStatus: string | undefined;
  /** The decline and cancel messages of each language shown so far (generated/decline-messages/<language>.js). */
  #declineWords: ReadonlyMap<DeclineLocale, Record<DeclineCategory, string>> = new Map();
  /** svc-lapsed's class (lapsed-event.ts): a part of its own, here once a transfer's time ran out. */
  #lapsedEvent: typeof LapsedEvent | undefined;

  readonly #flow: OutcomeSteps;
  readonly #host: OutcomeHost;

  constructor(flow: OutcomeSteps, host: OutcomeHost) {
    this.#flow = flow;
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  stop(): void {
    this.#run += 1;
    this.#poller?.stop();
  }

  /** The last status is left: the next one is reported afresh. */
  forget(): void {
    this.#lastStatus = undefined;
  }

  /** Polls the order until it is final; `asked`, a status request already on its way, is the first poll. */
  async watch(orderNumber: string, token: string, asked?: Promise<OrderStatusResponse>): Promise<void> {
    this.stop();
    const run = this.#run;
    this.#lastStatus = undefined;
    this.#token = token;
    let watch: OrderWatchModule;
    try {
      watch = await this.#host.ensureOrderWatch();
    } catch (error) {
      return this.#flow.fail(new AssetLoadError(error), 'asset-load');
    }
    if (run !== this.#run) return;
    let first = asked;
    this.#poller = new watch.StatusPoller({
      fetchStatus: () => {
        const answer = first ?? this.#flow.client().getOrder(orderNumber, token);
        first = undefined;
        return answer;
      },
      onStatus: (status) => void this.#take(status, run),
      onFailure: (error) => this.#failed(orderNumber, token, error),
      isRetryable: (error) => error instanceof BffError && (error.status === 0 || error.status === 429 || error.status >= 500),
    });
    this.#poller.start();
  }

  /**
   * The watch failed. A 401 is a token that no longer reads the order, never a failed payment: the
   * status token goes on where the session's ran out; with none left, the shopper is told plainly
   * that this page can no longer follow the payment.
   */
  #failed(orderNumber: string, token: string, error: unknown): void {
    const flow = this.#flow;
    if (!(error instanceof BffError && error.status === 401)) return flow.fail(error, 'payment-error');
    const statusToken = flow.statusTokenOf(orderNumber);
    if (statusToken && statusToken !== token) return void this.watch(orderNumber, statusToken);
    if (!flow.go('lost', { detail: 'the order can no longer be followed: its token expired', words: 'watchLost' })) this.stop();
  }

  /** A decline or a cancel is told in the page's language: its words come before the outcome shows (ready). */
  async #take(status: OrderStatusResponse, run: number): Promise<void> {
    await this.ready(status);
    if (run === this.#run) this.take(status);
  }

  /** What an outcome needs before it shows: a decline's words, the part with SINPE Móvil's rescue when the BFF offers it, svc-lapsed for a lapse. */
  async ready(status: OrderStatusResponse): Promise<void> {
    if (status.reason) await this.#loadDeclineWords(this.#host.currentLocale());
    // Without the part, "Try again" alone.
    if (isSinpeRescueOffered(status)) await this.#flow.sinpe.methodChoicePart().catch(() => undefined);
    if (outcomeOf(status) === 'lapsed') this.#lapsedEvent = await once('lapsed-event', () => import('./lapsed-event.ts')).catch(() => undefined);
  }

  /** An order's status: still pending, or its outcome, told by its event. */
  take(status: OrderStatusResponse): void {
    const flow = this.#flow;
    flow.set({ outcome: status });
    if (status.status !== this.#lastStatus) {
      this.#lastStatus = status.status;
      flow.emit(new events.SvcStatusEvent(status.orderNumber, status.status, status.final));
    }
    if (!status.final && !status.canRetry) return void flow.go('pending');
    // The move's effects end the payment, keep the outcome and tell it (checkout-machine.ts).
    if (!flow.go(outcomeOf(status), { status })) this.stop();
  }

  /**
   * The outcome is kept for reloads of this page like one brought back from the hosted page: a
   * popup's or a transfer's page never left, so the token it was watched with is the one kept.
   */
  keepResult(): void {
    if (this.#token) keepResultToken(window.location.pathname, this.#token);
  }

  /** The outcome's event, fired with the move to it. */
  tell(): void {
    const flow = this.#flow;
    const { state: outcome, endedTransfer } = flow.view;
    const status = flow.view.outcome!;
    const method = methodOfOutcome(status, endedTransfer !== undefined);
    if (outcome === 'approved') {
      const items = purchasedItems(status.orderNumber, flow.view.order);
      flow.emit(new events.SvcApprovedEvent(status.orderNumber, status.paid?.amount ?? status.amount, status.paid?.currency ?? status.currency, status.auth, method, items));
    } else if (outcome === 'declined') {
      flow.emit(new events.SvcDeclinedEvent(status.orderNumber, this.#catalogMessage(this.#host.currentLocale()), declineCategoryOf(status, method), method));
    } else if (outcome === 'lapsed') {
      // A SINPE Móvil transfer whose time ran out (watched here, or found so after a reload): nothing was
      // refused, so no svc-declined; another attempt may be opened, which "Try again" does.
      const lapsed = this.#lapsedEvent;
      if (!lapsed) return flow.fail(new AssetLoadError('lapsed-event'), 'asset-load');
      flow.emit(new lapsed.SvcLapsedEvent(status.orderNumber, status.message, status.canRetry, method));
    } else if (outcome === 'cancelled') {
      flow.emit(new events.SvcCancelledEvent(status.orderNumber, status.canRetry));
    } else if (outcome === 'error') {
      flow.emit(new events.SvcErrorEvent('payment-error', `order ${status.status}`));
    } else if (outcome === 'expired') {
      flow.emit(new events.SvcErrorEvent('session-expired', 'the order expired before it was paid'));
    }
  }

  /** The decline catalog's message for the outcome's category in `locale`, else the BFF's own. */
  #catalogMessage(locale: string): string | undefined {
    const outcome = this.#flow.view.outcome;
    const reason = outcome?.reason;
    const words = reason && this.#declineWords.get(declineLocaleOf(locale));
    // The page switched language after the outcome: its words re-render the element when they come.
    if (reason && !words) void this.#loadDeclineWords(locale);
    return reason && words ? words[reason] : outcome?.message;
  }

  /** The shared catalog's words in `locale`'s language; when they cannot load, the BFF's message stands. */
  async #loadDeclineWords(locale: string): Promise<void> {
    const language = declineLocaleOf(locale);
    if (this.#declineWords.has(language)) return;
    const words = await loadDeclineMessages(language).catch(() => undefined);
    if (!words) return;
    this.#declineWords = new Map(this.#declineWords).set(language, words);
    this.#host.requestUpdate();
  }

  /** The live region's words for where the checkout is. */
  statusText(t: Translation, locale: string): string {
    const { state, outcome, notice, popup, transfer, methodChoice } = this.#flow.view;
    // The page switched, after the outcome, to a language whose outcome words are not here (English's
    // are a part of their own): they are asked, and said when they come.
    if (isOutcome(state) && !t.resultTitle) {
      void this.#host
        .ensureOrderWatch()
        .then((watch) => watch.ensureOutcomeWords(locale))
        .then(() => this.#host.requestUpdate(), () => undefined);
      if (state !== 'error' && state !== 'expired') return '';
    }
    switch (state) {
      case 'loading':
        return t.loading;
      case 'idle':
        return notice?.(t) ?? '';
      case 'submitting':
        return t.submitting;
      case 'redirecting':
        return popup ? t.popupOpen : t.redirecting;
      case 'returned':
        return t.returned;
      case 'polling':
        if (transfer) return methodChoice?.methodChoiceTexts(locale).waiting ?? t.polling;
        return popup ? t.popupOpen : t.polling;
      case 'approved':
        return t.approved(this.#flow.amountPaid(locale));
      case 'declined':
        // The shared catalog's message by category says what to do next, in the page's language.
        if (outcome?.canRetry) return this.#catalogMessage(locale) ?? `${t.declined} ${t.tryAnotherCard}`;
        return `${t.declined} ${this.#flow.canRetry() ? t.tryAnotherCard : t.newCheckoutForAnotherCard}`;
      case 'lapsed':
        // The BFF's words: the time ran out, and what to do if the transfer was sent anyway.
        return outcome?.message ?? t.resultTitle.lapsed;
      case 'cancelled':
        return outcome?.canRetry ? (this.#catalogMessage(locale) ?? t.cancelled) : t.cancelled;
      case 'review':
        return t.review;
      case 'error':
        return notice?.(t) ?? t.error;
      case 'expired':
        return notice?.(t) ?? t.expired;
    }
  }
}
