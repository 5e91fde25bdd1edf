// Part of the lazy checkout-rules part, with the flow (checkout-flow.ts) that composes it: SINPE Móvil
// as the flow meets it: offered beside the card, a transfer opened (kept for a reload) and ended. The
// transfer's own steps and words are the method-choice part's (sinpe-transfer.ts, the panel).
import type { CheckoutBillingAddress } from '../../contract/bff-api.ts';
import type { SessionSinpeMovil, SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import type { CheckoutState } from '../flow/checkout-state.ts';
import { isSinpeRescueOffered } from './sinpe-rescue-offer.ts';
import type { CheckoutFlowApi, SinpeSteps } from '../flow/flow-api.ts';
import type { FlowSteps } from '../flow/flow-steps.ts';
import { forgetOpenTransfer } from '../kept/kept-session.ts';
import type * as MethodChoice from '../lazy/method-choice.ts';
import { AssetLoadError } from '../parts/loader.ts';
import { loadMethodChoice } from '../parts/method-choice.ts';
import { sinpeFitsBuyer } from './sinpe-fit.ts';

/** The flow's steps a transfer is made of. */
export type SinpeFlow = FlowSteps & Pick<CheckoutFlowApi, 'view' | 'set' | 'fail' | 'isCatalogMode' | 'sessionToken' | 'payBySinpeInstead'>;

/**
 * SINPE Móvil in the flow: whether the form offers it (the session does, and the buyer the form
 * describes can pay with it), its part (the choice, a transfer's steps, the decline's rescue), and the
 * open transfer, kept so that a reload comes back to it. Not a reactive controller: it has no part in
 * the element's lifecycle, only in the flow's steps.
 */
export class SinpeController implements SinpeSteps {
  /** The session offers SINPE Móvil; the form offers it only while it can work for the buyer (fits). */
  #sessionOffers = false;

  readonly #flow: SinpeFlow;

  constructor(flow: SinpeFlow) {
    this.#flow = flow;
  }

  /**
   * The session's methods: SINPE Móvil beside the card when the session offers it, its part loaded
   * before idle so the form does not jump (without it, a failed load, the card alone is offered).
   */
  async offerMethods(sinpe: SessionSinpeMovil | undefined): Promise<void> {
    const flow = this.#flow;
    this.#sessionOffers = sinpe !== undefined;
    flow.set({ sinpeAsksAddress: sinpe?.askAddress === true, sinpeOffered: this.fits(flow.view.billing) });
    if (sinpe) flow.set({ methodChoice: flow.view.methodChoice ?? (await loadMethodChoice().catch(() => undefined)) });
  }

  /** SINPE Móvil can work for the buyer the form describes (a Costa Rican billing country and phone). */
  fits(billing: CheckoutBillingAddress): boolean {
    return this.#sessionOffers && sinpeFitsBuyer(billing);
  }

  /** SINPE Móvil's part (the choice, a transfer's steps, the decline's rescue), in the view once here. */
  async methodChoicePart(): Promise<typeof MethodChoice> {
    const methodChoice = this.#flow.view.methodChoice ?? (await loadMethodChoice());
    this.#flow.set({ methodChoice });
    return methodChoice;
  }

  /**
   * A transfer is open: its steps (sinpe-transfer.ts) come with the method choice, which a session
   * that offers SINPE Móvil has already loaded; without them the transfer cannot be shown. The
   * transfer move's effects keep it for a reload and watch the order.
   */
  async showTransfer(orderNumber: string, transfer: SinpeMovilInstructions): Promise<void> {
    let methodChoice: typeof MethodChoice;
    try {
      methodChoice = await this.methodChoicePart();
    } catch (error) {
      return this.#flow.fail(new AssetLoadError(error), 'asset-load');
    }
    methodChoice.showTransfer(this.#flow, orderNumber, transfer);
  }

  /** The result panel's own words when a transfer paid the order. */
  resultWords(locale: string, state: CheckoutState): ReturnType<typeof MethodChoice.sinpeResultWords> | undefined {
    const { endedTransfer, methodChoice } = this.#flow.view;
    return endedTransfer && methodChoice?.sinpeResultWords(locale, state, endedTransfer);
  }

  /** The transfer is over: `ended` when an outcome ended it (the result's words speak of it). */
  endTransfer(ended?: SinpeMovilInstructions): void {
    if (this.#flow.view.transfer && this.#flow.isCatalogMode()) forgetOpenTransfer();
    this.#flow.set({ transfer: undefined, endedTransfer: ended });
  }

  /** "Pay with SINPE Móvil" after a card decline the BFF says SINPE Móvil may rescue, once its part is here. */
  rescueButton(locale: string): unknown {
    const { outcome, methodChoice } = this.#flow.view;
    return isSinpeRescueOffered(outcome) ? methodChoice?.renderSinpeRescue(locale, this.#flow) : undefined;
  }
}
