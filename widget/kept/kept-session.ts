import type { SinpeMovilInstructions } from '../../contract/sinpe-movil.ts';
import { readTab, writeTab } from './tab-storage.ts';

// A catalog checkout's session token lives only in the page that created it, a merchant's only in
// the page that set it (the shopper may come back to a separate thank-you page); the hosted payment
// page navigates away. Kept in sessionStorage (this tab only, gone with it) under the order number,
// so that after a decline or a cancel the shopper can pay the same order again. It is short-lived
// (15 minutes), bound to the order and the origin, and carries no card data.
const prefix = 'svc-checkout:session:';

export function keepSessionToken(orderNumber: string, token: string): void {
  writeTab(prefix + orderNumber, token);
}

export function keptSessionToken(orderNumber: string): string | undefined {
  return readTab(prefix + orderNumber);
}

// An open SINPE Móvil transfer of a catalog checkout: after a reload the element resumes it (the
// same phone, amount, reference and countdown) instead of starting a new order.
const openTransferKey = 'svc-checkout:sinpe-transfer';

export function keepOpenTransfer(orderNumber: string): void {
  writeTab(openTransferKey, orderNumber);
}

export function forgetOpenTransfer(): void {
  writeTab(openTransferKey, undefined);
}

/** The kept open transfer's order and session token, when both are still here. */
export function keptOpenTransfer(): { orderNumber: string; token: string } | undefined {
  const orderNumber = readTab(openTransferKey);
  const token = orderNumber ? keptSessionToken(orderNumber) : undefined;
  return orderNumber && token ? { orderNumber, token } : undefined;
}

// A catalog checkout whose hosted page is out, by the page and cart it was made for: Back from the
// page (or a reload) continues that order, whose next "Pay" is its next attempt; a second order for
// the same cart would leave two pages payable.
const openPagePrefix = 'svc-checkout:page-out:';

export function keepOpenPage(scope: string, orderNumber: string): void {
  writeTab(openPagePrefix + scope, orderNumber);
}

export function forgetOpenPage(scope: string): void {
  writeTab(openPagePrefix + scope, undefined);
}

/** The order whose page is out for this page and cart, and its session token, when both are still here. */
export function keptOpenPage(scope: string): { orderNumber: string; token: string } | undefined {
  const orderNumber = readTab(openPagePrefix + scope);
  const token = orderNumber ? keptSessionToken(orderNumber) : undefined;
  return orderNumber && token ? { orderNumber, token } : undefined;
}

// The attempt whose hosted page this tab left for, by order: a "Pay" after Back from it names it, so
// the BFF opens the order's next attempt instead of handing the same page back (which it does for a
// double submit). A popup's page is not left: pressing "Pay" again shows that page once more.
const pageLeftPrefix = 'svc-checkout:page-left:';

export function keepPageLeft(orderNumber: string, attempt: number | undefined): void {
  writeTab(pageLeftPrefix + orderNumber, attempt === undefined ? undefined : String(attempt));
}

/** `{replacesAttempt}` for a card checkout of the order after Back from its page; nothing otherwise. */
export function pageLeftOf(orderNumber: string): { replacesAttempt?: number } {
  const attempt = Number(readTab(pageLeftPrefix + orderNumber));
  return Number.isInteger(attempt) && attempt > 0 ? { replacesAttempt: attempt } : {};
}

// A merchant's session this tab renewed ("Extend"): the page still carries the token it was made
// with, so a reload uses the renewed one instead of one that may have ended.
const renewedPrefix = 'svc-checkout:renewed:';

export function keepRenewedSession(original: string, renewed: string): void {
  writeTab(renewedPrefix + original, renewed);
}

export function renewedSessionOf(original: string): string | undefined {
  return readTab(renewedPrefix + original);
}

// A payment this page follows without leaving it (a SINPE Móvil transfer, a popup's hosted page):
// the order, the status token that reads it past the session's end, and the transfer's instructions.
// A reload after the session ended shows that payment's state, not an empty form.
const followingPrefix = 'svc-checkout:following:';

export interface KeptFollow {
  orderNumber: string;
  statusToken: string;
  transfer?: SinpeMovilInstructions | undefined;
}

export function keepFollowing(page: string, follow: KeptFollow): void {
  writeTab(followingPrefix + page, JSON.stringify(follow));
}

export function forgetFollowing(page: string): void {
  writeTab(followingPrefix + page, undefined);
}

export function keptFollowing(page: string): KeptFollow | undefined {
  try {
    const kept = JSON.parse(readTab(followingPrefix + page) ?? 'null') as KeptFollow | null;
    return kept && typeof kept.orderNumber === 'string' && typeof kept.statusToken === 'string' ? kept : undefined;
  } catch {
    return undefined;
  }
}
