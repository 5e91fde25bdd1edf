// Reading the element the way a shopper perceives it: by label text, role and the live region.
import { oneEvent, waitUntil } from '@open-wc/testing';
import type { SvcCheckout } from '../../../widget/checkout.component.ts';

export function root(element: SvcCheckout): ShadowRoot {
  return element.shadowRoot!;
}

/** The control whose <label> reads `labelText` inside the given section (`billing` / `shipping`). */
export function field<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(
  element: SvcCheckout,
  section: 'billing' | 'shipping',
  labelText: string,
): T {
  const fieldset = root(element).querySelector(`fieldset[part="${section}"]`);
  const label = [...(fieldset?.querySelectorAll('label') ?? [])].find((candidate) => candidate.textContent?.trim().startsWith(labelText));
  if (!label) throw new Error(`no ${section} field labelled "${labelText}"`);
  return root(element).getElementById(label.htmlFor) as T;
}

/** The message a screen reader would be pointed at by aria-describedby, or undefined. */
export function describedError(control: Element): string | undefined {
  const id = control.getAttribute('aria-describedby');
  return id ? (control.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim() : undefined;
}

export function statusText(element: SvcCheckout): string {
  // Intl puts no-break spaces in money; a reader hears a space.
  return root(element).querySelector('[role="status"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

export function submitButton(element: SvcCheckout): HTMLButtonElement {
  return root(element).querySelector('[part="submit-button"]')!;
}

/**
 * open-wc's waitUntil with room to breathe: its default of 1 s is less than a lazy part's first
 * compile by the test server while the other suites run beside this one on a 2-core machine.
 */
export function eventually(predicate: () => unknown, message = 'the awaited condition never held', timeout = 10_000): Promise<void> {
  return waitUntil(predicate, message, { timeout });
}

export async function waitForState(element: SvcCheckout, state: SvcCheckout['state'], timeout = 20000): Promise<void> {
  await waitUntil(() => element.state === state, `state stayed ${element.state}, expected ${state}`, { timeout });
  await element.updateComplete;
}

/** oneEvent, typed by the element's event map (SvcRedirectEvent, SvcErrorEvent, …). */
export function nextEvent<K extends keyof GlobalEventHandlersEventMap>(target: EventTarget, name: K): Promise<GlobalEventHandlersEventMap[K]> {
  return oneEvent(target, name) as unknown as Promise<GlobalEventHandlersEventMap[K]>;
}
