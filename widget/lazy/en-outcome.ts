// A lazy part (dist/widget/chunks/en-outcome-<hash>.js, imported by lazy/order-watch.ts): English's
// outcome words, only for a page whose translation has none of its own (an English page, or one whose
// language did not load and falls back to English). A Spanish or Portuguese page never loads it.
export { enOutcome } from '../i18n/en/en-outcome.ts';
