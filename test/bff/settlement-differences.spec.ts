// The day's report reconciles our orders with the gateway's own list for the day: what the gateway
// lists that is not ours, what we took that it does not list, a payment of another amount, and a
// net that is not the gateway's amount less its deductions, each named with its reason. The
// gateway's list is rewritten on its way to the BFF, as a real gateway's records might read.
import { expect, test } from '../support/node-test.ts';
import { settlementReport } from '../../contract/settlement-report.ts';
import { wallClockIn } from '../../bff/lib/business-day.ts';
import { paidOrder } from './merchant-fixture.ts';
import { approvingCard, checkout, checkoutAfterBack, createMerchantSession, followReturn } from './fixtures/buyer.ts';
import { startSystem, ManualClock, merchantSecret, type System } from '../support/system.ts';
import { tables } from './webhooks-support.ts';

type ListedRecord = Record<string, unknown> & { orderNumber: string; amount: string; id: number; net_to_liquidate: number };

/** What the test does to the gateway's day list before the BFF reads it. */
let alter: (records: ListedRecord[]) => ListedRecord[] = (records) => records;
let stack: System;

test.beforeAll(async () => {
  stack = await startSystem({
    clock: new ManualClock(),
    rewrite: async (request, answer) => {
      if (new URL(request.url).pathname !== '/api/v1/consultTransactions') return answer;
      const body = (await answer.json()) as { response: ListedRecord[] };
      return Response.json({ ...body, response: alter(body.response) });
    },
  });
});
test.afterAll(() => stack?.close());

async function report() {
  const day = wallClockIn(new Date(), 'America/Costa_Rica').date;
  const response = await fetch(`${stack.bffUrl}/v1/merchant/reports/settlement?date=${day}`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(response.status).toBe(200);
  return settlementReport.parse(await response.json());
}

test('each disagreement with the gateway is listed with its reason, and the totals count what the gateway reported', async () => {
  const dropped = await paidOrder(stack, { amount: '15000.00', currency: 'CRC' });
  const otherAmount = await paidOrder(stack, { amount: '20000.00', currency: 'CRC' });
  const otherNet = await paidOrder(stack, { amount: '10000.00', currency: 'CRC' });
  alter = (records) => {
    const own = (orderNumber: string) => records.find((record) => record.orderNumber.endsWith(orderNumber))!;
    const foreign = { ...own(dropped), id: 987_654, orderNumber: 'OTRA-TIENDA-1' };
    own(otherAmount).amount = '19000.00';
    own(otherNet).net_to_liquidate = 1;
    return [...records.filter((record) => !record.orderNumber.endsWith(dropped)), foreign];
  };
  const { differences, movements, totals } = await report();
  const found = differences.map((difference) => `${difference.type} ${difference.orderNumber}`).sort();
  expect(found).toEqual(
    [`amount_differs ${otherAmount}`, `missing_upstream ${dropped}`, `net_differs ${otherAmount}`, `net_differs ${otherNet}`, 'not_ours OTRA-TIENDA-1'].sort(),
  );
  expect(differences.find((difference) => difference.type === 'amount_differs')).toMatchObject({ ours: '20000.00 CRC', upstream: '19000.00 CRC', gatewayId: expect.any(String) });
  expect(differences.find((difference) => difference.type === 'missing_upstream')).toMatchObject({ ours: '15000.00', currency: 'CRC' });
  for (const difference of differences) expect(difference.reason.length).toBeGreaterThan(20);
  // What reached the merchant is what the gateway reported: the foreign payment and the other amount included, the dropped one not.
  expect(movements.map((movement) => movement.gross).sort()).toEqual(['10000.00', '15000.00', '19000.00']);
  expect(totals).toEqual([expect.objectContaining({ method: 'card', currency: 'CRC', gross: '44000.00' })]);
});

test('one order the gateway approved twice (Back from the hosted page, the old page paid too in a tab closed before its redirect) is listed as paid twice', async () => {
  alter = (records) => records;
  // The buyer came Back from the first page and paid the second; the first, kept in another tab, is
  // paid too, and that tab closes before its redirect: nothing brings that money to the BFF.
  const session = await createMerchantSession(stack.bffUrl, { amount: '12000.00', currency: 'CRC' });
  const old = await checkout(stack.bffUrl, session.sessionToken);
  const current = await checkoutAfterBack(stack.bffUrl, session.sessionToken, old);
  expect((await followReturn(await stack.sandbox.payHostedPage(current.redirectUrl, { card: approvingCard }))).status).toBe(303);
  await stack.sandbox.payHostedPage(old.redirectUrl, { card: approvingCard });
  const once = await paidOrder(stack, { amount: '9000.00', currency: 'CRC' });

  const { differences, movements } = await report();
  const paidTwice = differences.filter((difference) => difference.type === 'paid_twice');
  expect(paidTwice).toEqual([expect.objectContaining({ orderNumber: session.orderNumber, currency: 'CRC', upstream: '24000.00', ours: '12000.00' })]);
  expect(paidTwice[0]!.reason).toMatch(/refund/i);
  expect(differences.some((difference) => difference.orderNumber === once)).toBe(false);
  // Both payments reached the merchant: both are movements of the day, under the shop's order number.
  expect(movements.filter((movement) => movement.orderNumber === session.orderNumber && movement.kind === 'card_payment')).toHaveLength(2);
});

test('a gateway that does not answer is a 503 problem before any byte of the report', async () => {
  await stack.sandbox.injectFault({ operation: 'consultTransactions', kind: 'http5xx', count: 10 });
  try {
    const day = wallClockIn(new Date(), 'America/Costa_Rica').date;
    const response = await fetch(`${stack.bffUrl}/v1/merchant/reports/settlement?date=${day}&format=csv`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  } finally {
    await stack.sandbox.clearFaults();
  }
});

test('a day of more transfers than one page of the store is read page by page, each once, and its totals add up', async () => {
  alter = () => [];
  const count = 1_234;
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const rows = Array.from({ length: count }, (_, index) => ({
    payment_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    public_id: String(900_000 + index),
    payment_method_code: 'SINPE_MOVIL',
    direction: 'PAYIN',
    status: 'posted',
    amount: '1000.00',
    currency: 'CRC',
    fee_total: '10.00',
    tax_total: '1.30',
    net_amount: '988.70',
    net_amount_check: 'ok',
    client_reference: `pago ${index}`,
    external_reference: `FT${String(index).padStart(14, '0')}`,
    posted_at: at,
    succeeded_at: at,
    has_reversal: 0,
    last_event_id: `e-${index}`,
    last_event_at: at,
    created_at: at,
    updated_at: at,
  }));
  for (let start = 0; start < rows.length; start += 200) await tables(stack.bff).insertInto('bank_payments').values(rows.slice(start, start + 200)).execute();
  const { movements, totals, differences } = await report();
  const bank = movements.filter((movement) => movement.method === 'sinpe_movil');
  expect(new Set(bank.map((movement) => movement.bankPaymentId)).size).toBe(count);
  expect(bank).toHaveLength(count);
  expect(totals).toEqual([{ method: 'sinpe_movil', currency: 'CRC', gross: '1234000.00', feeTotal: '12340.00', taxTotal: '1604.20', net: '1220055.80' }]);
  expect(differences.filter((difference) => difference.type === 'unmatched_transfer')).toHaveLength(count);
});

test("a transfer the bank posted but has not confirmed yet counts at its whole amount, with its fee listed as unknown, never as 0", async () => {
  const at = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const paymentId = '00000000-0000-4000-9000-000000000001';
  await tables(stack.bff)
    .insertInto('bank_payments')
    .values({ payment_id: paymentId, public_id: '800001', payment_method_code: 'SINPE_MOVIL', direction: 'PAYIN', status: 'posted', amount: '2500.00', currency: 'CRC', client_reference: 'solo posteado', external_reference: 'FT00000000800001', posted_at: at, has_reversal: 0, last_event_id: 'e-posted', last_event_at: at, created_at: at, updated_at: at })
    .execute();
  const { movements, differences } = await report();
  const movement = movements.find((found) => found.bankPaymentId === paymentId)!;
  expect(movement).toMatchObject({ kind: 'sinpe_unmatched', gross: '2500.00', net: '2500.00', clientReference: 'solo posteado' });
  expect(movement).not.toHaveProperty('feeTotal');
  expect(movement).not.toHaveProperty('taxTotal');
  expect(differences.filter((difference) => difference.bankPaymentId === paymentId).map((difference) => difference.type).sort()).toEqual(['fees_unknown', 'unmatched_transfer']);
});
