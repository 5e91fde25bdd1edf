// The choice between the card (the gateway's hosted page) and SINPE Móvil: a native radio group in
// a fieldset with a legend, so arrow keys move between the options and a screen reader announces
// "Payment method, radio group, 1 of 2". First in the form, styled as two segmented buttons
// (checkout.styles.ts `.methods`). A lazy part of its own (lazy/method-choice.ts), loaded when the
// session offers SINPE Móvil.
import { html } from 'lit';
import type { CheckoutMethod } from '../../contract/bff-api.ts';
import { pickLanguage } from '../../contract/language-chain.ts';

export interface MethodChoiceTexts {
  legend: string;
  card: string;
  sinpeMovil: string;
  /** The live region's words while the transfer is awaited. */
  waiting: string;
  /** The billing fieldset's legend when SINPE Móvil asks only name, e-mail and phone (no address). */
  contact: string;
}

const texts: Record<'es' | 'en' | 'pt-BR', MethodChoiceTexts> = {
  es: { legend: 'Forma de pago', card: 'Tarjeta', sinpeMovil: 'SINPE Móvil', waiting: 'Esperando su transferencia SINPE Móvil. Esta página se actualiza sola.', contact: 'Sus datos' },
  en: { legend: 'Payment method', card: 'Card', sinpeMovil: 'SINPE Móvil', waiting: 'Waiting for your SINPE Móvil transfer. This page updates by itself.', contact: 'Your details' },
  'pt-BR': { legend: 'Forma de pagamento', card: 'Cartão', sinpeMovil: 'SINPE Móvil', waiting: 'Aguardando sua transferência SINPE Móvil. Esta página se atualiza sozinha.', contact: 'Seus dados' },
};

/** es (the default), en or pt-BR for the element's locale tag. */
export function sinpeLocaleOf(lang: string): 'es' | 'en' | 'pt-BR' {
  return pickLanguage(lang, ['es', 'en', 'pt-BR'] as const);
}

export function methodChoiceTexts(lang: string): MethodChoiceTexts {
  return texts[sinpeLocaleOf(lang)];
}

export function renderMethodChoice(lang: string, selected: CheckoutMethod, disabled: boolean, onChange: (method: CheckoutMethod) => void) {
  const t = methodChoiceTexts(lang);
  const option = (method: CheckoutMethod, label: string) =>
    html`<label class="method" part="method-option">
      <input type="radio" name="svc-method" value=${method} .checked=${selected === method} ?disabled=${disabled} @change=${() => onChange(method)} />
      ${label}
    </label>`;
  return html`<fieldset part="method-choice" class="methods">
    <legend>${t.legend}</legend>
    ${option('card', t.card)} ${option('sinpe_movil', t.sinpeMovil)}
  </fieldset>`;
}
