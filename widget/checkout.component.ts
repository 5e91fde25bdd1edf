import { LitElement, html } from 'lit';
import { property } from 'lit/decorators.js';

/**
 * @summary Embeddable checkout (placeholder until issue 5 lands).
 */
export class SvcCheckout extends LitElement {
  /** The BFF base URL. */
  @property() bff = '';

  override render() {
    return html`<p part="status">svc-checkout</p>`;
  }
}
