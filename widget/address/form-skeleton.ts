// What the first script draws before the checkout-rules part is here: the form's skeleton, and the
// summary's styles (the element adopts its stylesheets once). The summary itself and the address
// fieldsets render only once the session is loaded, so they come with the rules (widget/lazy/checkout-rules.ts).
import { css, html, nothing } from 'lit';

/**
 * What the checkout shows while its session loads: the summary and one fieldset of field-shaped
 * blocks in the form's own grid, so the form replaces it without the page jumping.
 */
export function renderFormSkeleton(fields: ReadonlyArray<{ wide?: boolean }>, withShippingChoice: boolean) {
  return html`<div class="skeleton" part="skeleton" aria-hidden="true">
    <div class="summary"><div class="total"><span class="bone"></span></div></div>
    <div class="fieldset">
      ${fields.map(
        (field) => html`<div class="field ${field.wide ? 'wide' : ''}"><span class="bone label"></span><span class="bone input"></span></div>`,
      )}
    </div>
    ${withShippingChoice ? html`<span class="bone label"></span>` : nothing}
    <span class="bone button"></span>
  </div>`;
}

export const summaryStyles = css`
  .summary {
    display: grid;
    gap: 0.5rem;
    padding: var(--_gap);
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  .lines {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding: 0 0 0.5rem;
    list-style: none;
    border-bottom: 1px solid var(--_border);
  }
  .lines li,
  .total {
    display: flex;
    justify-content: space-between;
    gap: var(--_gap);
  }
  .skeleton {
    display: grid;
    gap: var(--_gap);
  }
  .skeleton .fieldset {
    display: grid;
    gap: var(--_gap);
    padding: var(--_gap);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
  .bone {
    display: block;
    height: 1.2em;
    width: 8rem;
    max-width: 100%;
    border-radius: var(--_radius);
    background: var(--_surface);
  }
  /* A label's line: 0.9em text at normal line height. */
  .bone.label {
    height: 1.05em;
  }
  /* The loading line under the skeleton is the live region's: kept flat so the two add up to the form. */
  .status[data-state='loading'] {
    padding-block: 0;
  }
  .bone.input {
    width: 100%;
    height: 2.5rem;
  }
  .bone.button {
    width: 12rem;
    height: 2.75rem;
  }
  @media (prefers-reduced-motion: no-preference) {
    .bone {
      animation: svc-pulse 1.2s ease-in-out infinite alternate;
    }
  }
  @keyframes svc-pulse {
    to {
      opacity: 0.5;
    }
  }
`;
