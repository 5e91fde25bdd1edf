// The widget's checkout life (widget/flow/checkout-machine.ts), for every state × event: a table, not a
// journey. Each row lists what the state does with each event; an event a row leaves out is ignored
// (the state stays). The journeys through these states are in test/widget and test/e2e.
import { expect, test } from '@playwright/test';
import { effectsOf, nextState, type CheckoutEffect, type CheckoutEvent } from '../../widget/flow/checkout-machine.ts';
import type { CheckoutState } from '../../widget/flow/checkout-state.ts';

const events = [
  'load',
  'ready',
  'submit',
  'redirect',
  'transfer',
  'return',
  'pending',
  'refuse',
  'back',
  'approved',
  'declined',
  'cancelled',
  'review',
  'lapsed',
  'error',
  'expired',
  'retry',
  'reset',
] as const satisfies readonly CheckoutEvent[];
// The list above names every event: a new one fails the typecheck until its column is written.
const everyEventListed: Exclude<CheckoutEvent, (typeof events)[number]> extends never ? true : false = true;

type Row = Partial<Record<CheckoutEvent, CheckoutState>>;
/** What any state does: a new session starts over, a failure ends in the error panel. */
const always: Row = { load: 'loading', error: 'error' };
/** The outcomes of an order being waited on. */
const outcomes: Row = { approved: 'approved', declined: 'declined', cancelled: 'cancelled', review: 'review', lapsed: 'lapsed', expired: 'expired' };

const table: Record<CheckoutState, Row> = {
  loading: { ...always, ready: 'idle', return: 'returned', expired: 'expired' },
  idle: { ...always, submit: 'submitting', transfer: 'polling', expired: 'expired', reset: 'idle' },
  submitting: { ...always, redirect: 'redirecting', transfer: 'polling', refuse: 'idle', expired: 'expired', reset: 'idle' },
  redirecting: { ...always, ...outcomes, pending: 'polling', back: 'idle', reset: 'idle' },
  returned: { ...always, ...outcomes, pending: 'polling', reset: 'idle' },
  polling: { ...always, ...outcomes, back: 'idle', reset: 'idle' },
  approved: { ...always, reset: 'idle' },
  declined: { ...always, retry: 'idle', expired: 'expired', reset: 'idle' },
  cancelled: { ...always, retry: 'idle', expired: 'expired', reset: 'idle' },
  lapsed: { ...always, retry: 'idle', expired: 'expired', reset: 'idle' },
  review: { ...always, reset: 'idle' },
  error: { ...always, retry: 'idle', reset: 'idle' },
  expired: { ...always, retry: 'idle', reset: 'idle' },
};

test.describe('the checkout machine: state × event → state', () => {
  test('every event is in the table', () => {
    expect(everyEventListed).toBe(true);
  });

  for (const [state, row] of Object.entries(table) as Array<[CheckoutState, Row]>) {
    for (const event of events) {
      const expected = row[event];
      test(`${state} × ${event} → ${expected ?? 'ignored'}`, () => {
        expect(nextState(state, event)).toBe(expected);
      });
    }
  }
});

/**
 * What each move does besides changing the state, performed by the flow's one interpreter before the
 * new state shows: a move that ends the payment stops the watch and closes the popup; a move back to
 * the form gives the focus back to the shopper (and after "Try again" says so). Every event has its
 * row, empty when the move does nothing else.
 */
const ends: CheckoutEffect[] = ['stopWatch', 'closePopup'];
const effects: Record<CheckoutEvent, CheckoutEffect[]> = {
  load: [],
  ready: ['formBack'],
  submit: [],
  redirect: [],
  transfer: [],
  return: [],
  pending: [],
  refuse: ['formBack'],
  back: ['formBack'],
  approved: ends,
  declined: ends,
  cancelled: ends,
  review: ends,
  lapsed: ends,
  error: ends,
  expired: ends,
  retry: ['formBack'],
  reset: ['formBack'],
};

test.describe('the checkout machine: what each move does', () => {
  for (const event of events) {
    test(`${event} does ${effects[event].join(', ') || 'nothing else'}`, () => {
      expect(effectsOf(event)).toEqual(effects[event]);
    });
  }
});
