// The end of a processPayment claim (only its holder can end it): the hosted page was created, the
// gateway refused (nothing created), or the outcome is unknown. A created page moves the order to
// pending through the order's one writer, and the attempt moves through its own, in one transaction.
import type { Kysely, Transaction } from 'kysely';
import { transitionOrder } from '../orders/order-machine.ts';
import type { Database, OrderRow } from '../store/schema.ts';
import { moveAttempt, unlessAttemptChanged } from './attempt-machine.ts';
import { isPending } from '../orders/order-rules.ts';

type Db = Kysely<Database>;

/** The order is still as the claim left it (pending, the claim its own): touched, so a concurrent writer waits or is seen. */
async function stillClaimed(trx: Transaction<Database>, orderNumber: string, claim: { claimId: string; from: OrderRow['status'] }, now: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ updated_at: now })
    .where('order_number', '=', orderNumber)
    .where('status', '=', claim.from)
    .where('payment_claim_id', '=', claim.claimId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends a claim (only its holder can). `created`: the hosted page exists, so the order moves to
 * pending through the state machine, from the status the claim was taken in. `none`: the gateway
 * refused (nothing was created; the same attempt may be claimed again). `unknown`: it may exist.
 */
export async function settleAttemptClaim(
  db: Db,
  orderNumber: string,
  claim: { claimId: string; number: number; from: OrderRow['status'] },
  outcome: { state: 'created'; hostedUrl: string; now: string } | { state: 'none' | 'unknown'; error: string; now: string },
): Promise<boolean> {
  if (outcome.state === 'created') {
    // The claim id names one claim; its attempt is still claimed unless the reconciler closed it
    // meanwhile (the move below then rolls this back).
    const settled = await unlessAttemptChanged(db.transaction().execute(async (trx) => {
      // A page that replaces one still out (Back from it): the order is pending already, and stays so.
      const moved = isPending(claim.from)
        ? await stillClaimed(trx, orderNumber, claim, outcome.now)
        : await transitionOrder(trx, orderNumber, {
            from: claim.from,
            to: 'pending',
            evidence: 'page-created',
            source: 'checkout',
            now: outcome.now,
            where: { payment_claim_id: claim.claimId },
          });
      return (
        moved &&
        moveAttempt(trx, orderNumber, claim.number, { from: 'claimed', to: 'open', evidence: 'page-created', now: outcome.now, claimId: claim.claimId, fields: { hosted_url: outcome.hostedUrl } })
      );
    }));
    return settled ?? false;
  }
  return moveAttempt(db, orderNumber, claim.number, {
    from: 'claimed',
    to: outcome.state === 'none' ? 'refused' : 'unknown',
    evidence: outcome.state === 'none' ? 'refused' : 'call-lost',
    now: outcome.now,
    claimId: claim.claimId,
    fields: { payment_error: outcome.error },
  });
}
