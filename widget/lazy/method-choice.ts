// A lazy part (dist/widget/chunks/method-choice-<hash>.js, reached by widget/parts/method-choice.ts): the card / SINPE Móvil radio group and its words,
// loaded only when the session offers SINPE Móvil, so a card-only checkout's first script is smaller;
// with it, what the result panel says of a transfer that paid the order.
export { methodChoiceTexts, renderMethodChoice } from '../sinpe/method-choice.ts';
export { sinpeResultWords } from '../sinpe/sinpe-outcome-text.ts';
// And what the payment flow does when a transfer opens (an accepted transfer loads this part first
// where the session did not, e.g. after the decline's "Pay with SINPE Móvil" on a return).
export { showTransfer } from '../sinpe/sinpe-transfer.ts';
// And the button after a card decline SINPE Móvil may rescue (the flow loads this part for such a decline).
export { renderSinpeRescue } from '../sinpe/sinpe-rescue.ts';
