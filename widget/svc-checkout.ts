import { SvcCheckout } from './checkout.component.ts';

export { SvcCheckout };

// A page may load the script twice; defining the tag again would throw.
if (!customElements.get('svc-checkout')) customElements.define('svc-checkout', SvcCheckout);

declare global {
  interface HTMLElementTagNameMap {
    'svc-checkout': SvcCheckout;
  }
}
