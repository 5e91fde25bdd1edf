// A lazy part (dist/widget/chunks/method-choice-<hash>.js, reached by widget/lazy-assets.ts): the card / SINPE Móvil radio group and its words,
// loaded only when the session offers SINPE Móvil, so a card-only checkout's first script is smaller.
export { methodChoiceTexts, renderMethodChoice } from '../sinpe/method-choice.ts';
