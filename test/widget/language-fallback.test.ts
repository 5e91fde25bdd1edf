// One language's words that do not arrive (its part, widget/i18n/<tag>/index.ts, unreachable after the
// retries) leave the page in the next language of its chain, with no error: a Costa Rican page
// without Latin-American Spanish (locale-es-419) speaks neutral Spanish and asks for it no more. A
// page of its own: the browser keeps a failed module for the page's life. The retries' backoff runs
// on a manual clock, so the probes pass without waiting them.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { retryClock } from '../../widget/parts/lazy-assets.ts';
import { expectAccessible } from './support/axe.ts';
import { root, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';

const items = '[{"sku":"CR-HAMMOCK","quantity":1}]';

async function refusedRequests(mode: string): Promise<string[]> {
  return (await fetch(`/__test/refused-asset-requests?mode=${mode}`)).json() as Promise<string[]>;
}

describe('when one language\'s words are unreachable', () => {
  const mode = `always-${Date.now()}`;
  const realWait = retryClock.wait;
  before(() => {
    document.cookie = `svc-test-failing-asset=locale-es-419:${mode}; path=/`;
    retryClock.wait = () => Promise.resolve();
  });
  after(() => {
    document.cookie = 'svc-test-failing-asset=; path=/; max-age=0';
    retryClock.wait = realWait;
  });

  it('a Costa Rican page speaks the next language of its chain, neutral Spanish, fires no error and asks no more', async () => {
    const bff = new FakeBff();
    const errors: string[] = [];
    document.addEventListener('svc-error', (event) => errors.push(event.code));
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} items=${items} locale="es-CR"></svc-checkout>`);
    await waitForState(element, 'idle');
    // Neutral Spanish's label, not Latin America's "Teléfono o celular".
    const labels = [...root(element).querySelectorAll('fieldset[part="billing"] label')].map((label) => label.textContent!.replace(/\s+/g, ' ').trim());
    expect(labels.filter((label) => label.startsWith('Teléfono')), labels.join(' | ')).to.deep.equal(['Teléfono']);
    expect(root(element).querySelector('[part="submit-button"]')?.textContent).to.match(/^\s*Pagar /);
    const refused = await refusedRequests(mode);
    expect(refused.length, refused.join('\n')).to.be.within(1, 4);
    expect(refused.every((path) => path.startsWith('/widget/i18n/es-419/index.ts')), refused.join('\n')).to.equal(true);

    // Renders in languages whose chains reach it again (es-MX, es-CR) do not ask for it again.
    for (const locale of ['es-MX', 'es-CR']) {
      element.locale = locale;
      await element.updateComplete;
    }
    expect(await refusedRequests(mode)).to.deep.equal(refused);
    expect(errors).to.deep.equal([]);
    await expectAccessible(element);
  });
});
