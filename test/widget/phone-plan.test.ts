// A Costa Rican's phone number is judged by Costa Rica's plan (widget/address/phone-plan.ts), from the
// country's data the form loads anyway: a card purchase with "8312 3456" never downloads
// libphonenumber's code, and a wrong number is shown beside the field without it. A number the plan
// cannot read (one with an extension) brings libphonenumber, which judges it. A page of its own:
// a module, once loaded, stays for the page.
import { expect, fixture, html } from '@open-wc/testing';
import '../../widget/svc-checkout.ts';
import type { SvcCheckout } from '../../widget/checkout.component.ts';
import { describedError, eventually, field, leaveBillingField, waitForState } from './support/element-parts.ts';
import { FakeBff } from './support/fake-bff.ts';
import { costaRicanBilling } from './support/buyer.ts';
import { submitToHostedPage } from './support/hosted-trip.ts';

performance.setResourceTimingBufferSize(100_000);

const askedForPhoneCode = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/widget/lazy/phone-validator.ts'));

describe('a Costa Rican phone number', () => {
  it('is judged without libphonenumber: a wrong one beside the field, a right one paid with', async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session({ prefill: { billing: { ...costaRicanBilling, telephone: '1234 5678' } } });
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(element, 'idle');

    await element.submit();
    const phone = field(element, 'billing', 'Phone');
    await eventually(() => describedError(phone) === 'Enter a phone number valid in the selected country.', 'the wrong number was not shown as wrong');
    expect(bff.calls('checkout')).to.equal(0);

    await leaveBillingField(element, 'Phone', '+506 8312-3456');
    expect((await submitToHostedPage(element)).length).to.be.greaterThan(0);
    expect(askedForPhoneCode()).to.equal(false);
  });

  it('written with an extension, brings libphonenumber, which judges it', async () => {
    const bff = new FakeBff();
    const { sessionToken } = bff.session({ prefill: { billing: costaRicanBilling } });
    const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale="en"></svc-checkout>`);
    await waitForState(element, 'idle');

    await leaveBillingField(element, 'Phone', '1234 5678 ext. 12');
    await element.submit();
    expect(askedForPhoneCode()).to.equal(true);
    const phone = field(element, 'billing', 'Phone');
    await eventually(() => describedError(phone) === 'Enter a phone number valid in the selected country.', 'libphonenumber did not judge the number');
    expect(bff.calls('checkout')).to.equal(0);
    await leaveBillingField(element, 'Phone', '8312 3456 ext. 12');
    expect((await submitToHostedPage(element)).length).to.be.greaterThan(0);
  });
});
