// A lazy part (dist/widget/chunks/popup-mode-<hash>.js, imported by widget/flow/checkout-flow.ts when the
// element's `mode` is `popup`): the payment window, what follows its closing, and the button that
// brings a lost window to the front. A redirect checkout never loads it.
import { partWords } from '../i18n/part-words.ts';
import { popupWords } from '../popup/popup-rescue.ts';

export { openPaymentWindow, showInPopup } from '../popup/popup-payment.ts';
export { renderPopupRescue } from '../popup/popup-rescue.ts';

/** Its words in the page's language (i18n/<tag>/popup.ts) arrive with it (parts/loader.ts). */
export const partReady = () => partWords(popupWords);
