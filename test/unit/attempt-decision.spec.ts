// What POST /v1/checkout may do with an order as read (bff/payments/attempt-rules.ts), for every
// payment state × order status: a table, not a journey. Each row is what the rule must answer; the
// journeys that reach these states through the sandbox are in test/bff.
import { expect, test } from '@playwright/test';
import { orderStatuses, type OrderStatus } from '../../contract/bff-api.ts';
import { attemptDecision, canRetry, type AttemptDecision } from '../../bff/payments/attempt-rules.ts';
import type { OrderRow, PaymentState } from '../../bff/store/schema.ts';

const maxAttempts = 3;
const now = new Date('2026-11-25T12:00:00Z');

function order(paymentState: PaymentState, status: OrderStatus, attempt: number, hostedUrl: string | null = null, sessionExpiresAt = '2026-11-25T12:15:00Z'): OrderRow {
  // Only what the rule reads; the rest of the row does not take part in the decision.
  return { payment_state: paymentState, status, attempt_number: attempt, hosted_url: hostedUrl, session_expires_at: sessionExpiresAt } as OrderRow;
}

type Kind = AttemptDecision['kind'];
const open: OrderStatus[] = ['created', 'pending'];
const retryable: OrderStatus[] = ['declined', 'cancelled'];
const settled: OrderStatus[] = ['approved', 'captured', 'refunded', 'reversed', 'review', 'expired'];

/** payment state → (status → the decision's kind), for an order on its first attempt. */
const table: Record<PaymentState, (status: OrderStatus, hasPage: boolean) => Kind> = {
  // Another caller holds the claim: wait for its page, whatever the status says.
  claimed: () => 'wait',
  // It may exist at the gateway: only consult settles it; nothing is re-sent.
  unknown: (status) => (open.includes(status) || retryable.includes(status) ? 'confirming' : 'closed'),
  // The page is out: hand it back while open; after a decline or cancel, the next attempt.
  created: (status, hasPage) => (open.includes(status) && hasPage ? 'page' : retryable.includes(status) ? 'open' : 'closed'),
  // Nothing was created under this number: it may be asked (again).
  none: (status) => (open.includes(status) || retryable.includes(status) ? 'open' : 'closed'),
  // A transfer is awaited; a lapsed one (expired) may be followed by the next attempt.
  transfer: (status) => (open.includes(status) ? 'transfer' : retryable.includes(status) || status === 'expired' ? 'open' : 'closed'),
  abandoned: (status) => (retryable.includes(status) ? 'open' : 'closed'),
};

test('every payment state × status × page has exactly the decision the table gives', () => {
  expect(orderStatuses.length).toBe(open.length + retryable.length + settled.length);
  let rows = 0;
  for (const [state, expected] of Object.entries(table) as [PaymentState, (typeof table)[PaymentState]][]) {
    for (const status of orderStatuses) {
      for (const page of [null, 'https://gateway.example/pay/1']) {
        const decision = attemptDecision(order(state, status, 1, page), maxAttempts);
        expect(decision.kind, `${state} × ${status} × ${page ? 'page' : 'no page'}`).toBe(expected(status, page !== null));
        rows++;
      }
    }
  }
  expect(rows).toBe(6 * 10 * 2);
});

test('the attempt number a decision opens: the same one when nothing was created, else the next; none past the limit', () => {
  const cases: [OrderRow, AttemptDecision][] = [
    [order('none', 'created', 0), { kind: 'open', number: 1 }],
    [order('none', 'declined', 2), { kind: 'open', number: 2 }],
    [order('created', 'declined', 1), { kind: 'open', number: 2 }],
    [order('created', 'cancelled', 2), { kind: 'open', number: 3 }],
    [order('created', 'declined', 3), { kind: 'exhausted', attempts: 3 }],
    [order('transfer', 'expired', 1), { kind: 'open', number: 2 }],
    [order('transfer', 'expired', 3), { kind: 'exhausted', attempts: 3 }],
    [order('abandoned', 'declined', 3), { kind: 'exhausted', attempts: 3 }],
    [order('created', 'pending', 1, 'https://gateway.example/pay/1'), { kind: 'page', url: 'https://gateway.example/pay/1' }],
  ];
  for (const [row, decision] of cases) expect(attemptDecision(row, maxAttempts), `${row.payment_state} ${row.status} #${row.attempt_number}`).toEqual(decision);
});

test('canRetry: only an ended attempt with attempts and session time left, or a claim in flight', () => {
  const cases: [OrderRow, boolean][] = [
    [order('created', 'declined', 1), true],
    [order('created', 'cancelled', 2), true],
    [order('created', 'declined', 3), false], // no attempt left
    [order('created', 'declined', 1, null, '2026-11-25T12:00:00Z'), false], // the session ended at this instant
    [order('transfer', 'expired', 1), true], // a lapsed transfer: the buyer is still at the checkout
    [order('created', 'expired', 1), false], // an abandoned hosted page is not retried
    [order('created', 'pending', 1, 'https://gateway.example/pay/1'), false],
    [order('none', 'created', 0), false],
    [order('created', 'approved', 1), false],
    [order('unknown', 'declined', 1), false], // confirming first
    [order('claimed', 'declined', 1), true], // someone is opening the next attempt now
  ];
  for (const [row, expected] of cases) expect(canRetry(row, maxAttempts, now), `${row.payment_state} ${row.status} #${row.attempt_number}`).toBe(expected);
});
