// A catalog checkout's session token lives only in the page that created it; the hosted payment
// page navigates away. Kept in sessionStorage (this tab only, gone with it) under the order number,
// so that after a decline or a cancel the shopper can pay the same order again. It is short-lived
// (15 minutes), bound to the order and the origin, and carries no card data.
const prefix = 'svc-checkout:session:';

export function keepSessionToken(orderNumber: string, token: string): void {
  try {
    sessionStorage.setItem(prefix + orderNumber, token);
  } catch {
    // Storage off (privacy mode, a sandboxed frame): a retry then starts a new order.
  }
}

export function keptSessionToken(orderNumber: string): string | undefined {
  try {
    return sessionStorage.getItem(prefix + orderNumber) ?? undefined;
  } catch {
    return undefined;
  }
}

// An open SINPE Móvil transfer of a catalog checkout: after a reload the element resumes it (the
// same phone, amount, reference and countdown) instead of starting a new order.
const openTransferKey = 'svc-checkout:sinpe-transfer';

export function keepOpenTransfer(orderNumber: string): void {
  try {
    sessionStorage.setItem(openTransferKey, orderNumber);
  } catch {
    // Storage off: a reload starts a new order.
  }
}

export function forgetOpenTransfer(): void {
  try {
    sessionStorage.removeItem(openTransferKey);
  } catch {
    // nothing kept
  }
}

/** The kept open transfer's order and session token, when both are still here. */
export function keptOpenTransfer(): { orderNumber: string; token: string } | undefined {
  try {
    const orderNumber = sessionStorage.getItem(openTransferKey);
    const token = orderNumber ? keptSessionToken(orderNumber) : undefined;
    return orderNumber && token ? { orderNumber, token } : undefined;
  } catch {
    return undefined;
  }
}
