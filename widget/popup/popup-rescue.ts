import { html, type TemplateResult } from 'lit';
import { pickLanguage } from '../../contract/language-chain.ts';
import { isBusy, type CheckoutState } from '../flow/checkout-state.ts';

/**
 * Part of the lazy popup-mode part (widget/lazy/popup-mode.ts, loaded by the payment flow at start
 * in popup mode). A shopper who clicked back onto the shop's page
 * loses the payment window behind it and waits for nothing: while the window is open and the
 * outcome unknown, a button brings it to the front again.
 */
const label: Record<'es' | 'en' | 'pt', string> = {
  es: 'Mostrar de nuevo la ventana de pago',
  en: 'Show the payment window again',
  pt: 'Mostrar de novo a janela de pagamento',
};

export function renderPopupRescue(locale: string, view: { readonly popup?: { focus(): void } | undefined; readonly state: CheckoutState }): TemplateResult | undefined {
  const popup = view.popup;
  if (!popup || !isBusy(view.state)) return undefined;
  return html`<button type="button" part="popup-again-button" @click=${() => popup.focus()}>${label[pickLanguage(locale, ['es', 'en', 'pt'] as const)]}</button>`;
}
