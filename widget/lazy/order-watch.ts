// A lazy part (dist/widget/chunks/order-watch-<hash>.js, reached by widget/lazy-assets.ts): what the element needs once a payment started or
// the shopper came back from one, and never for the form's first paint: the status poller, the
// result panel with its styles and English's outcome words, the decline rescue's SINPE Móvil button.
export { StatusPoller } from '../status-poller.ts';
export { renderResultPanel, resultPanelCss } from '../result-panel.ts';
export { enOutcome } from '../i18n/en-outcome.ts';
export { renderSinpeRescue } from '../costa-rica/sinpe-rescue.ts';
