// A lazy part (dist/widget/chunks/order-watch-<hash>.js, reached by widget/lazy-assets.ts): what the element needs once a payment started or
// the shopper came back from one, and never for the form's first paint: the status poller, the
// result panel with its styles (English's outcome words are a part of their own, en-outcome), the decline rescue's SINPE Móvil button
// and the slot for popup mode's "show the payment window again" (popup-rescue.ts, in the popup-mode part).
export { StatusPoller } from '../status-poller.ts';
export { renderResultPanel, resultPanelCss } from '../result-panel.ts';
import { renderSinpeRescue } from '../costa-rica/sinpe-rescue.ts';

/** The buttons that get a stuck shopper going: SINPE Móvil after a card decline, popup mode's lost window (its own part). */
export function renderRescues(locale: string, outcome: unknown, flow: Parameters<typeof renderSinpeRescue>[2] & { popupButton(locale: string): unknown }) {
  return [renderSinpeRescue(locale, outcome, flow), flow.popupButton(locale)];
}
