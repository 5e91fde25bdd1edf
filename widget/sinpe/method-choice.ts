// The choice between the card (the gateway's hosted page) and SINPE Móvil: a native radio group in
// a fieldset with a legend, so arrow keys move between the options and a screen reader announces
// "Payment method, radio group, 1 of 2". First in the form, styled as two segmented buttons
// (checkout.styles.ts `.methods`). A lazy part of its own (lazy/method-choice.ts), loaded when the
// session offers SINPE Móvil.
import { html } from 'lit';
import type { CheckoutMethod } from '../../contract/bff-api.ts';
import type { SinpeChoiceWords } from '../i18n/feature-words.ts';
import { sectionWords } from '../i18n/localize.ts';

/** English's words of this part; every other language's are its translation's `sinpeChoice` (i18n/<tag>/). */
const english: SinpeChoiceWords = {
  legend: 'Payment method',
  card: 'Card',
  waiting: 'Waiting for your SINPE Móvil transfer. This page updates by itself.',
  contact: 'Your details',
  payBySinpe: 'Pay with SINPE Móvil',
  paidTo: (phone) => `Paid with SINPE Móvil to ${phone}`,
};

/** The words of the card / SINPE Móvil choice, the rescue after a decline and a transfer's result, for a locale tag. */
export function methodChoiceTexts(lang: string): SinpeChoiceWords {
  return sectionWords(lang, 'sinpeChoice', english);
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
    ${option('card', t.card)} ${option('sinpe_movil', 'SINPE Móvil')}
  </fieldset>`;
}
