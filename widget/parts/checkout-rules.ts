// The facade of the `checkout-rules` part: the address rules, the payment flow and what the form
// renders, loaded at start, before the form shows.
import type * as CheckoutRules from '../lazy/checkout-rules.ts';
import { once } from './loader.ts';

export type CheckoutRulesModule = typeof CheckoutRules;

export function loadCheckoutRules(): Promise<CheckoutRulesModule> {
  return once('checkout-rules', () => import('../lazy/checkout-rules.ts'));
}
