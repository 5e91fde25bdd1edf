// The end of a processPayment claim (only its holder can end it): the hosted page was created, the
// gateway refused (nothing created), or the outcome is unknown. A created page moves the order to
// pending through the order's one writer, in the same transaction as the attempt's columns.
import type { Kysely } from 'kysely';
import { transitionOrder } from '../orders/order-machine.ts';
import type { Database, OrderRow } from '../store/schema.ts';

type Db = Kysely<Database>;

/**
 * Ends a claim (only its holder can). `created`: the hosted page exists, so the order moves to
 * pending through the state machine, from the status the claim was taken in. `none`: the gateway
 * refused (nothing was created; the same attempt may be claimed again). `unknown`: it may exist.
 */
export async function settleAttemptClaim(
  db: Db,
  orderNumber: string,
  claim: { claimId: string; from: OrderRow['status'] },
  outcome: { state: 'created'; hostedUrl: string; now: string } | { state: 'none' | 'unknown'; error: string; now: string },
): Promise<boolean> {
  const heldBy = { payment_claim_id: claim.claimId, payment_state: 'claimed' } as const;
  if (outcome.state === 'created') {
    return db.transaction().execute((trx) =>
      transitionOrder(trx, orderNumber, {
        from: claim.from,
        to: 'pending',
        evidence: 'page-created',
        source: 'checkout',
        now: outcome.now,
        fields: { payment_state: 'created', hosted_url: outcome.hostedUrl },
        where: heldBy,
      }),
    );
  }
  const result = await db
    .updateTable('orders')
    .set({ payment_state: outcome.state, payment_error: outcome.error, updated_at: outcome.now })
    .where('order_number', '=', orderNumber)
    .where('payment_claim_id', '=', claim.claimId)
    .where('payment_state', '=', 'claimed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
