// The widget's checkout life (widget/flow/checkout-machine.ts), for every state × event: a table, not a
// journey. Each row lists what the state does with each event; an event a row leaves out is ignored
// (the state stays, nothing is done). Each move also says what it does besides changing the state
// (events dispatched, the watch started or stopped, focus, storage), before and after the new state
// shows; every (state, event) pair is checked for both. The journeys are in test/widget and test/e2e.
import { expect, test } from '../support/node-test.ts';
import * as machine from '../../widget/flow/checkout-machine.ts';
import type { CheckoutEvent } from '../../widget/flow/checkout-machine.ts';
import type { CheckoutState } from '../../widget/flow/checkout-state.ts';

const events = [
  'load',
  'ready',
  'reopen',
  'submit',
  'redirect',
  'popup',
  'transfer',
  'return',
  'pending',
  'refuse',
  'blocked',
  'back',
  'approved',
  'declined',
  'cancelled',
  'review',
  'lapsed',
  'error',
  'expired',
  'failed',
  'timedOut',
  'lost',
  'retry',
  'reset',
] as const satisfies readonly CheckoutEvent[];
// The list above names every event: a new one fails the typecheck until its column is written.
const everyEventListed: Exclude<CheckoutEvent, (typeof events)[number]> extends never ? true : false = true;

type Row = Partial<Record<CheckoutEvent, CheckoutState>>;
/** What any state does: a new session starts over, a failure ends in the error panel. */
const always: Row = { load: 'loading', failed: 'error' };
/** The outcomes of an order being waited on. */
const outcomes: Row = {
  approved: 'approved',
  declined: 'declined',
  cancelled: 'cancelled',
  review: 'review',
  lapsed: 'lapsed',
  error: 'error',
  expired: 'expired',
  timedOut: 'expired',
  lost: 'expired',
};

const table: Record<CheckoutState, Row> = {
  loading: { ...always, ready: 'idle', reopen: 'idle', return: 'returned', timedOut: 'expired' },
  idle: { ...always, submit: 'submitting', transfer: 'polling', timedOut: 'expired', reset: 'idle' },
  submitting: { ...always, redirect: 'redirecting', popup: 'redirecting', transfer: 'polling', refuse: 'idle', blocked: 'idle', timedOut: 'expired', reset: 'idle' },
  redirecting: { ...always, ...outcomes, pending: 'polling', back: 'idle', reset: 'idle' },
  returned: { ...always, ...outcomes, pending: 'polling', reset: 'idle' },
  polling: { ...always, ...outcomes, back: 'idle', reset: 'idle' },
  approved: { ...always, reset: 'idle' },
  declined: { ...always, retry: 'idle', timedOut: 'expired', reset: 'idle' },
  cancelled: { ...always, retry: 'idle', timedOut: 'expired', reset: 'idle' },
  lapsed: { ...always, retry: 'idle', timedOut: 'expired', reset: 'idle' },
  review: { ...always, reset: 'idle' },
  error: { ...always, retry: 'idle', reset: 'idle' },
  expired: { ...always, retry: 'idle', reset: 'idle' },
};

/** The effects by name (the table holds them as numbers, so they minify to a digit each). */
const effectNames = [
  'svcSubmit',
  'followFocus',
  'formBack',
  'cartTaken',
  'svcReady',
  'keepCard',
  'pageLeft',
  'follow',
  'keepTransfer',
  'leave',
  'svcSinpePending',
  'watch',
  'stopWatch',
  'closePopup',
  'keepResult',
  'unfollow',
  'reveal',
  'svcOutcome',
  'forgetPaid',
  'svcError',
  'svcExpired',
  'forgetForm',
] as const;
const effectNumber = (name: EffectName): machine.CheckoutEffect => machine[name];
// Each name is a distinct effect, and every effect the machine exports is named here.
const exportedEffects = Object.entries(machine).filter(([, value]) => typeof value === 'number');

/**
 * What each move does besides changing the state, performed in order by the flow's one interpreter
 * (widget/flow/move-effects.ts): `before` the new state shows (svc-submit may stop the move there),
 * `after` it shows (so a page hearing svc-approved reads `state === 'approved'`). A move that ends the
 * payment stops the watch and closes the popup; an order's outcome is kept for a reload, followed no
 * more, revealed and told by its event; a move back to the form gives the focus back (and after "Try
 * again" says so). Every event has its row, empty when the move does nothing else.
 */
type EffectName = (typeof effectNames)[number];
type Effects = { before: EffectName[]; after: EffectName[] };
const ends: EffectName[] = ['stopWatch', 'closePopup'];
const outcome: EffectName[] = [...ends, 'keepResult', 'unfollow'];
const told: EffectName[] = ['reveal', 'svcOutcome'];
const effects: Record<CheckoutEvent, Effects> = {
  load: { before: [...ends, 'cartTaken'], after: [] },
  ready: { before: ['formBack'], after: ['svcReady'] },
  reopen: { before: ['formBack'], after: [] },
  submit: { before: ['svcSubmit', 'followFocus'], after: [] },
  redirect: { before: ['keepCard'], after: ['pageLeft', 'leave'] },
  popup: { before: ['keepCard', 'follow'], after: ['leave', 'watch'] },
  transfer: { before: ['keepTransfer', 'follow'], after: ['svcSinpePending', 'watch'] },
  return: { before: [], after: ['watch'] },
  pending: { before: [], after: [] },
  refuse: { before: ['formBack'], after: [] },
  blocked: { before: ['formBack'], after: ['svcError'] },
  back: { before: ['formBack'], after: [] },
  approved: { before: outcome, after: [...told, 'forgetPaid'] },
  declined: { before: outcome, after: told },
  cancelled: { before: outcome, after: told },
  // No event of its own: the merchant resolves a review.
  review: { before: outcome, after: ['reveal'] },
  lapsed: { before: outcome, after: told },
  error: { before: outcome, after: told },
  expired: { before: outcome, after: told },
  failed: { before: ends, after: ['svcError'] },
  timedOut: { before: ends, after: ['svcExpired'] },
  lost: { before: [...ends, 'unfollow'], after: ['svcExpired'] },
  retry: { before: ['formBack'], after: [] },
  reset: { before: [...ends, 'forgetForm', 'unfollow'], after: ['formBack'] },
};

/** The public events the effects dispatch, by effect: what a merchant page hears from each move. */
const dispatches: Partial<Record<EffectName, string>> = {
  svcSubmit: 'svc-submit',
  svcReady: 'svc-ready',
  leave: 'svc-redirect',
  svcSinpePending: 'svc-sinpe-pending',
  svcOutcome: 'svc-approved | svc-declined | svc-cancelled | svc-lapsed | svc-error',
  svcError: 'svc-error',
  svcExpired: 'svc-error',
};

test.describe('the checkout machine: state × event → state, and what the move does', () => {
  test('every event is in the table', () => {
    expect(everyEventListed).toBe(true);
  });

  test('every effect has one name and one number', () => {
    expect(exportedEffects.map(([name]) => name).sort()).toEqual([...effectNames].sort());
    expect(new Set(effectNames.map(effectNumber)).size).toBe(effectNames.length);
  });

  for (const [state, row] of Object.entries(table) as Array<[CheckoutState, Row]>) {
    for (const event of events) {
      const expected = row[event];
      const { before, after } = effects[event];
      const heard = [...before, ...after].flatMap((effect) => dispatches[effect] ?? []);
      test(`${state} × ${event} → ${expected ? `${expected}, doing ${[...before, '|', ...after].join(' ')}${heard.length ? ` (dispatches ${heard.join(', ')})` : ''}` : 'ignored'}`, () => {
        expect(machine.moveOf(state, event)).toEqual(expected ? [expected, before.map(effectNumber), after.map(effectNumber)] : undefined);
      });
    }
  }
});

test.describe('the checkout machine: what the moves dispatch', () => {
  test('every public event a move fires is one effect of the table, each outcome told after its state shows', () => {
    for (const event of ['approved', 'declined', 'cancelled', 'lapsed', 'error', 'expired'] as const) {
      expect(effects[event].after).toContain('svcOutcome');
      expect(effects[event].before).not.toContain('svcOutcome');
    }
    expect(effects.submit.before[0], 'svc-submit comes first: a page that cancels it stops the move').toBe('svcSubmit');
  });
});
