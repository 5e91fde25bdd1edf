// What POST /v1/checkout may do with an order as read (bff/payments/attempt-rules.ts), for every
// status of its current attempt × order status: a table, not a journey. Each row is what the rule
// must answer; the journeys that reach these states through the sandbox are in test/bff.
import { expect, test } from '../support/node-test.ts';
import { orderStatuses, type OrderStatus } from '../../contract/bff-api.ts';
import { attemptDecision, canRetry, type AttemptDecision } from '../../bff/payments/attempt-rules.ts';
import { allAttemptStatuses } from '../../bff/payments/attempt-transitions.ts';
import type { AttemptStatus, OrderWithAttempt } from '../../bff/store/schema.ts';

const maxAttempts = 3;
const now = new Date('2026-11-25T12:00:00Z');

/** The current attempt: its status and method ('none': no attempt yet; 'transfer' is a SINPE Móvil method). */
type Current = 'none' | AttemptStatus | `${AttemptStatus} transfer`;

function order(current: Current, status: OrderStatus, attempt: number, hostedUrl: string | null = null, sessionExpiresAt = '2026-11-25T12:15:00Z'): OrderWithAttempt {
  const [attemptStatus, method] = current === 'none' ? [null, null] : current.endsWith(' transfer') ? [current.split(' ')[0] as AttemptStatus, 'sinpe_movil'] : [current as AttemptStatus, 'card'];
  // Only what the rule reads; the rest of the row does not take part in the decision.
  return { attempt_status: attemptStatus, attempt_method: method, status, attempt_number: attempt, attempt_hosted_url: hostedUrl, session_expires_at: sessionExpiresAt } as OrderWithAttempt;
}

type Kind = AttemptDecision['kind'];
const open: OrderStatus[] = ['created', 'pending'];
const retryable: OrderStatus[] = ['declined', 'cancelled'];
const settled: OrderStatus[] = ['approved', 'captured', 'refunded', 'reversed', 'review', 'expired'];

/** After an attempt that ended, the next one opens after a decline or a cancel (and after a lapsed transfer). */
const afterEnded = (transfer: boolean) => (status: OrderStatus): Kind => (retryable.includes(status) || (transfer && status === 'expired') ? 'open' : 'closed');
/** Nothing was created under this number (no attempt yet, or the gateway refused it): it may be asked (again). */
const nothingSent = (status: OrderStatus): Kind => (open.includes(status) || retryable.includes(status) ? 'open' : 'closed');

/** current attempt → (status → the decision's kind), for an order on its first attempt. */
const table: Record<string, (status: OrderStatus, hasPage: boolean) => Kind> = {
  none: nothingSent,
  refused: nothingSent,
  'refused transfer': nothingSent,
  // Another caller holds the claim: wait for its page, whatever the status says.
  claimed: () => 'wait',
  // It may exist at the gateway: only consult settles it; nothing is re-sent.
  unknown: (status) => (open.includes(status) || retryable.includes(status) ? 'confirming' : 'closed'),
  // The page is out: hand it back while open; after a decline or cancel, the next attempt.
  open: (status, hasPage) => (open.includes(status) && hasPage ? 'page' : afterEnded(false)(status)),
  // A transfer is awaited; a lapsed one (expired) may be followed by the next attempt.
  'open transfer': (status) => (open.includes(status) ? 'transfer' : afterEnded(true)(status)),
  ...Object.fromEntries(
    (['approved', 'declined', 'cancelled', 'expired', 'review', 'abandoned'] as const).flatMap((ended) => [
      [ended, afterEnded(false)],
      [`${ended} transfer`, afterEnded(true)],
    ]),
  ),
};

test('every current attempt × order status × page has exactly the decision the table gives', () => {
  expect(orderStatuses.length).toBe(open.length + retryable.length + settled.length);
  // Every attempt status is in the table (card and transfer alike, but a claim or a lost call, which only cards have).
  for (const status of allAttemptStatuses) expect(Object.keys(table), status).toContain(status);
  let rows = 0;
  for (const [current, expected] of Object.entries(table)) {
    for (const status of orderStatuses) {
      for (const page of [null, 'https://gateway.example/pay/1']) {
        const decision = attemptDecision(order(current as Current, status, 1, page), maxAttempts);
        expect(decision.kind, `${current} × ${status} × ${page ? 'page' : 'no page'}`).toBe(expected(status, page !== null));
        rows++;
      }
    }
  }
  expect(rows).toBe(19 * 10 * 2);
});

test('the attempt number a decision opens: the same one when nothing was created, else the next; none past the limit', () => {
  const cases: [OrderWithAttempt, AttemptDecision][] = [
    [order('none', 'created', 0), { kind: 'open', number: 1 }],
    [order('refused', 'declined', 2), { kind: 'open', number: 2 }],
    [order('declined', 'declined', 1), { kind: 'open', number: 2 }],
    [order('cancelled', 'cancelled', 2), { kind: 'open', number: 3 }],
    [order('declined', 'declined', 3), { kind: 'exhausted', attempts: 3 }],
    [order('expired transfer', 'expired', 1), { kind: 'open', number: 2 }],
    [order('expired transfer', 'expired', 3), { kind: 'exhausted', attempts: 3 }],
    [order('abandoned', 'declined', 3), { kind: 'exhausted', attempts: 3 }],
    [order('open', 'pending', 1, 'https://gateway.example/pay/1'), { kind: 'page', url: 'https://gateway.example/pay/1' }],
  ];
  for (const [row, decision] of cases) expect(attemptDecision(row, maxAttempts), `${row.attempt_status} ${row.status} #${row.attempt_number}`).toEqual(decision);
});

test('canRetry: only an ended attempt with attempts and session time left, or a claim in flight', () => {
  const cases: [OrderWithAttempt, boolean][] = [
    [order('declined', 'declined', 1), true],
    [order('cancelled', 'cancelled', 2), true],
    [order('declined', 'declined', 3), false], // no attempt left
    [order('declined', 'declined', 1, null, '2026-11-25T12:00:00Z'), false], // the session ended at this instant
    [order('expired transfer', 'expired', 1), true], // a lapsed transfer: the buyer is still at the checkout
    [order('expired', 'expired', 1), false], // an abandoned hosted page is not retried
    [order('open', 'pending', 1, 'https://gateway.example/pay/1'), false],
    [order('none', 'created', 0), false],
    [order('approved', 'approved', 1), false],
    [order('unknown', 'declined', 1), false], // confirming first
    [order('claimed', 'declined', 1), true], // someone is opening the next attempt now
  ];
  for (const [row, expected] of cases) expect(canRetry(row, maxAttempts, now), `${row.attempt_status} ${row.status} #${row.attempt_number}`).toBe(expected);
});
