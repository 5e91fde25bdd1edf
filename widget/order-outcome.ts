import type { OrderStatus } from '../contract/bff-api.ts';
import type { OutcomeState } from './checkout-state.ts';

/**
 * What a final order status means to the shopper. Captured and refunded orders were approved
 * first (a later merchant action does not change what the buyer did); a reversed payment did not
 * go through.
 */
export function outcomeOfStatus(status: OrderStatus): OutcomeState {
  switch (status) {
    case 'approved':
    case 'captured':
    case 'refunded':
      return 'approved';
    case 'declined':
      return 'declined';
    case 'cancelled':
      return 'cancelled';
    case 'review':
      return 'review';
    case 'expired':
      return 'expired';
    default:
      return 'error';
  }
}
