import type { CheckoutMethod, OrderStatusResponse } from '../../contract/bff-api.ts';
import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import type { BffClient } from './bff-client.ts';
import type { CheckoutEvent, MoveData } from './checkout-machine.ts';
import type { CheckoutState } from './checkout-state.ts';
import type { Translation } from '../i18n/translation.ts';
import type { PaymentPopup } from '../popup/payment-popup.ts';

/**
 * What the payment flow's own lazy parts (popup-payment.ts, sinpe/sinpe-transfer.ts) call on it: its
 * view, its state moves (`go`, by the table) and its steps. Declared apart from the flow (which
 * passes itself, checked by the compiler against this), so a part the flow imports by `import()`
 * does not import the flow back, not even for a type (test/contract/widget-import-cycles.spec.ts).
 */
export interface FlowSteps {
  readonly view: { readonly state: CheckoutState };
  set(patch: {
    notice?: ((t: Translation) => string) | undefined;
    popup?: PaymentPopup | undefined;
    transfer?: SinpeMovilInstructions | undefined;
    method?: CheckoutMethod;
  }): void;
  go(event: CheckoutEvent, data?: MoveData): boolean;
  emit(event: Event): boolean;
  client(): BffClient;
  followTokenFor(orderNumber: string): string;
  stopWatching(): void;
  readyForOutcome(status: OrderStatusResponse): Promise<void>;
  onOrderStatus(status: OrderStatusResponse): void;
}

/** What the order-watch part asks of the flow for the buttons under an outcome. */
export interface RescueButtons {
  readonly sinpe: { rescueButton(locale: string): unknown };
  popupButton(locale: string): unknown;
}
