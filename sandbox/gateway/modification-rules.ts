import { captureWindowSeconds, modificationTypes } from '../../contract/gateway-facts.ts';
import { toMinorUnits } from '../../contract/money.ts';
import type { GatewayOrder, ModificationKind } from './ledger.ts';

const modificationKinds: Record<string, ModificationKind> = {
  [modificationTypes.capture]: 'capture',
  [modificationTypes.refund]: 'refund',
  [modificationTypes.reversal]: 'reversal',
};
export const captureWindowMs = captureWindowSeconds * 1000;

/**
 * Failure ReasonCodes of processModification. The real catalog is "not shown"
 * (gateway-api.md §4.7); these are the sandbox's, documented in sandbox/README.md.
 * Success is ReasonCode `1` (gateway-facts.md, processModification).
 */
export const modificationFailures = {
  notFound: { reasonCode: '100', description: 'No approved transaction for this order' },
  invalidType: { reasonCode: '101', description: 'Unknown modification type' },
  invalidAmount: { reasonCode: '102', description: 'Invalid amount' },
  notAllowed: { reasonCode: '103', description: 'Operation not allowed in the current state of the transaction' },
  windowExpired: { reasonCode: '104', description: 'The authorization has expired: captures are allowed for 7 days' },
  exceedsAvailable: { reasonCode: '105', description: 'Amount exceeds the amount available for this operation' },
} as const;

export type ModificationDecision =
  | { ok: true; kind: ModificationKind; minor: bigint }
  | { ok: false; reasonCode: string; description: string };

/**
 * gateway-facts.md, processModification: capture an authorized, uncaptured order within
 * 7 days (partial allowed; the rest is released); refund up to what was captured, partial
 * and cumulative; reverse an authorized, uncaptured order (the whole authorization).
 */
export function decideModification(order: GatewayOrder | undefined, type: string, amount: string, now: Date): ModificationDecision {
  const kind = modificationKinds[type];
  if (!kind) return { ok: false, ...modificationFailures.invalidType };
  if (!order || order.status !== 'approved') return { ok: false, ...modificationFailures.notFound };
  let minor: bigint;
  try {
    minor = toMinorUnits(amount, order.currency);
  } catch {
    return { ok: false, ...modificationFailures.invalidAmount };
  }
  if (minor <= 0n) return { ok: false, ...modificationFailures.invalidAmount };
  const uncaptured = order.capturedMinor === 0n && !order.reversed;
  switch (kind) {
    case 'capture':
      if (!uncaptured) return { ok: false, ...modificationFailures.notAllowed };
      if (!order.settledAt || now.getTime() - order.settledAt.getTime() > captureWindowMs) return { ok: false, ...modificationFailures.windowExpired };
      if (minor > order.authorizedMinor) return { ok: false, ...modificationFailures.exceedsAvailable };
      return { ok: true, kind, minor };
    case 'reversal':
      if (!uncaptured) return { ok: false, ...modificationFailures.notAllowed };
      if (minor > order.authorizedMinor) return { ok: false, ...modificationFailures.exceedsAvailable };
      return { ok: true, kind, minor: order.authorizedMinor };
    case 'refund':
      if (order.capturedMinor === 0n) return { ok: false, ...modificationFailures.notAllowed };
      if (minor > order.capturedMinor - order.refundedMinor) return { ok: false, ...modificationFailures.exceedsAvailable };
      return { ok: true, kind, minor };
  }
}

/** Applies an allowed decision to the order's amounts. */
export function applyModification(order: GatewayOrder, kind: ModificationKind, minor: bigint): void {
  if (kind === 'capture') order.capturedMinor = minor;
  else if (kind === 'reversal') order.reversed = true;
  else order.refundedMinor += minor;
}
