import { css } from 'lit';

// Public knobs are --svc-* custom properties; each is read once into a private --_x variable with
// its fallback, so the rest of the sheet has one name per idea and the defaults live here only.
// Adopted as a constructable stylesheet: nothing inline, so `style-src 'self'` is enough.
export const checkoutStyles = css`
  :host {
    --_text: var(--svc-color-text, light-dark(#1f2328, #e6edf3));
    --_muted: var(--svc-color-muted, light-dark(#57606a, #9da7b3));
    --_background: var(--svc-color-background, light-dark(#ffffff, #0d1117));
    --_surface: var(--svc-color-surface, light-dark(#f6f8fa, #161b22));
    --_border: var(--svc-color-border, light-dark(#8c959f, #6e7681));
    --_primary: var(--svc-color-primary, light-dark(#0b5cad, #4493f8));
    --_on-primary: var(--svc-color-on-primary, light-dark(#ffffff, #0d1117));
    --_error: var(--svc-color-error, light-dark(#b3261e, #ff7b72));
    --_success: var(--svc-color-success, light-dark(#1a7f37, #3fb950));
    --_warning: var(--svc-color-warning, light-dark(#8a5a00, #d29922));
    --_radius: var(--svc-radius, 6px);
    --_gap: var(--svc-spacing, 0.75rem);
    --_focus: var(--svc-focus-ring, 0 0 0 3px color-mix(in srgb, var(--_primary) 45%, transparent));
    /* Dark defaults follow prefers-color-scheme (light-dark() above); theme="light|dark" pins one.
       The page's own --svc-* values win in both. */
    color-scheme: light dark;
    display: block;
    font: inherit;
    color: var(--_text);
    background: var(--_background);
  }
  :host([theme='light']) {
    color-scheme: light;
  }
  :host([theme='dark']) {
    color-scheme: dark;
  }
  /* The theme as the element holds it (a property set from script too): custom states, after the
     attribute rules so they win; the element writes no attribute onto its own tag. Apart from the
     rules above, so a browser without :state() still reads the page's own theme attribute. */
  :host(:state(light)) {
    color-scheme: light;
  }
  :host(:state(dark)) {
    color-scheme: dark;
  }

  :host([hidden]) {
    display: none;
  }

  form,
  fieldset {
    display: grid;
    gap: var(--_gap);
  }
  fieldset {
    margin: 0;
    padding: var(--_gap);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  }
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  .field {
    display: grid;
    gap: 0.25rem;
    align-content: start;
  }
  .wide {
    grid-column: 1 / -1;
  }
  label {
    font-size: 0.9em;
  }
  .optional {
    color: var(--_muted);
  }
  input,
  select,
  button {
    font: inherit;
    color: inherit;
  }
  input:not([type='checkbox'], [type='radio']),
  select {
    box-sizing: border-box;
    width: 100%;
    min-height: 2.5rem;
    padding: 0.4rem 0.6rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_background);
  }
  input:focus-visible,
  select:focus-visible,
  button:focus-visible {
    outline: 2px solid var(--_primary);
    outline-offset: 1px;
    box-shadow: var(--_focus);
  }
  /* As specific as the control rule above plus one: every invalid control shows it, text inputs too. */
  input[aria-invalid='true']:not([type='checkbox']),
  select[aria-invalid='true'] {
    border-color: var(--_error);
    border-width: 2px;
  }
  .error {
    margin: 0;
    color: var(--_error);
    font-size: 0.875em;
  }
  /* The payment method: two buttons side by side, each a label around its native radio (arrow keys,
     "1 of 2"); the checked one is told by its radio's dot and a thick border, not by color alone. */
  .methods {
    grid-template-columns: 1fr 1fr;
    padding: 0;
    border: 0;
  }
  .method {
    display: flex;
    gap: 0.5rem;
    align-items: center;
    justify-content: center;
    min-height: 2.75rem;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-weight: 600;
  }
  .method:has(:checked) {
    border: 2px solid var(--_primary);
    background: var(--_surface);
  }
  .checkbox {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
  button {
    min-height: 2.75rem;
    padding: 0.5rem 1.25rem;
    border: 0;
    border-radius: var(--_radius);
    background: var(--_primary);
    color: var(--_on-primary);
    font-weight: 600;
    cursor: pointer;
  }
  button:disabled {
    opacity: 0.6;
    cursor: progress;
  }
  .status {
    margin: 0;
    padding: var(--_gap);
    border-radius: var(--_radius);
  }
  /* Stays in the DOM while empty: a live region must exist before the text it announces. */
  .status:empty {
    padding: 0;
  }
  .status[data-state='approved'] {
    color: var(--_success);
    border: 2px solid currentColor;
  }
  .status[data-state='declined'],
  .status[data-state='error'],
  .status[data-state='expired'] {
    color: var(--_error);
    border: 2px solid currentColor;
  }
  .status[data-state='review'] {
    color: var(--_warning);
    border: 2px solid currentColor;
  }
`;
