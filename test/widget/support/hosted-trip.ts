// The shopper's round trip through the gateway's hosted page, as the component tests play it with a
// fake BFF: check out from a first element, leave for the hosted page (prevented, so the test page
// stays), and come back to the merchant page with `#svc-result=<status token>`. The real round trip
// (the sandbox's hosted page, the BFF's 303) is played end to end in test/e2e/.
import { fixture, html } from '@open-wc/testing';
import type { SvcCheckout } from '../../../widget/checkout.component.ts';
import { nextEvent, root, eventually, waitForState } from './element-parts.ts';
import { statusTokenFor, type FakeBff } from './fake-bff.ts';
import { costaRicanBilling } from './buyer.ts';

/** Checks out through a first element (as the shopper would) with a prefilled merchant session. */
export async function checkoutToHostedPage(bff: FakeBff, locale = 'en'): Promise<{ hostedUrl: string; sessionToken: string; orderNumber: string }> {
  const { sessionToken, orderNumber } = bff.session({ prefill: { billing: costaRicanBilling } });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff.url} session=${sessionToken} locale=${locale}></svc-checkout>`);
  await waitForState(element, 'idle');
  const hostedUrl = await submitToHostedPage(element);
  element.remove();
  return { hostedUrl, sessionToken, orderNumber };
}

/** Submits the element's form and returns the hosted page's URL without leaving the test page. */
export async function submitToHostedPage(element: SvcCheckout): Promise<string> {
  element.addEventListener('svc-redirect', (event) => event.preventDefault(), { once: true });
  const redirected = nextEvent(element, 'svc-redirect');
  await element.submit();
  return (await redirected).url;
}

/** The shopper types the billing address (catalog sessions have no prefill). */
export async function fillBilling(element: SvcCheckout, billing: Record<string, string> = costaRicanBilling) {
  for (const [name, value] of Object.entries(billing)) {
    const control = root(element).getElementById(`billing-${name}`) as HTMLInputElement | HTMLSelectElement;
    // A list is chosen from once it is here: the states, and Costa Rica's cantones (loaded with the provincia).
    if (control instanceof HTMLSelectElement) await eventually(() => !control.disabled, `the ${name} list did not load`);
    control.value = value;
    control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? 'change' : 'input'));
    await element.updateComplete;
  }
}

/** What the billing fieldset shows, by field name. */
export function shownBilling(element: SvcCheckout): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const name of Object.keys(costaRicanBilling)) {
    shown[name] = (root(element).getElementById(`billing-${name}`) as HTMLInputElement | HTMLSelectElement | null)?.value ?? '';
  }
  return shown;
}

/** The merchant page as the BFF's 303 leaves it: the same document, `#svc-result=<status token>` for the order. */
export function returnFromHostedPage(orderNumber: string): void {
  history.replaceState(null, '', `${location.pathname}${location.search}#svc-result=${statusTokenFor(orderNumber)}`);
}
