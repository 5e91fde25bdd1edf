// The facade of the `order-watch` part: the status poller and the result panel, once a payment
// started or ended.
import type * as OrderWatch from '../lazy/order-watch.ts';
import { once } from './loader.ts';

export type OrderWatchModule = typeof OrderWatch;

export function loadOrderWatch(): Promise<OrderWatchModule> {
  return once('order-watch', () => import('../lazy/order-watch.ts'));
}
