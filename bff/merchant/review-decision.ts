// The merchant's word on an order in review: approve the payment consult found, or void it (the
// order is payable again). Written as one joint move of the order and its attempt with `merchant` evidence; an
// order no longer in review is a 409.
import type { ReviewDecisionRequest } from '../../contract/merchant-review.ts';
import { changedMeanwhile, notAllowed, notFound } from '../lib/domain-error.ts';
import type { Clock } from '../lib/observability/clock.ts';
import { isUnderReview } from '../payments/orders/order-rules.ts';
import { applyJointMove } from '../payments/lifecycle/unit-of-work.ts';
import type { Store } from '../store/database.ts';
import { findOrder } from '../store/orders.ts';
import { merchantHistorySource } from './change-history.ts';

export async function decideReview(store: Store, clock: Clock, orderNumber: string, request: ReviewDecisionRequest): Promise<void> {
  const order = await findOrder(store.db, orderNumber);
  if (!order) throw notFound(`No order ${orderNumber}.`);
  if (!isUnderReview(order.status)) {
    throw notAllowed('Not in review', `Only an order in review can be decided; this order is ${order.status}.`, { code: 'not-in-review' });
  }
  const now = clock.now().toISOString();
  const approve = request.decision === 'approve';
  const detail = `review ${approve ? 'approved' : 'voided'}${request.note ? `: ${request.note}` : ''}`;
  const to = approve ? 'approved' : 'cancelled';
  const { written } = await applyJointMove(store.db, orderNumber, {
    evidence: 'merchant',
    now,
    order: {
      from: order.status,
      to,
      source: merchantHistorySource,
      detail,
      fields: approve ? { captured_amount: order.capture === 1 ? order.amount : order.captured_amount } : {},
      where: { attempt_number: order.attempt_number },
    },
    ...(order.attempt_number > 0 && { attempt: { kind: 'evidence' as const, number: order.attempt_number, to } }),
  });
  if (!written) throw changedMeanwhile('The order changed meanwhile; reload it.');
}
