// The attempt's one writer on a real database (SQLite or PostgreSQL): a move the table does not list
// is refused and writes nothing; a move from a status the attempt is no longer in, or for a claim the
// order no longer holds, writes nothing; a move writes the status with the outcome it keeps in step,
// and the order (findOrder) reads its current attempt's status.
import { expect, test } from '../support/node-test.ts';
import { claimAttempt, moveAttempt, recordAttemptEvidence } from '../../bff/payments/attempt-machine.ts';
import { IllegalAttemptMoveError } from '../../bff/payments/attempt-transitions.ts';
import { findAttempt } from '../../bff/store/attempts.ts';
import { findOrder } from '../../bff/store/orders.ts';
import { storePerFile } from './fixtures/store-per-file.ts';
import { storedOrder } from './fixtures/stored-order.ts';

const storeOf = storePerFile();

async function claimedOrder(claimId: string): Promise<string> {
  const order = await storedOrder(storeOf(), 'AM');
  const claim = { number: 1, gatewayOrderNumber: `${order.order_number}-1`, returnRef: `ret-${claimId}`, claimId, email: 'buyer@example.com', locale: null, now: new Date().toISOString() };
  expect(await claimAttempt(storeOf().db, order, claim)).toMatchObject({ status: 'claimed', outcome: 'open' });
  return order.order_number;
}

async function stateOf(orderNumber: string) {
  const order = await findOrder(storeOf().db, orderNumber);
  const attempt = await findAttempt(storeOf().db, orderNumber, 1);
  return { attemptStatus: order?.attempt_status, status: attempt?.status, outcome: attempt?.outcome, error: attempt?.payment_error };
}

test('a claim is the attempt born claimed, and the order row says so', async () => {
  const orderNumber = await claimedOrder('claim-a');
  expect(await stateOf(orderNumber)).toEqual({ attemptStatus: 'claimed', status: 'claimed', outcome: 'open', error: null });
});

test('a move the table does not list is refused and writes nothing', async () => {
  const orderNumber = await claimedOrder('claim-b');
  const before = await stateOf(orderNumber);
  const now = new Date().toISOString();
  // A redirect never pays; a claimed call is never approved by the bank.
  expect(() => moveAttempt(storeOf().db, orderNumber, 1, { from: 'claimed', to: 'approved', evidence: 'redirect', now })).toThrow(IllegalAttemptMoveError);
  expect(() => moveAttempt(storeOf().db, orderNumber, 1, { from: 'claimed', to: 'approved', evidence: 'bank', now })).toThrow(IllegalAttemptMoveError);
  expect(await stateOf(orderNumber)).toEqual(before);
});

test('a move for a claim the order no longer holds, or from a status the attempt left, writes nothing', async () => {
  const orderNumber = await claimedOrder('claim-c');
  const before = await stateOf(orderNumber);
  const now = new Date().toISOString();
  expect(await moveAttempt(storeOf().db, orderNumber, 1, { from: 'claimed', to: 'refused', evidence: 'refused', now, claimId: 'someone-else', fields: { payment_error: 'x' } })).toBe(false);
  expect(await moveAttempt(storeOf().db, orderNumber, 1, { from: 'unknown', to: 'abandoned', evidence: 'no-payment', now })).toBe(false);
  expect(await stateOf(orderNumber)).toEqual(before);
});

test('a refused call keeps its number for the next claim; a lost one is never claimed again', async () => {
  const orderNumber = await claimedOrder('claim-d');
  const now = new Date().toISOString();
  expect(await moveAttempt(storeOf().db, orderNumber, 1, { from: 'claimed', to: 'refused', evidence: 'refused', now, claimId: 'claim-d', fields: { payment_error: 'E1: refused' } })).toBe(true);
  expect(await stateOf(orderNumber)).toEqual({ attemptStatus: 'refused', status: 'refused', outcome: 'open', error: 'E1: refused' });
  expect(await moveAttempt(storeOf().db, orderNumber, 1, { from: 'refused', to: 'claimed', evidence: 'claim', now })).toBe(true);
  expect(await moveAttempt(storeOf().db, orderNumber, 1, { from: 'claimed', to: 'unknown', evidence: 'call-lost', now })).toBe(true);
  expect(() => moveAttempt(storeOf().db, orderNumber, 1, { from: 'unknown', to: 'claimed', evidence: 'claim', now })).toThrow(IllegalAttemptMoveError);
  expect(await stateOf(orderNumber)).toMatchObject({ attemptStatus: 'unknown', status: 'unknown', outcome: 'open' });
});

test('evidence the attempt no longer takes writes nothing: a paid attempt stays paid whatever consult says later', async () => {
  const orderNumber = await claimedOrder('claim-e');
  const now = new Date().toISOString();
  expect(await recordAttemptEvidence(storeOf().db, orderNumber, 1, { to: 'approved', evidence: 'consult', now, fields: { gateway_tpt: 'tpt-1' } })).toBe(true);
  expect(await recordAttemptEvidence(storeOf().db, orderNumber, 1, { to: 'declined', evidence: 'consult', now })).toBe(false);
  expect(await recordAttemptEvidence(storeOf().db, orderNumber, 1, { to: 'cancelled', evidence: 'redirect', now })).toBe(false);
  expect(await stateOf(orderNumber)).toMatchObject({ status: 'approved', outcome: 'approved' });
  expect((await findAttempt(storeOf().db, orderNumber, 1))?.gateway_tpt).toBe('tpt-1');
});
