import { html, type TemplateResult } from 'lit';
import { isBusy, type CheckoutState } from '../flow/checkout-state.ts';
import type { PopupWords, WordsFile } from '../i18n/feature-words.ts';
import { featureWords } from '../i18n/part-words.ts';

/**
 * Part of the lazy popup-mode part (widget/lazy/popup-mode.ts, loaded by the payment flow at start
 * in popup mode). A shopper who clicked back onto the shop's page
 * loses the payment window behind it and waits for nothing: while the window is open and the
 * outcome unknown, a button brings it to the front again.
 */
const english: PopupWords = { showAgain: 'Show the payment window again' };

/** English's words here, every other language's in its folder (i18n/<tag>/popup.ts). */
export function popupWords(tag: string): PopupWords {
  return featureWords('popup', tag, english, (language) => import(`../i18n/${language}/popup.ts`) as Promise<WordsFile<PopupWords>>);
}

export function renderPopupRescue(locale: string, view: { readonly popup?: { focus(): void } | undefined; readonly state: CheckoutState }): TemplateResult | undefined {
  const popup = view.popup;
  if (!popup || !isBusy(view.state)) return undefined;
  return html`<button type="button" part="popup-again-button" @click=${() => popup.focus()}>${popupWords(locale).showAgain}</button>`;
}
