// English's outcome words are a part of their own (widget/i18n/en/en-outcome.ts): a Spanish page shows
// its outcome in Spanish without asking for them, and a page that switches to English afterwards gets
// them and says the outcome in English. A page of its own: a module, once loaded, stays for the page.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { expectAccessible } from './support/axe.ts';
import { eventually, root, statusText, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { checkoutToHostedPage, returnFromHostedPage } from './support/hosted-trip.ts';

// Room for every module request of the page (the default keeps the first 250).
performance.setResourceTimingBufferSize(100_000);

/** Whether this page asked for a lazy part (a module request is a resource entry): widget/lazy/<part>.ts, English's outcome words in its folder. */
const askedFor = (part: 'order-watch' | 'en-outcome') =>
  performance.getEntriesByType('resource').some((entry) => entry.name.includes(part === 'en-outcome' ? '/widget/i18n/en/en-outcome.ts' : `/widget/lazy/${part}.ts`));

describe('when a Spanish page shows an approval', () => {
  afterEach(() => history.replaceState(null, '', location.pathname + location.search));

  it('says it in Spanish without English\'s outcome words, and in English once the page switches to English', async () => {
    const bff = new FakeBff();
    const { orderNumber } = await checkoutToHostedPage(bff, 'es-CR');
    bff.orderStatuses(orderNumber, { status: 'approved' });
    returnFromHostedPage(orderNumber);
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} locale="es-CR"></svc-checkout>`);
    await waitForState(element, 'approved');
    await element.updateComplete;
    expect(root(element).querySelector('#svc-result-title')!.textContent).to.equal('Pago aprobado');
    // The entries do show this page's parts: the result panel's came with the outcome.
    expect(askedFor('order-watch')).to.equal(true);
    expect(askedFor('en-outcome')).to.equal(false);
    await expectAccessible(element);

    element.locale = 'en';
    await eventually(() => root(element).querySelector('#svc-result-title')?.textContent === 'Payment approved', 'the English title never showed');
    expect(statusText(element)).to.match(/^Payment approved: /);
    expect(askedFor('en-outcome')).to.equal(true);
    await expectAccessible(element);
  });
});
