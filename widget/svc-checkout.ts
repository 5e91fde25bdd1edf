import { SvcCheckout } from './checkout.component.ts';

export { SvcCheckout };
export * from './events.ts';
export type { CheckoutState } from './flow/checkout-state.ts';

// A page may load the script twice (or both builds); defining the tag again would throw.
if (!customElements.get('svc-checkout')) customElements.define('svc-checkout', SvcCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'svc-checkout': SvcCheckout;
  }
}
