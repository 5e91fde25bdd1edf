// The facade of the `method-choice` part: the card / SINPE Móvil choice, only when the session offers
// SINPE Móvil (asked by the payment flow).
import type * as MethodChoice from '../lazy/method-choice.ts';
import { once } from './loader.ts';

export function loadMethodChoice(): Promise<typeof MethodChoice> {
  return once('method-choice', () => import('../lazy/method-choice.ts'));
}
