// The pure rules of reference-free SINPE Móvil: which amount the next transfer asks for, and what
// money pays an attempt. Table tests, no store.
import { expect, test } from '@playwright/test';
import { discountTaken, paysTheAttempt } from '../../bff/sinpe/amount-due.ts';
import { canonicalColones, smallestFreeDiscount } from '../../bff/sinpe/unique-amount.ts';

test.describe('the smallest free discount', () => {
  const cases: Array<{ what: string; amount: bigint; taken: bigint[]; max: number; discount: bigint | undefined }> = [
    { what: 'nothing taken: the order\'s own amount', amount: 1500000n, taken: [], max: 99, discount: 0n },
    { what: 'the amount taken: one colón less', amount: 1500000n, taken: [1500000n], max: 99, discount: 100n },
    { what: 'a gap is filled first', amount: 1500000n, taken: [1500000n, 1499800n], max: 99, discount: 100n },
    { what: 'a run taken: the first after it', amount: 1500000n, taken: [1500000n, 1499900n, 1499800n], max: 99, discount: 300n },
    { what: 'other amounts do not matter', amount: 1500000n, taken: [1500050n, 1499950n], max: 99, discount: 0n },
    { what: 'cents kept: 15000.50 taken gives 14999.50', amount: 1500050n, taken: [1500050n], max: 99, discount: 100n },
    { what: 'every amount within the maximum taken: none', amount: 1500000n, taken: [1500000n, 1499900n, 1499800n], max: 2, discount: undefined },
    { what: 'a maximum of 0: only the order\'s amount', amount: 1500000n, taken: [1500000n], max: 0, discount: undefined },
    { what: 'never down to nothing: ₡1 taken has no lower amount', amount: 100n, taken: [100n], max: 99, discount: undefined },
    { what: '₡2 taken: ₡1', amount: 200n, taken: [200n], max: 99, discount: 100n },
  ];
  for (const c of cases) {
    test(c.what, () => {
      expect(smallestFreeDiscount(c.amount, new Set(c.taken), c.max)).toBe(c.discount);
    });
  }

  test('one spelling per amount, for the unique index', () => {
    expect(['15000', '15000.0', '15000.00'].map(canonicalColones)).toEqual(['15000.00', '15000.00', '15000.00']);
  });
});

test.describe('what pays an attempt', () => {
  const order = { amount: '15000.00', currency: 'CRC' };
  const lowered = { transfer_amount: '14998.00', transfer_currency: 'CRC', transfer_discount: '2.00' };
  const legacy = { transfer_amount: null, transfer_currency: null, transfer_discount: null };
  const cases: Array<{ what: string; attempt: typeof lowered | typeof legacy; payment: { amount: string | null; currency: string | null }; pays: boolean; discount: string | null }> = [
    { what: 'the exact amount asked', attempt: lowered, payment: { amount: '14998.00', currency: 'CRC' }, pays: true, discount: '2.00' },
    { what: 'the amount asked, written another way', attempt: lowered, payment: { amount: '14998', currency: 'crc' }, pays: true, discount: '2.00' },
    { what: 'the order\'s full amount (by reference): no discount taken', attempt: lowered, payment: { amount: '15000.00', currency: 'CRC' }, pays: true, discount: null },
    { what: 'one colón less than asked', attempt: lowered, payment: { amount: '14997.00', currency: 'CRC' }, pays: false, discount: '2.00' },
    { what: 'between the two', attempt: lowered, payment: { amount: '14999.00', currency: 'CRC' }, pays: false, discount: '2.00' },
    { what: 'dollars', attempt: lowered, payment: { amount: '14998.00', currency: 'USD' }, pays: false, discount: '2.00' },
    { what: 'no amount known', attempt: lowered, payment: { amount: null, currency: 'CRC' }, pays: false, discount: '2.00' },
    { what: 'a transfer opened before unique amounts: the order\'s amount', attempt: legacy, payment: { amount: '15000.00', currency: 'CRC' }, pays: true, discount: null },
  ];
  for (const c of cases) {
    test(c.what, () => {
      expect(paysTheAttempt(c.payment, c.attempt, order)).toBe(c.pays);
      if (c.pays) expect(discountTaken(c.payment, c.attempt, order)).toBe(c.discount);
    });
  }
});
