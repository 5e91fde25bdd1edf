// The SINPE Móvil panel's "pay by SMS" part: the shopper picks their bank, then gets on a phone an
// `sms:` link with `PASE <monto> <número>` ready, on a desktop a QR of the same link to scan with
// the phone.
import { html, nothing, type TemplateResult } from 'lit';
import type { SinpeSmsBank } from './sinpe-sms-banks.ts';
import { formatSmsNumber, sinpeSmsLink } from './sms-payment.ts';
import type { SinpePanelWords } from '../i18n/feature-words.ts';

export interface SmsPaymentState {
  banks: readonly SinpeSmsBank[];
  /** The index of the shopper's bank in `banks`, once chosen. */
  chosen: number | undefined;
  /** A phone (coarse pointer or a narrow screen): the link; otherwise the QR. */
  phoneLike: boolean;
  offerSms: boolean;
  offerQr: boolean;
  /** `PASE <monto> <número>`. */
  text: string;
  texts: SinpePanelWords;
  onChoose: (index: number | undefined) => void;
}

export function renderSmsPayment(state: SmsPaymentState): TemplateResult | typeof nothing {
  const offered = state.phoneLike ? state.offerSms : state.offerQr;
  if (!offered || state.banks.length === 0) return nothing;
  const { texts } = state;
  const bank = state.chosen === undefined ? undefined : state.banks[state.chosen];
  const number = bank && formatSmsNumber(bank.smsNumber);
  const onChange = (event: Event) => {
    const value = (event.target as HTMLSelectElement).value;
    state.onChoose(value === '' ? undefined : Number(value));
  };
  return html`<div class="sms" part="sinpe-sms">
    <label for="sinpe-bank">${texts.bank}</label>
    <select id="sinpe-bank" part="sinpe-bank" @change=${onChange}>
      <option value="" ?selected=${bank === undefined}>${texts.chooseBank}</option>
      ${state.banks.map((candidate, index) => html`<option value=${String(index)} ?selected=${index === state.chosen}>${candidate.name}</option>`)}
    </select>
    ${bank && number
      ? state.phoneLike
        ? html`<p><a part="sinpe-sms-link" href=${sinpeSmsLink(bank, state.text)}>${texts.sendSms(bank.name, number)}</a></p>`
        : html`<canvas part="sinpe-qr" role="img" aria-label=${texts.qr(bank.name, number)}></canvas>
            <p>${texts.qrHint}</p>`
      : nothing}
    ${bank && number ? html`<p part="sinpe-sms-text">${texts.smsIs(state.text, number)}</p>` : nothing}
  </div>`;
}
