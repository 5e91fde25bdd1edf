// Part of the lazy order-watch part (widget/lazy/order-watch.ts); the element adopts the styles below.
import { html, nothing, svg } from 'lit';
import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import type { OutcomeState } from '../flow/checkout-state.ts';
import type { Translation } from '../i18n/translation.ts';

export interface ResultPanelInput {
  t: Translation;
  state: OutcomeState;
  outcome: OrderStatusResponse | undefined;
  /** The outcome's amount, formatted in the shopper's locale. */
  amount: string;
  /** What to do next, already in the shopper's language (the decline catalog's message for a decline). */
  next: string | undefined;
  /** How it was paid and to whom, when no card did (SINPE Móvil). */
  paidBy?: string | undefined;
}

// One path per outcome, drawn in currentColor (the panel's outcome color), hidden from readers: the
// heading says the same in words.
// A clock for what is waiting or ran out of time without a refusal (review, a lapsed transfer).
function iconPathOf(state: OutcomeState): string {
  if (state === 'approved') return 'M7 12.5l3.2 3.2L17 9';
  return state === 'review' || state === 'lapsed' ? 'M12 7v5.5l3 2' : 'M8.5 8.5l7 7M15.5 8.5l-7 7';
}

/**
 * The outcome as a shopper reads it: an icon and a heading, the amount, the order number, the card
 * that paid (brand and last four, when the gateway reported them) and what happens next. Focusable (tabindex -1) so the element can
 * move the shopper's focus here when they come back from the payment page.
 */
export function renderResultPanel({ t, state, outcome, amount, next, paidBy }: ResultPanelInput) {
  // A page switched to English after the outcome, before English's outcome words came (the flow asks for them): nothing to say yet.
  if (!t.resultTitle) return nothing;
  return html`<section class="result" part="result" data-state=${state} tabindex="-1" aria-labelledby="svc-result-title">
    <svg class="result-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" />
      ${svg`<path d=${iconPathOf(state)} />`}
    </svg>
    <h2 id="svc-result-title">${t.resultTitle[state]}</h2>
    ${outcome
      ? html`<dl>
          <div><dt>${t.amount}</dt><dd>${amount}</dd></div>
        </dl>
        <p>${t.orderNumber(outcome.orderNumber)}</p>
        ${outcome.card && state === 'approved' ? html`<p>${t.paidWith(outcome.card.brand, outcome.card.last4)}</p>` : nothing}
        ${paidBy ? html`<p>${paidBy}</p>` : nothing}`
      : nothing}
    ${next ? html`<p class="next">${next}</p>` : nothing}
  </section>`;
}

/** A plain string, marked as CSS for the build's minifier (vite.config.ts): this part has no Lit. */
const css = String.raw;

/** Adopted by the element next to its own sheet once this part is here. */
export const resultPanelCss = css`
  .result {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25rem var(--_gap);
    align-items: center;
    padding: var(--_gap);
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  .result:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 2px;
  }
  .result > :not(.result-icon) {
    grid-column: 2;
    margin: 0;
  }
  .result h2 {
    font-size: 1.15em;
  }
  .result dl div {
    display: flex;
    gap: 0.5rem;
  }
  .result dd {
    margin: 0;
    font-weight: 600;
  }
  .result-icon {
    grid-row: 1 / span 2;
    width: 2.5rem;
    height: 2.5rem;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
  }
  .result[data-state='approved'] .result-icon {
    color: var(--_success);
  }
  .result[data-state='review'] .result-icon {
    color: var(--_warning);
  }
  .result[data-state='declined'] .result-icon,
  .result[data-state='cancelled'] .result-icon,
  .result[data-state='error'] .result-icon,
  .result[data-state='expired'] .result-icon {
    color: var(--_error);
  }
  .result[data-state='lapsed'] .result-icon {
    color: var(--_muted);
  }
`;
