// The end of a processPayment claim (only its holder can end it): the hosted page was created, the
// gateway refused (nothing created), or the outcome is unknown. A created page moves the order to
// pending and the attempt to open, as one joint move (lifecycle/unit-of-work.ts).
import type { Kysely } from 'kysely';
import type { Database, OrderRow } from '../store/schema.ts';
import { isPending } from './orders/order-rules.ts';
import { applyJointMove, unlessAttemptChanged } from './lifecycle/unit-of-work.ts';

type Db = Kysely<Database>;

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
    // A page that replaces one still out (Back from it): the order is pending already and stays so;
    // only the attempt moves, while the order still holds this claim.
    const attempt = { kind: 'move' as const, number: claim.number, from: 'claimed' as const, to: 'open' as const, claimId: claim.claimId, fields: { hosted_url: outcome.hostedUrl } };
    const settled = await unlessAttemptChanged(
      applyJointMove(db, orderNumber, {
        evidence: 'page-created',
        now: outcome.now,
        ...(!isPending(claim.from) && { order: { from: claim.from, to: 'pending', source: 'checkout', where: { payment_claim_id: claim.claimId } } }),
        attempt,
      }),
    );
    return settled?.written ?? false;
  }
  const refused = outcome.state === 'none';
  const { written } = await applyJointMove(db, orderNumber, {
    evidence: refused ? 'refused' : 'call-lost',
    now: outcome.now,
    attempt: { kind: 'move', number: claim.number, from: 'claimed', to: refused ? 'refused' : 'unknown', claimId: claim.claimId, fields: { payment_error: outcome.error } },
  });
  return written;
}
