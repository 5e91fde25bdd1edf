// What consult's records mean for an order (bff/payments/orders/consult-outcome.ts): which record is chosen, and
// where it takes the order. Tables of records, no gateway.
import { expect, test } from '../support/node-test.ts';
import type { TransactionRecord } from '../../contract/gateway/index.ts';
import { attemptOutcomeFields, outcomeFields, outcomeFromConsult, recordsOfAttempt, targetOfOutcome } from '../../bff/payments/orders/consult-outcome.ts';
import type { OrderRow } from '../../bff/store/schema.ts';
import { chargedMoneyOf } from '../../bff/payments/charged-money.ts';

const order = { amount: '6500.00', currency: 'CRC' };

function record(fields: Partial<TransactionRecord>): TransactionRecord {
  return {
    id_svc: 101,
    orderNumber: 'G-1',
    amount: '6500.00',
    currency: 'CRC',
    merchantId: 'm-1',
    code: '1',
    response: 'Aprobada',
    auth: 'A1',
    commission: null,
    iva_commission: null,
    retention_iva: null,
    retention_rent: null,
    cost: null,
    cost_iva: null,
    capture: '1',
    card: 'VISA',
    last: '4242',
    environment: 'test',
    type: 'Payment',
    date: null,
    net_to_liquidate: '6000.00',
    ...fields,
  };
}

test('which record speaks for the payment', () => {
  const cases: [string, TransactionRecord[], { approved: boolean; code: string } | undefined][] = [
    ['no records: nothing to say yet', [], undefined],
    ['a record without a code says nothing', [record({ code: '' })], undefined],
    ['a SINPE Móvil payment awaiting the bank is not a decline', [record({ code: 'Pending' })], undefined],
    ['one approval', [record({})], { approved: true, code: '1' }],
    ['one decline', [record({ code: '51', response: 'Fondos insuficientes', auth: '' })], { approved: false, code: '51' }],
    ['a decline then an approval: any approved payment wins', [record({ code: '51' }), record({ code: '1' })], { approved: true, code: '1' }],
    ['an approval then a decline: still approved', [record({ code: '1' }), record({ code: '05' })], { approved: true, code: '1' }],
    ['two declines: the last speaks', [record({ code: '51' }), record({ code: '05' })], { approved: false, code: '05' }],
    ['a refund record beside the payment: the payment speaks', [record({ code: '1' }), record({ code: '2', type: 'Refund' })], { approved: true, code: '1' }],
    ['codes with spaces are read trimmed', [record({ code: ' 1 ' })], { approved: true, code: '1' }],
    ['type in other case is still a payment', [record({ code: '51', type: 'PAYMENT' }), record({ code: '1', type: 'Capture' })], { approved: false, code: '51' }],
  ];
  for (const [name, records, expected] of cases) {
    const outcome = outcomeFromConsult(records, order);
    if (expected === undefined) expect(outcome, name).toBeUndefined();
    else expect(outcome, name).toMatchObject(expected);
  }
});

test('where an outcome takes the order: approval of the same money approves, of other money reviews, a decline declines', () => {
  const cases: [string, TransactionRecord, string, string][] = [
    ['approved, same money', record({}), 'approved', 'consult'],
    ['approved, same money written as a number string with separators', record({ amount: '6,500.00' }), 'approved', 'consult'],
    ['approved, another amount', record({ amount: '65.00' }), 'review', 'mismatch'],
    ['approved, another currency', record({ currency: 'USD' }), 'review', 'mismatch'],
    ['declined', record({ code: '51' }), 'declined', 'consult'],
    ['declined with another amount is still a decline', record({ code: '51', amount: '1.00' }), 'declined', 'consult'],
  ];
  for (const [name, chosen, to, evidence] of cases) {
    const outcome = outcomeFromConsult([chosen], order)!;
    expect(targetOfOutcome(outcome, order), name).toMatchObject({ to, evidence });
  }
});

test('an approval of another amount is told to the merchant in the canonical form, however the gateway wrote it', () => {
  for (const written of ['1', '1.0', '1.00', '1,000.00']) {
    const outcome = outcomeFromConsult([record({ amount: written, currency: 'crc' })], order)!;
    const shown = written === '1,000.00' ? '1000.00' : '1.00';
    expect(targetOfOutcome(outcome, order), written).toMatchObject({ to: 'review', detail: `consult shows an approved payment of ${shown} CRC for an order of 6500.00 CRC` });
  }
});

test('a dollar order charged in colones: only an approval of the attempt\'s colones is approval', () => {
  const order = { amount: '25.00', currency: 'USD' };
  const attempt = { charged_amount: '12663.00', charged_currency: 'CRC' };
  const charge = chargedMoneyOf(attempt, order);
  const cases: [string, TransactionRecord, string, string][] = [
    ['the colones charged', record({ amount: '12663.00', currency: 'CRC' }), 'approved', 'consult'],
    ['the colones charged, written with separators', record({ amount: '12,663.00', currency: 'crc' }), 'approved', 'consult'],
    ['the order\'s dollars: not what was charged', record({ amount: '25.00', currency: 'USD' }), 'review', 'mismatch'],
    ['other colones', record({ amount: '12662.00', currency: 'CRC' }), 'review', 'mismatch'],
    ['the colón figure in dollars', record({ amount: '12663.00', currency: 'USD' }), 'review', 'mismatch'],
    ['a decline is a decline whatever its money', record({ code: '51', amount: '25.00', currency: 'USD' }), 'declined', 'consult'],
  ];
  for (const [name, chosen, to, evidence] of cases) {
    const outcome = outcomeFromConsult([chosen], charge)!;
    expect(targetOfOutcome(outcome, charge), name).toMatchObject({ to, evidence });
  }
});

test('an attempt without a recorded charge (older rows, SINPE Móvil) is measured against the order\'s money', () => {
  const order = { amount: '25.00', currency: 'USD' };
  expect(chargedMoneyOf({ charged_amount: null, charged_currency: null }, order)).toEqual(order);
  expect(chargedMoneyOf(undefined, order)).toEqual(order);
});

test('an outcome writes the gateway\'s answer on the attempt (the card once approved) and captures the order with capture=1', () => {
  const order = { amount: '25.00', currency: 'USD', capture: 1, captured_amount: '0' } as unknown as OrderRow;
  const attempt = { charged_amount: '12663.00', charged_currency: 'CRC', charged_rate: '506.52' };
  const charge = chargedMoneyOf(attempt, order);
  const approved = outcomeFromConsult([record({ amount: '12663.00', currency: 'CRC' })], charge)!;
  const approval = targetOfOutcome(approved, charge);
  expect(outcomeFields(order, approval)).toEqual({ captured_amount: '25.00' });
  expect(attemptOutcomeFields(approved, approval)).toMatchObject({ gateway_tpt: approved.tpt, gateway_code: approved.code, status_message: approved.message });
  expect(attemptOutcomeFields(approved, approval)).toHaveProperty('card_brand');
  const declined = outcomeFromConsult([record({ code: '51', amount: '12663.00', currency: 'CRC' })], charge)!;
  const decline = targetOfOutcome(declined, charge);
  expect(outcomeFields(order, decline)).toEqual({ captured_amount: '0' });
  expect(attemptOutcomeFields(declined, decline)).not.toHaveProperty('card_brand');
});

test('the records that are the attempt\'s: its own number, behind a merchant prefix too, or its tpt', () => {
  const own = record({ orderNumber: 'G-1', id_svc: 1 });
  const prefixed = record({ orderNumber: 'PFC030684-G-1', id_svc: 2 });
  const laterAttempt = record({ orderNumber: 'PFC030684-G-1-R2', id_svc: 3, code: '1' });
  const anotherOrder = record({ orderNumber: 'XG-1', id_svc: 4 });
  const unnumbered = record({ orderNumber: '', id_svc: 5 });
  const byTpt = record({ orderNumber: 'renamed', id_svc: 77 });
  expect(recordsOfAttempt([own, prefixed, laterAttempt, anotherOrder, unnumbered, byTpt], 'G-1', '77')).toEqual([own, prefixed, unnumbered, byTpt]);
  expect(recordsOfAttempt([own, laterAttempt], 'G-1-R2', null)).toEqual([laterAttempt]);
  // An approval of the later attempt never speaks for the first.
  expect(outcomeFromConsult(recordsOfAttempt([record({ orderNumber: 'G-1', code: '2' }), laterAttempt], 'G-1', null), order)).toMatchObject({ approved: false, code: '2' });
});
