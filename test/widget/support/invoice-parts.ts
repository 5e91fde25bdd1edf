// Reading and driving the electronic invoice block the way a shopper does: by its checkbox, its
// labels and what aria-describedby points at.
import { sendKeys } from '@web/test-runner-commands';
import type { SvcCheckout } from '../../../widget/checkout.component.ts';
import { eventually, root } from './element-parts.ts';

export const requestBox = (element: SvcCheckout) => root(element).querySelector<HTMLInputElement>('[part="invoice-request"] input');
export const details = (element: SvcCheckout) => root(element).querySelector('fieldset[part="invoice-details"]');

/** The invoice control whose <label> starts with `labelText`. */
export function invoiceField<T extends HTMLInputElement | HTMLSelectElement = HTMLInputElement>(element: SvcCheckout, labelText: string): T {
  const label = [...(details(element)?.querySelectorAll('label') ?? [])].find((candidate) => candidate.textContent?.trim().startsWith(labelText));
  if (!label) throw new Error(`no invoice field labelled "${labelText}"`);
  return root(element).getElementById(label.htmlFor) as T;
}

/** Everything aria-describedby points at, as a reader hears it. */
export function description(control: Element): string {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => (control.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim()).join(' ');
}

export async function reveal(element: SvcCheckout) {
  requestBox(element)!.click();
  await element.updateComplete;
  await eventually(() => details(element) !== null, 'the invoice fieldset did not open');
}

export async function typeInto(control: HTMLInputElement, text: string) {
  control.focus();
  await sendKeys({ type: text });
}

/** Selects all the field holds and deletes it, as a shopper erasing a prefilled value. */
export async function erase(control: HTMLInputElement) {
  control.focus();
  control.select();
  await sendKeys({ press: 'Backspace' });
}

export async function chooseIdType(element: SvcCheckout, label: string, value: string) {
  const select = invoiceField<HTMLSelectElement>(element, label);
  select.value = value;
  select.dispatchEvent(new Event('change'));
  await element.updateComplete;
}
