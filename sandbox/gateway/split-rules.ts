import { toMinorUnits } from '../../contract/money.ts';
import type { GatewayOrder } from './ledger.ts';

export interface SplitPart {
  email: string;
  minor: bigint;
  isOwner: boolean;
}

export type SplitPlan = { ok: true; parts: SplitPart[] } | { ok: false; message: string };

/**
 * gateway-api.md §4.6 and gateway-facts.md, Split: only a fully approved order (approved,
 * captured in full, nothing refunded or reversed, not split before); the shares may not
 * exceed the order; the owner gets the remainder, added to its own share when it is listed.
 * The owner is always among the parts.
 */
export function planSplit(order: GatewayOrder | undefined, ownerEmail: string, commerces: Array<{ email: string; amount: string }>): SplitPlan {
  if (!order || order.status !== 'approved') return { ok: false, message: 'Split is allowed only for approved orders' };
  if (order.reversed || order.refundedMinor > 0n || order.capturedMinor !== order.authorizedMinor) {
    return { ok: false, message: 'Split is allowed only for fully approved orders' };
  }
  if (order.splitDone) return { ok: false, message: 'This order was already split' };
  const total = toMinorUnits(order.amount, order.currency);
  const parts: SplitPart[] = [];
  const seen = new Set<string>();
  for (const commerce of commerces) {
    const email = commerce.email.trim().toLowerCase();
    if (seen.has(email)) return { ok: false, message: `Commerce ${email} is listed twice` };
    seen.add(email);
    let minor: bigint;
    try {
      minor = toMinorUnits(commerce.amount, order.currency);
    } catch {
      return { ok: false, message: `Invalid amount for ${email}` };
    }
    if (minor <= 0n) return { ok: false, message: `Invalid amount for ${email}` };
    parts.push({ email, minor, isOwner: email === ownerEmail.toLowerCase() });
  }
  const shared = parts.reduce((sum, part) => sum + part.minor, 0n);
  if (shared > total) return { ok: false, message: 'The split amounts exceed the order amount' };
  const remainder = total - shared;
  const owner = parts.find((part) => part.isOwner);
  if (owner) owner.minor += remainder;
  else parts.push({ email: ownerEmail.toLowerCase(), minor: remainder, isOwner: true });
  return { ok: true, parts };
}
