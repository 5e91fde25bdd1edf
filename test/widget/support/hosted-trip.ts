// The shopper's round trip through the gateway's hosted page, as the widget suites play it: check
// out from a first element, type the billing address, land back on the merchant page.
import { fixture, html } from '@open-wc/testing';
import type { SvcCheckout } from '../../../widget/checkout.component.ts';
import { nextEvent, root, eventually, waitForState } from './element-parts.ts';
import { costaRicanBilling, merchantSession, stack } from './stack.ts';

/** Checks out through a first element (as the shopper would) and returns the hosted page URL. */
export async function checkoutToHostedPage(locale = 'en'): Promise<{ hostedUrl: string; sessionToken: string }> {
  const { bff } = await stack();
  const { sessionToken } = await merchantSession({ prefill: { billing: costaRicanBilling } });
  const element = await fixture<SvcCheckout>(html`<svc-checkout bff=${bff} session=${sessionToken} locale=${locale}></svc-checkout>`);
  await waitForState(element, 'idle');
  return { hostedUrl: await submitToHostedPage(element), sessionToken };
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
    if (name === 'state') await eventually(() => !control.disabled, 'the state list did not load');
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

/** The merchant page as the BFF's 303 leaves it: same document, the landing URL's fragment. */
export function arriveAt(landing: string) {
  const url = new URL(landing);
  history.replaceState(null, '', `${location.pathname}${location.search}${url.hash}`);
}
