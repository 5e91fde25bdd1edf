// The joint table of the order and its current attempt, walked whole: every evidence × order move ×
// attempt move is asked. Each listed move is one both machines allow, from and to a pair that may
// coexist; every other one is refused by the unit of work's check; every move the BFF's writers
// make is listed; and bff/README.md shows the table as it is.
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/node-test.ts';
import { allOrderStatuses, isLegalTransition, type TransitionEvidence } from '../../bff/payments/orders/order-rules.ts';
import { isLegalAttemptMove, type AttemptEvidence, type AttemptStatus } from '../../bff/payments/attempt-transitions.ts';
import {
  allCurrentAttemptStatuses,
  allJointEvidence,
  assertListedJointMove,
  coexistingPairs,
  IllegalJointMoveError,
  isListedJointMove,
  jointTableMarkdown,
  listedCurrentAttemptMoves,
  type JointMoveShape,
} from '../../bff/payments/lifecycle/joint-moves.ts';

function* everyCurrentAttemptMove(): Generator<JointMoveShape> {
  for (const evidence of allJointEvidence)
    for (const orderFrom of allOrderStatuses)
      for (const orderTo of allOrderStatuses)
        for (const attemptFrom of allCurrentAttemptStatuses)
          for (const attemptTo of allCurrentAttemptStatuses)
            for (const born of [false, true]) yield { evidence, order: { from: orderFrom, to: orderTo }, attempt: { current: true, from: attemptFrom, to: attemptTo, ...(born && { born }) } };
}

const describe = (move: JointMoveShape) => `${move.evidence}: (${move.order.from}, ${move.attempt.from}) → (${move.order.to}, ${move.attempt.born ? 'new ' : ''}${move.attempt.to})`;

test('every listed joint move is one both machines allow, between pairs that may coexist', () => {
  const listed = listedCurrentAttemptMoves();
  expect(listed.length).toBeGreaterThan(100);
  const wrong = listed.filter(({ order, attempt, evidence }) => {
    const orderAllowed = order.from === order.to || isLegalTransition(order.from, order.to, evidence as TransitionEvidence);
    const attemptAllowed = attempt.born
      ? isLegalAttemptMove(undefined, attempt.to as AttemptStatus, evidence as AttemptEvidence)
      : attempt.from === attempt.to || isLegalAttemptMove(attempt.from as AttemptStatus, attempt.to as AttemptStatus, evidence as AttemptEvidence);
    return !orderAllowed || !attemptAllowed || !coexistingPairs[order.from].includes(attempt.from) || !coexistingPairs[order.to].includes(attempt.to);
  });
  expect(wrong.map(describe)).toEqual([]);
});

test('every move the table does not list is refused, and every listed one passes', () => {
  const listed = new Set(listedCurrentAttemptMoves().map(describe));
  const wrong: string[] = [];
  let refused = 0;
  // Hundreds of thousands of refusals: their stacks are not read.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  for (const move of everyCurrentAttemptMove()) {
    let threw = false;
    try {
      assertListedJointMove(move);
    } catch (error) {
      threw = error instanceof IllegalJointMoveError;
    }
    if (threw === listed.has(describe(move))) wrong.push(describe(move));
    if (threw) refused++;
  }
  Error.stackTraceLimit = stackTraceLimit;
  expect(wrong).toEqual([]);
  expect(refused).toBeGreaterThan(listed.size);
});

/** The moves the writers make (record-outcome, the status refresher, the claim's settlement, continued orders, the reconciler, the matcher, the attach, transfers, review decisions, the return, merchant changes). */
const movesTheWritersMake: [JointMoveShape['evidence'], string, string, string, string, boolean?][] = [
  ['claim', 'created', 'created', 'none', 'claimed', true],
  ['claim', 'created', 'created', 'refused', 'claimed', true],
  ['claim', 'declined', 'declined', 'declined', 'claimed', true],
  ['claim', 'cancelled', 'cancelled', 'cancelled', 'claimed', true],
  ['claim', 'expired', 'expired', 'expired', 'claimed', true],
  // Back from the hosted page: the same order's next attempt replaces the page still out.
  ['claim', 'pending', 'pending', 'open', 'claimed', true],
  ['page-created', 'pending', 'pending', 'claimed', 'open'],
  ['refused', 'pending', 'pending', 'claimed', 'refused'],
  ['call-lost', 'pending', 'pending', 'claimed', 'unknown'],
  ['page-created', 'created', 'pending', 'claimed', 'open'],
  ['page-created', 'declined', 'pending', 'claimed', 'open'],
  ['page-created', 'expired', 'pending', 'claimed', 'open'],
  ['refused', 'created', 'created', 'claimed', 'refused'],
  ['call-lost', 'created', 'created', 'claimed', 'unknown'],
  ['consult', 'pending', 'approved', 'open', 'approved'],
  ['consult', 'pending', 'declined', 'open', 'declined'],
  ['consult', 'pending', 'cancelled', 'open', 'cancelled'],
  ['redirect', 'pending', 'cancelled', 'open', 'cancelled'],
  ['mismatch', 'pending', 'review', 'open', 'review'],
  ['no-payment', 'pending', 'expired', 'open', 'expired'],
  ['no-payment', 'created', 'expired', 'none', 'none'],
  ['no-payment', 'created', 'expired', 'claimed', 'expired'],
  ['no-payment', 'declined', 'declined', 'unknown', 'abandoned'],
  ['session', 'expired', 'created', 'none', 'none'],
  ['transfer-opened', 'created', 'pending', 'none', 'open', true],
  ['transfer-opened', 'declined', 'pending', 'declined', 'open', true],
  ['transfer-opened', 'expired', 'pending', 'expired', 'open', true],
  ['bank', 'pending', 'approved', 'open', 'approved'],
  ['bank', 'pending', 'declined', 'open', 'declined'],
  ['bank', 'expired', 'approved', 'expired', 'approved'],
  ['bank', 'declined', 'approved', 'declined', 'approved'],
  ['bank', 'approved', 'review', 'approved', 'review'],
  ['bank', 'approved', 'review', 'cancelled', 'cancelled'],
  ['bank', 'approved', 'reversed', 'approved', 'approved'],
  ['bank', 'approved', 'reversed', 'cancelled', 'cancelled'],
  ['merchant', 'pending', 'approved', 'open', 'cancelled'],
  ['merchant', 'review', 'approved', 'review', 'approved'],
  ['merchant', 'review', 'approved', 'review', 'review'],
  ['merchant', 'review', 'cancelled', 'review', 'cancelled'],
  ['merchant', 'approved', 'captured', 'approved', 'approved'],
  ['merchant', 'approved', 'approved', 'approved', 'approved'],
  ['merchant', 'captured', 'refunded', 'approved', 'approved'],
  ['merchant', 'approved', 'reversed', 'approved', 'approved'],
];

test('every joint move the writers make is listed', () => {
  for (const [evidence, orderFrom, orderTo, attemptFrom, attemptTo, born] of movesTheWritersMake) {
    const move = { evidence, order: { from: orderFrom, to: orderTo }, attempt: { current: true, from: attemptFrom, to: attemptTo, ...(born && { born }) } } as JointMoveShape;
    expect(isListedJointMove(move), describe(move)).toBe(true);
  }
});

test('what the table refuses: a paid order whose attempt was not paid by that evidence, a new attempt on a paid order, a second claim', () => {
  const refused: JointMoveShape[] = [
    // Consult approves the order while its attempt stays open: the page could be paid twice.
    { evidence: 'consult', order: { from: 'pending', to: 'approved' }, attempt: { current: true, from: 'open', to: 'open' } },
    // The order declined while its attempt is cancelled.
    { evidence: 'consult', order: { from: 'pending', to: 'declined' }, attempt: { current: true, from: 'open', to: 'cancelled' } },
    { evidence: 'transfer-opened', order: { from: 'approved', to: 'approved' }, attempt: { current: true, from: 'declined', to: 'open', born: true } },
    { evidence: 'claim', order: { from: 'pending', to: 'pending' }, attempt: { current: true, from: 'claimed', to: 'claimed', born: true } },
    { evidence: 'claim', order: { from: 'approved', to: 'approved' }, attempt: { current: true, from: 'open', to: 'claimed', born: true } },
    { evidence: 'claim', order: { from: 'created', to: 'created' }, attempt: { current: true, from: 'claimed', to: 'claimed', born: true } },
    // A capture that moves the attempt.
    { evidence: 'merchant', order: { from: 'approved', to: 'captured' }, attempt: { current: true, from: 'review', to: 'approved' } },
  ];
  for (const move of refused) expect(isListedJointMove(move), describe(move)).toBe(false);
});

test('a move of an earlier attempt leaves the pair of the order and its current attempt as the table allows', () => {
  const lateTransfer: JointMoveShape = { evidence: 'mismatch', order: { from: 'pending', to: 'review' }, attempt: { current: false, from: 'expired', to: 'review', currentStatus: 'open' } };
  expect(isListedJointMove(lateTransfer)).toBe(true);
  const paidBeside: JointMoveShape = { evidence: 'bank', order: { from: 'expired', to: 'approved' }, attempt: { current: false, from: 'expired', to: 'approved', currentStatus: 'claimed' } };
  expect(isListedJointMove(paidBeside)).toBe(false);
});

test("bff/README.md shows the joint table as the module lists it", () => {
  const readme = readFileSync(new URL('../../bff/README.md', import.meta.url), 'utf8');
  expect(readme).toContain(jointTableMarkdown());
});
