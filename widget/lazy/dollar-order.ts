// A lazy part (dist/widget/chunks/dollar-order-<hash>.js, imported by widget/flow/checkout-flow.ts for a
// session answer with `localAmount`): what a dollar order adds to its summary, the colones line
// under the total and, where the merchant allows it, the card's dollars / colones choice. A colones
// order's checkout carries none of it.
import type { ReactiveControllerHost } from 'lit';
import { cardColonesOf } from '../costa-rica/card-currency-choice.ts';
import { dollarOrderWords, localAmountLineOf } from '../costa-rica/local-amount.ts';
import { partWords } from '../i18n/part-words.ts';

export function dollarOrderOf(answer: { order: { amount: string; currency: string } }, host: ReactiveControllerHost) {
  return { localAmountLine: localAmountLineOf(answer), cardColones: cardColonesOf(answer, host) };
}

/** Its words in the page's language (i18n/<tag>/dollar-order.ts) arrive with it (parts/loader.ts). */
export const partReady = () => partWords(dollarOrderWords);
