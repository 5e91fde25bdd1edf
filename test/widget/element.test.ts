import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';

describe('<svc-checkout>', () => {
  it('is defined and renders into its shadow root', async () => {
    const element = await fixture(html`<svc-checkout></svc-checkout>`);
    expect(customElements.get('svc-checkout')).to.exist;
    expect(element.shadowRoot).to.exist;
  });
});
