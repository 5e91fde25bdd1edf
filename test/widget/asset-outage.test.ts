// Every lazy part and data module unreachable (a CDN outage, an app deployed without its chunks) on
// a Costa Rican page, whose Spanish words are lazy parts too: the widget asks a bounded number of
// times, then shows one error and fires svc-error asset-load once, and no render asks again. A page
// of its own: the browser keeps a failed module for the page's life. The retries' backoff runs on a
// manual clock that adds up the time waited, so 10 s of outage pass without waiting them.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { retryClock } from '../../widget/parts/lazy-assets.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, statusText, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';

async function refusedRequests(mode: string): Promise<string[]> {
  return (await fetch(`/__test/refused-asset-requests?mode=${mode}`)).json() as Promise<string[]>;
}

describe('when every lazy part is unreachable', () => {
  const mode = `always-${Date.now()}`;
  const realWait = retryClock.wait;
  let waitedMs = 0;
  before(() => {
    document.cookie = `svc-test-failing-asset=all:${mode}; path=/`;
    retryClock.wait = (ms) => {
      waitedMs += ms;
      return Promise.resolve();
    };
  });
  after(() => {
    document.cookie = 'svc-test-failing-asset=; path=/; max-age=0';
    retryClock.wait = realWait;
  });

  it('asks at most 10 times over 10 s, then shows one error, fires asset-load once and never asks again', async () => {
    const bff = new FakeBff();
    const errors: string[] = [];
    document.addEventListener('svc-error', (event) => errors.push(event.code));
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="es-CR"></svc-checkout>`);
    await waitForState(element, 'error');
    await eventually(() => errors.length > 0);
    const refusedAtError = await refusedRequests(mode);

    // The shopper's page goes on rendering for the rest of the 10 s: a language change, new items,
    // a dozen renders; none of them asks for a part again.
    for (let render = 0; render < 12; render += 1) {
      element.locale = render % 2 ? 'es-CR' : 'es-419';
      await element.updateComplete;
    }
    waitedMs += 10_000 - Math.min(waitedMs, 10_000);
    element.requestUpdate();
    await element.updateComplete;

    const refused = await refusedRequests(mode);
    expect(refused, refused.join('\n')).to.deep.equal(refusedAtError);
    expect(refused.length).to.be.within(1, 10);
    expect(errors).to.deep.equal(['asset-load']);
    expect(element.shadowRoot!.querySelectorAll('[part="status"]')).to.have.length(1);
    // Its Spanish words are parts too and did not come: the chain's last language, English, says it.
    expect(statusText(element)).to.equal('Part of the checkout did not load, so nothing was charged. Check your connection and try again.');
    expect(element.shadowRoot!.querySelector('[part="retry-button"]')).to.exist;
    await expectAccessible(element);
  });
});
