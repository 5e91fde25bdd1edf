// What a shopper does to pay by SINPE Móvil in the element, shared by the suites that follow a transfer.
import type { SvcCheckout } from '../../../widget/checkout.component.ts';
import { nextEvent, root, submitButton, waitForState } from './element-parts.ts';

export const radio = (element: SvcCheckout, value: string) => root(element).querySelector<HTMLInputElement>(`input[name="svc-method"][value="${value}"]`);

/** Picks SINPE Móvil on the ready form and pays: resolves with the transfer's svc-sinpe-pending. */
export async function payBySinpe(element: SvcCheckout) {
  await waitForState(element, 'idle');
  radio(element, 'sinpe_movil')!.click();
  const pending = nextEvent(element, 'svc-sinpe-pending');
  submitButton(element).click();
  return pending;
}
