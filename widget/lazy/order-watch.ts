// A lazy part (dist/widget/chunks/order-watch-<hash>.js, reached by widget/parts/order-watch.ts): what the element needs once a payment started or
// the shopper came back from one, and never for the form's first paint: the status poller, the
// result panel with its styles (English's outcome words are a part of their own, en-outcome), the slots for the decline rescue's SINPE Móvil button (in method-choice)
// and for popup mode's "show the payment window again" (popup-rescue.ts, in the popup-mode part).
export { StatusPoller } from '../outcome/status-poller.ts';
export { renderResultPanel, resultPanelCss } from '../outcome/result-panel.ts';
import type { RescueButtons } from '../flow/flow-steps.ts';
import { addEnglishWords, translationFor } from '../i18n/localize.ts';
import { once } from '../parts/loader.ts';

/**
 * The page's outcome words, before any outcome shows: English's are a part of their own (en-outcome),
 * asked only when the page's translation has none once its layers settled (the caller waits for
 * them: an English page, or a language that did not load and falls back to English). A Spanish
 * purchase never asks for them. (This part imports nothing of locale-loader.ts: doing so made the
 * bundler move Lit out of the first script into a chunk of its own.)
 */
export async function ensureOutcomeWords(locale: string): Promise<void> {
  if (translationFor(locale).resultTitle) return;
  addEnglishWords((await once('en-outcome', () => import('../i18n/en/en-outcome.ts'))).enOutcome);
}

/**
 * The buttons that get a stuck shopper going: SINPE Móvil after a card decline (with the method-choice
 * part, which the flow loads for such a decline), popup mode's lost window (the popup-mode part).
 */
export function renderRescues(locale: string, flow: RescueButtons) {
  return [flow.sinpe.rescueButton(locale), flow.popupButton(locale)];
}
