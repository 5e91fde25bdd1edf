// Reading the element the way a shopper perceives it: by label text, role and the live region.
import { oneEvent } from '@open-wc/testing';
import type { SvcCheckout } from '../../../widget/checkout.component.ts';
import { realTimers } from './manual-clock.ts';

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

/** A billing field as a shopper leaves it: `value` typed in, then the next field; resolves once the element rendered. */
export async function leaveBillingField(element: SvcCheckout, labelText: string, value: string): Promise<HTMLInputElement> {
  const control = field(element, 'billing', labelText);
  control.value = value;
  control.dispatchEvent(new Event('input'));
  control.dispatchEvent(new Event('blur'));
  await element.updateComplete;
  return control;
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
 * Waits until `predicate` holds, checking every 20 ms on the browser's real timers (so it works with
 * a manual clock installed); fails after `timeout` with `message`. The default leaves room for a lazy
 * part's first compile by the test server on a loaded 2-core machine; it is a limit, never a wait.
 */
export function eventually(predicate: () => unknown, message = 'the awaited condition never held', timeout = 10_000): Promise<void> {
  const deadline = realTimers.dateNow() + timeout;
  return new Promise((resolve, reject) => {
    const check = () => {
      if (predicate()) return resolve();
      if (realTimers.dateNow() > deadline) return reject(new Error(message));
      realTimers.setTimeout(check, 20);
    };
    check();
  });
}

export async function waitForState(element: SvcCheckout, state: SvcCheckout['state'], timeout = 10_000): Promise<void> {
  await eventually(() => element.state === state, `state stayed ${element.state}, expected ${state}`, timeout);
  await element.updateComplete;
}

/** oneEvent, typed by the element's event map (SvcRedirectEvent, SvcErrorEvent, …). */
export function nextEvent<K extends keyof GlobalEventHandlersEventMap>(target: EventTarget, name: K): Promise<GlobalEventHandlersEventMap[K]> {
  return oneEvent(target, name) as unknown as Promise<GlobalEventHandlersEventMap[K]>;
}

/** The colour a custom property of the element's sheet resolves to, read from a probe inside the result panel. */
export function resultColourOf(element: SvcCheckout, property: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${property})`;
  root(element).querySelector('[part="result"]')!.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}
