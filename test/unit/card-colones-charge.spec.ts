// What a card checkout is charged in, and how a capture or refund stated in the order's currency
// reaches the gateway for a charge in colones (bff/payments/charged-money.ts). Tables, no gateway.
import { expect, test } from '../support/node-test.ts';
import { chargedPieceOf, chargeFor, type ChargeDecision } from '../../bff/payments/charged-money.ts';

const local = { amount: '12663.00', currency: 'CRC' as const, rate: '506.52', rateDate: '2026-11-25', source: 'BCCR' };
const usd = { amount: '25.00', currency: 'USD' };
const own = { ok: true, charge: { amount: '25.00', currency: 'USD', rate: null } };

test('the charge a card checkout asks for', () => {
  const cases: Array<[string, { amount: string; currency: string }, string | undefined, boolean, typeof local | undefined, Partial<ChargeDecision>]> = [
    ['nothing asked: the order\'s money', usd, undefined, true, local, own],
    ['dollars asked for a dollar order: the order\'s money', usd, 'USD', false, undefined, own],
    ['colones, allowed, a fresh rate: the colón amount the order shows', usd, 'CRC', true, local, { ok: true, charge: { amount: '12663.00', currency: 'CRC', rate: '506.52' } }],
    ['colones, not allowed', usd, 'CRC', false, local, { ok: false, code: 'currency_unavailable' }],
    ['colones, allowed, no fresh rate', usd, 'CRC', true, undefined, { ok: false, code: 'rate_unavailable' }],
    ['a colones order may not choose', { amount: '15000.00', currency: 'CRC' }, 'CRC', true, undefined, { ok: false, code: 'currency_unavailable' }],
    ['nor may a colones order ask for dollars', { amount: '15000.00', currency: 'CRC' }, 'USD', true, undefined, { ok: false, code: 'currency_unavailable' }],
  ];
  for (const [name, order, asked, allowed, fresh, expected] of cases) expect(chargeFor(order, asked, allowed, fresh), name).toMatchObject(expected);
});

test('a piece stated in dollars, in colones: the difference of the converted running totals', () => {
  const charge = { amount: '12663.00', currency: 'CRC', rate: '506.52' };
  const cases: Array<[string, string, string, string]> = [
    ['all at once', '0', '25.00', '12663.00'],
    ['the first 10.00 (5065.20 rounds to 5065)', '0', '10.00', '5065.00'],
    ['the remaining 15.00 adds up to the charge', '10.00', '15.00', '7598.00'],
    ['0.01 at a time rounds by the running total, not per piece', '0.01', '0.01', '5.00'], // 5.0652 → 5, 10.1304 → 10
    ['a stored "0" before', '0', '0.99', '501.00'],
  ];
  for (const [name, before, piece, expected] of cases) expect(chargedPieceOf(charge, 'USD', before, piece), name).toBe(expected);
  expect(chargedPieceOf({ amount: '25.00', currency: 'USD', rate: null }, 'USD', '10.00', '15.00')).toBe('15.00');
});
