// The pure rules of reference-free SINPE Móvil: which amount the next transfer asks for, and what
// money pays an attempt. Table tests, no store.
import { expect, test } from '../support/node-test.ts';
import { discountTaken, paysTheAttempt } from '../../bff/sinpe/amount-due.ts';
import { askableAmounts, canonicalColones, firstFreeAmount, wholeColonesOf } from '../../bff/sinpe/unique-amount.ts';
import { referencesIn } from '../../contract/sinpe-movil.ts';

test.describe('the amounts a transfer may ask for', () => {
  const colones = (...amounts: number[]) => amounts.map((amount) => BigInt(amount) * 100n);
  const cases: Array<{ what: string; amount: bigint; max: number; askable: bigint[] }> = [
    { what: 'never the plain price: from one colón below it', amount: 1500000n, max: 3, askable: colones(14999, 14998, 14997) },
    { what: 'whole colones for a price with céntimos, the céntimos counted in the discount', amount: 1500050n, max: 3, askable: colones(14999, 14998) },
    { what: 'céntimos alone never make the plain price askable', amount: 1500099n, max: 1, askable: [] },
    { what: 'never a multiple of ₡5, the smallest coin: a cash price', amount: 1500700n, max: 4, askable: colones(15006, 15004, 15003) },
    { what: 'a maximum of 0: nothing (the reference only)', amount: 1500000n, max: 0, askable: [] },
    { what: 'never down to nothing', amount: 300n, max: 99, askable: colones(2, 1) },
    { what: '₡1: nothing below it', amount: 100n, max: 99, askable: [] },
  ];
  for (const c of cases) {
    test(c.what, () => {
      expect(askableAmounts(c.amount, c.max)).toEqual(c.askable);
    });
  }

  const free: Array<{ what: string; held: bigint[]; first: bigint | undefined }> = [
    { what: 'nothing held: the highest', held: [], first: 1499900n },
    { what: 'a gap is filled first', held: [1499900n, 1499700n], first: 1499800n },
    { what: 'other amounts do not matter', held: [1500000n, 1499950n], first: 1499900n },
    { what: 'all held: none', held: [1499900n, 1499800n, 1499700n], first: undefined },
  ];
  for (const c of free) {
    test(`the first free amount: ${c.what}`, () => {
      expect(firstFreeAmount(askableAmounts(1500000n, 3), new Set(c.held))).toBe(c.first);
    });
  }

  test('a transfer by reference only asks for the price in whole colones', () => {
    expect([wholeColonesOf(1500050n), wholeColonesOf(1500000n)]).toEqual([1500000n, 1500000n]);
  });

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

test.describe('the references a transfer\'s description carries', () => {
  const cases: Array<{ what: string; text: string; references: string[] }> = [
    { what: 'the reference alone', text: 'ACDEFH', references: ['ACDEFH'] },
    { what: 'typed in lower case with a dash', text: 'acd-efh', references: ['ACDEFH'] },
    { what: 'packed with the sender\'s data', text: '01-2345-6789 | RAUL_PEREZ | 0 | acdefh', references: ['ACDEFH'] },
    { what: 'in a sentence', text: 'pago pedido ACDEFH gracias', references: ['ACDEFH'] },
    { what: 'split in two words (each pair of neighbours is a candidate)', text: 'Ref ACD EFH', references: ['REFACD', 'ACDEFH'] },
    { what: 'characters outside the alphabet name nothing', text: 'PAGADO 123456', references: [] },
    { what: 'a longer word is not a reference', text: 'ACDEFHK', references: [] },
    { what: 'nothing written', text: '', references: [] },
  ];
  for (const c of cases) {
    test(c.what, () => {
      expect(referencesIn(c.text)).toEqual(c.references);
    });
  }
});
