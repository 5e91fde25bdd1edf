// POST /v1/merchant/orders/{orderNumber}/review: the merchant closes an order parked in `review`
// (consult showed a payment that contradicts the order). Shape shared by the BFF and the back office.
import { z } from 'zod';

export const reviewDecisions = ['approve', 'void'] as const;

export const reviewDecisionRequest = z.strictObject({
  /**
   * `approve`: the payment consult found is accepted for this order (it becomes `approved`).
   * `void`: it is not this order's; the order is `cancelled` and the buyer may pay again.
   */
  decision: z.enum(reviewDecisions),
  /** Why, for the order's history (shown in the back office). */
  note: z.string().trim().max(500).optional(),
});
export type ReviewDecisionRequest = z.infer<typeof reviewDecisionRequest>;
