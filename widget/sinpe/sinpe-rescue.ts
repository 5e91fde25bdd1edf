import { html, type TemplateResult } from 'lit';
import { methodChoiceTexts } from './method-choice.ts';

/**
 * Part of the method-choice part (SINPE Móvil's), which the flow asks for before a decline the BFF
 * says SINPE Móvil can rescue shows (sinpe-rescue-offer.ts, which the flow reads): a card purchase's result carries none of it.
 * The shopper then gets "Pay with SINPE Móvil" beside "Try again".
 */

/** The button after a decline SINPE Móvil may rescue (the flow asks only then). `flow` opens the transfer. */
export function renderSinpeRescue(locale: string, flow: { payBySinpeInstead(): Promise<void> }): TemplateResult {
  const onPress = () => void flow.payBySinpeInstead();
  return html`<button type="button" part="sinpe-rescue-button" @click=${onPress}>${methodChoiceTexts(locale).payBySinpe}</button>`;
}
