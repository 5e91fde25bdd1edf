// The payment attempt's table, walked whole: every status × status × evidence is asked, and the
// legal moves are exactly the ones written down here (a change to the table must change this list).
import { expect, test } from '../support/node-test.ts';
import {
  allAttemptEvidence,
  allAttemptStatuses,
  isLegalAttemptMove,
  isPaidAttempt,
  isUnsettledAttempt,
  mayHavePageOut,
  outcomeOfAttempt,
  type AttemptEvidence,
  type AttemptStatus,
} from '../../bff/payments/attempt-transitions.ts';

const legalMoves = [
  '(new)→claimed: claim',
  '(new)→open: transfer-opened',
  'refused→claimed: claim',
  'refused→open: transfer-opened',
  'refused→review: mismatch',
  'refused→cancelled: merchant',
  'claimed→open: page-created',
  'claimed→refused: refused',
  'claimed→unknown: call-lost',
  'claimed→approved: consult',
  'claimed→declined: consult',
  'claimed→cancelled: consult, merchant',
  'claimed→review: mismatch, unconfirmed',
  'claimed→expired: no-payment',
  'claimed→abandoned: no-payment',
  'open→approved: consult, bank',
  'open→declined: consult, redirect, bank',
  'open→cancelled: consult, redirect, merchant',
  'open→review: mismatch, unconfirmed',
  'open→expired: no-payment',
  'unknown→approved: consult',
  'unknown→declined: consult',
  'unknown→cancelled: consult, merchant',
  'unknown→review: mismatch, unconfirmed',
  'unknown→expired: no-payment',
  'unknown→abandoned: no-payment',
  'declined→approved: consult, bank',
  'declined→review: mismatch',
  'cancelled→approved: consult',
  'cancelled→review: mismatch',
  'expired→approved: consult, bank',
  'expired→declined: consult',
  'expired→cancelled: consult',
  'expired→review: mismatch',
  'abandoned→approved: consult',
  'abandoned→declined: consult',
  'abandoned→cancelled: consult',
  'abandoned→review: mismatch',
  'review→approved: consult, merchant',
  'review→cancelled: merchant',
  'approved→review: bank',
];

/** Every status the evidence may lead to, from anywhere: writing it again only refreshes the attempt. */
const sameStatusWrites = [
  'claimed: claim',
  'open: page-created, transfer-opened',
  'refused: refused',
  'unknown: call-lost',
  'approved: consult, bank, merchant',
  'declined: consult, redirect, bank',
  'cancelled: consult, redirect, merchant',
  'review: bank, mismatch, unconfirmed',
  'expired: no-payment',
  'abandoned: no-payment',
];

function walk(): { moves: string[]; same: string[] } {
  const moves: string[] = [];
  const same: string[] = [];
  for (const from of [undefined, ...allAttemptStatuses]) {
    for (const to of allAttemptStatuses) {
      const by = allAttemptEvidence.filter((evidence) => isLegalAttemptMove(from, to, evidence));
      if (by.length === 0) continue;
      if (from === to) same.push(`${to}: ${by.join(', ')}`);
      else moves.push(`${from ?? '(new)'}→${to}: ${by.join(', ')}`);
    }
  }
  return { moves, same };
}

test('the legal moves of an attempt are exactly the table (10 statuses and a new row × 10 × 12 evidences asked)', () => {
  const { moves, same } = walk();
  expect(moves.sort()).toEqual([...legalMoves].sort());
  expect(same.sort()).toEqual([...sameStatusWrites].sort());
  expect(allAttemptStatuses).toHaveLength(10);
  expect(allAttemptEvidence).toHaveLength(12);
});

test('nothing a browser can claim pays an attempt: no redirect, page or claim approves one', () => {
  for (const from of [undefined, ...allAttemptStatuses]) {
    for (const evidence of ['redirect', 'page-created', 'transfer-opened', 'claim', 'refused', 'call-lost', 'no-payment'] as const) {
      expect(isLegalAttemptMove(from, 'approved', evidence), `${from}→approved on ${evidence}`).toBe(false);
    }
  }
});

test('a paid attempt is never undone by a later consult or redirect: only the bank takes it to review', () => {
  for (const to of allAttemptStatuses.filter((status) => status !== 'approved')) {
    const by = allAttemptEvidence.filter((evidence) => isLegalAttemptMove('approved', to, evidence));
    expect(by, `approved→${to}`).toEqual(to === 'review' ? ['bank'] : []);
  }
});

test('a call that may have created a page is never sent again: unknown and abandoned never go back to claimed', () => {
  for (const from of ['unknown', 'abandoned', 'open', 'expired'] as const) {
    for (const evidence of allAttemptEvidence) expect(isLegalAttemptMove(from, 'claimed', evidence), `${from}→claimed on ${evidence}`).toBe(false);
  }
});

test('what the BFF asks of a status: still unsettled, paid, a card page possibly out', () => {
  const answers = Object.fromEntries(allAttemptStatuses.map((status) => [status, [isUnsettledAttempt(status), isPaidAttempt(status), mayHavePageOut(status)]]));
  expect(answers).toEqual({
    claimed: [true, false, true],
    refused: [true, false, false],
    open: [true, false, true],
    unknown: [true, false, true],
    approved: [false, true, false],
    declined: [false, false, false],
    cancelled: [false, false, false],
    expired: [false, false, false],
    review: [false, false, false],
    abandoned: [false, false, false],
  });
});

test('the outcome the merchant sees of each status', () => {
  const shown = Object.fromEntries(allAttemptStatuses.map((status) => [status, outcomeOfAttempt(status)]));
  expect(shown).toEqual({
    claimed: 'open',
    refused: 'open',
    open: 'open',
    unknown: 'open',
    approved: 'approved',
    declined: 'declined',
    cancelled: 'cancelled',
    expired: 'expired',
    review: 'review',
    abandoned: 'expired',
  });
});
