import type { OrderStatusResponse } from '../../contract/bff-api.ts';
import type { OutcomeState } from '../flow/checkout-state.ts';

/**
 * What an order's status means to the shopper: the one rule, for every way an outcome arrives (the
 * hosted page's return, a popup, a transfer watched here or found after a reload). Captured and
 * refunded orders were approved first (a later merchant action does not change what the buyer did);
 * a reversed payment did not go through. An expired order that still takes another attempt is a
 * SINPE Móvil transfer whose time ran out (only a transfer's expiry leaves the order open, see the
 * BFF's attempt rules): lapsed, not declined, for nothing was refused. Any other expiry is the
 * checkout's time running out.
 */
export function outcomeOf({ status, canRetry }: Pick<OrderStatusResponse, 'status' | 'canRetry'>): OutcomeState {
  switch (status) {
    case 'approved':
    case 'captured':
    case 'refunded':
      return 'approved';
    case 'declined':
    case 'cancelled':
    case 'review':
      return status;
    case 'expired':
      return canRetry ? 'lapsed' : 'expired';
    default:
      return 'error';
  }
}
