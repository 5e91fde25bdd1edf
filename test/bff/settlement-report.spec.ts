// The accountant's close, walked from outside: a day built through the sandbox and the BFF over
// HTTP (card approvals, one after a declined attempt, a partial refund, a reversal; SINPE Móvil
// transfers matched, attached by the merchant, unmatched, and one reversed by the bank), then the
// day's settlement report. Its totals must equal the sandbox's own books for the same day, to the
// céntimo, with every deduction; each movement is joined to our order whatever attempt number the
// gateway listed it under; the CSV opens with no formula run; and a receipt is found by its bank
// reference, or not at all. Before: the transaction view kept only the net, the bank payment view
// no fee, tax or payer, and there was no report.
import { expect, test } from '../support/node-test.ts';
import type { MerchantCreateSessionResponse } from '../../contract/bff-api.ts';
import { settlementCsvColumns, settlementReport, type SettlementReport } from '../../contract/settlement-report.ts';
import { endOfDayIn, startOfDayIn, wallClockIn } from '../../bff/lib/business-day.ts';
import { approvingCard, checkout, decliningCard, followReturn } from './fixtures/buyer.ts';
import { openTransfer, startRegisteredSinpeStack } from './fixtures/sinpe-orders.ts';
import { ManualClock, merchantSecret, shopOrigin, type System } from '../support/system.ts';
import { eventState, merchantGet, merchantPost, polling, tables } from './webhooks-support.ts';
import { parseCsv } from './fixtures/csv.ts';

const timeZone = 'America/Costa_Rica';
let stack: System;

test.beforeAll(async () => {
  stack = await startRegisteredSinpeStack(new ManualClock());
});
test.afterAll(() => stack?.close());

async function session(input: Record<string, unknown>): Promise<MerchantCreateSessionResponse> {
  const response = await fetch(`${stack.bffUrl}/v1/merchant/checkout-sessions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${merchantSecret}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ currency: 'CRC', returnUrl: `${shopOrigin}/thanks`, ...input }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as MerchantCreateSessionResponse;
}

async function payByCard(token: string, card = approvingCard): Promise<void> {
  const { redirectUrl } = await checkout(stack.bffUrl, token);
  const back = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card }));
  expect(back.status).toBe(303);
}

async function orderStatus(orderNumber: string): Promise<string> {
  return (await merchantGet(stack.bffUrl, `/v1/merchant/orders/${orderNumber}`)).body.status;
}

/**
 * Waits until the BFF has processed every event the bank sent of a payment, then checks its row.
 * Waiting on the events, not on a status: a transfer's row goes through posted to confirmed, and a
 * poll for the passing state can miss it.
 */
async function bankPaymentSettled(sent: { payment_id: string; event_ids: string[] }, applied: Record<string, unknown>): Promise<string> {
  for (const eventId of sent.event_ids) await expect.poll(() => eventState(stack.bff, eventId), polling(`event ${eventId} processed`)).toBe('processed');
  const row = await tables(stack.bff).selectFrom('bank_payments').select(['order_number', 'has_reversal', 'fee_total']).where('payment_id', '=', sent.payment_id).executeTakeFirstOrThrow();
  expect(row).toMatchObject(applied);
  return sent.payment_id;
}

const formulaText = '=HYPERLINK("http://evil.example","pagar")';
let day: string;
const orders: Record<string, string> = {};
const payments: Record<string, string> = {};
/** What each transfer sent: the checkout may ask a few colones less than the order so the amount is unique. */
const sent: Record<string, string> = {};

test.beforeAll(async () => {
  day = wallClockIn(new Date(), timeZone).date;
  // Card, captured at once, then refunded in part.
  const refunded = await session({ amount: '15000.00', capture: true, clientReference: 'FAC-1001', metadata: { caja: '2' } });
  await payByCard(refunded.sessionToken);
  orders.refunded = refunded.orderNumber;
  expect((await merchantPost(stack.bffUrl, `/v1/merchant/orders/${refunded.orderNumber}/refund`, { amount: '5000.00' })).status).toBe(200);
  // Card, authorised only, then reversed.
  const reversed = await session({ amount: '8000.00', capture: false });
  await payByCard(reversed.sessionToken);
  orders.reversed = reversed.orderNumber;
  expect((await merchantPost(stack.bffUrl, `/v1/merchant/orders/${reversed.orderNumber}/reverse`, {})).status).toBe(200);
  // Card, declined once, approved on the second attempt: the gateway lists it under the attempt's number.
  const retried = await session({ amount: '20000.00', capture: true, clientReference: '-cuenta 7', metadata: { canal: 'web' } });
  await payByCard(retried.sessionToken, decliningCard);
  await payByCard(retried.sessionToken);
  orders.retried = retried.orderNumber;
  expect(await orderStatus(retried.orderNumber)).toBe('approved');
  // Card, then split with a partner: the shares divide a payment already counted.
  const split = await session({ amount: '30000.00', capture: true });
  await payByCard(split.sessionToken);
  orders.split = split.orderNumber;
  expect((await merchantPost(stack.bffUrl, `/v1/merchant/orders/${split.orderNumber}/split`, { commerces: [{ email: 'socio@partners.example', amount: '10000.00' }], lang: 'es' })).status).toBe(200);

  // SINPE Móvil: matched by its reference.
  const matched = await openTransfer(stack, '12000.00');
  const matchedTransfer = await stack.sandbox.sendSinpeTransfer({ reference: matched.sinpe.reference, amount: matched.sinpe.amount, currency: 'CRC', payerName: 'María Pérez' });
  payments.matched = await bankPaymentSettled(matchedTransfer, { order_number: matched.orderNumber, fee_total: expect.anything() });
  orders.matched = matched.orderNumber;
  sent.matched = matched.sinpe.amount;
  // Sent before any transfer of its amount was awaited, then attached by the merchant.
  payments.attached = await bankPaymentSettled(await stack.sandbox.sendSinpeTransfer({ reference: 'pedido de Ana', amount: '15432.00', currency: 'CRC' }), { order_number: null });
  const attachedOrder = await openTransfer(stack, '15432.00');
  expect((await merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${payments.attached}/attach`, { orderNumber: attachedOrder.orderNumber })).status).toBe(200);
  orders.attached = attachedOrder.orderNumber;
  // Nobody's: its description is what a spreadsheet would run.
  payments.unmatched = await bankPaymentSettled(await stack.sandbox.sendSinpeTransfer({ reference: formulaText, amount: '7777.00', currency: 'CRC', payerName: '@Juan' }), { order_number: null });
  // A transfer that paid its order and that the bank reversed.
  const bounced = await openTransfer(stack, '9000.00');
  payments.bounced = await bankPaymentSettled(await stack.sandbox.sendSinpeTransfer({ reference: bounced.sinpe.reference, amount: bounced.sinpe.amount, currency: 'CRC' }), {
    order_number: bounced.orderNumber,
  });
  const reversal = await stack.sandbox.triggerBankEvent({ event_type: 'payment.reversed', payment_id: payments.bounced });
  await bankPaymentSettled({ payment_id: payments.bounced, event_ids: [reversal.event.event.event_id] }, { has_reversal: 1 });
  orders.bounced = bounced.orderNumber;
  sent.bounced = bounced.sinpe.amount;
});

async function jsonReport(date = day): Promise<SettlementReport> {
  const response = await fetch(`${stack.bffUrl}/v1/merchant/reports/settlement?date=${date}`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return settlementReport.parse(await response.json());
}

function byGroup<T extends Record<string, unknown>>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => `${a.method} ${a.currency}`.localeCompare(`${b.method} ${b.currency}`));
}

test("the day's totals per method and currency equal the sandbox's own books, every deduction to the céntimo", async () => {
  const report = await jsonReport();
  expect(report).toMatchObject({ date: day, timeZone });
  const ledger = await stack.sandbox.ledger(startOfDayIn(day, timeZone)!, endOfDayIn(day, timeZone)!);
  expect(byGroup(report.totals)).toEqual(byGroup(ledger));
  const card = report.totals.find((total) => total.method === 'card')!;
  // The withholdings are there, not zero: the accountant credits them on the monthly return.
  expect(Number(card.retentionIva)).toBeGreaterThan(0);
  expect(Number(card.retentionRent)).toBeGreaterThan(0);
  expect(report.totals.find((total) => total.method === 'sinpe_movil')).toMatchObject({ feeTotal: expect.stringMatching(/^[1-9]/), taxTotal: expect.stringMatching(/^[1-9]/) });
});

test('each movement is its own row, joined to our order, whatever attempt number the gateway listed it under', async () => {
  const { movements } = await jsonReport();
  const of = (orderNumber: string) => movements.filter((movement) => movement.orderNumber === orderNumber).map((movement) => `${movement.kind} ${movement.gross}`);
  expect(of(orders.refunded!).sort()).toEqual(['card_payment 15000.00', 'card_refund 5000.00']);
  expect(of(orders.reversed!).sort()).toEqual(['card_payment 8000.00', 'card_reversal 8000.00']);
  expect(of(orders.retried!)).toEqual(['card_payment 20000.00']);
  // Listed under the order they divide, counted in no total (the sandbox's books count the payment once too).
  expect(of(orders.split!).sort()).toEqual(['card_payment 30000.00', 'card_split 10000.00', 'card_split 20000.00']);
  expect(movements.filter((movement) => movement.kind === 'card_split').every((movement) => movement.direction === 'none')).toBe(true);
  expect(movements.find((movement) => movement.orderNumber === orders.retried)).toMatchObject({ clientReference: '-cuenta 7', metadata: { canal: 'web' }, method: 'card', direction: 'in' });
  expect(of(orders.matched!)).toEqual([`sinpe_matched ${sent.matched}`]);
  expect(of(orders.attached!)).toEqual(['sinpe_attached 15432.00']);
  expect(of(orders.bounced!).sort()).toEqual([`sinpe_matched ${sent.bounced}`, `sinpe_reversed ${sent.bounced}`]);
  const stray = movements.find((movement) => movement.bankPaymentId === payments.unmatched);
  expect(stray).toMatchObject({ kind: 'sinpe_unmatched', orderNumber: null, clientReference: formulaText, gross: '7777.00' });
  // Each row adds up on its own: 15000 less 3.5 %, its IVA, and the withholdings at 0.05310 and 0.01770.
  expect(movements.find((movement) => movement.orderNumber === orders.refunded && movement.kind === 'card_payment')).toMatchObject({
    commission: '525.00',
    ivaCommission: '68.25',
    retentionIva: '796.50',
    retentionRent: '265.50',
    cost: '0.00',
    costIva: '0.00',
    net: '13344.75',
  });
});

test("the differences list what no order took, and nothing else on a day the upstream agrees with", async () => {
  const { differences } = await jsonReport();
  expect(differences).toEqual([expect.objectContaining({ type: 'unmatched_transfer', bankPaymentId: payments.unmatched, orderNumber: null, upstream: '7777.00' })]);
});

test('the CSV has the fixed header, one row per movement, RFC 4180 quoting, and no cell a spreadsheet would run', async () => {
  const response = await fetch(`${stack.bffUrl}/v1/merchant/reports/settlement?date=${day}`, { headers: { Authorization: `Bearer ${merchantSecret}`, Accept: 'text/csv' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/csv');
  const text = await response.text();
  expect(text.split('\r\n')[0]).toBe('date,time,orderNumber,clientReference,method,kind,currency,gross,commission,ivaCommission,retentionIva,retentionRent,cost,costIva,feeTotal,taxTotal,net,gatewayId,bankPaymentId,externalReference');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual([...settlementCsvColumns]);
  const { movements } = await jsonReport();
  expect(rows).toHaveLength(movements.length);
  for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  const column = (name: (typeof settlementCsvColumns)[number]) => settlementCsvColumns.indexOf(name);
  const stray = rows.find((row) => row[column('bankPaymentId')] === payments.unmatched)!;
  // Quoted (it holds quotes and a comma), and neutralised: it reads back as the text with an apostrophe before it.
  expect(stray[column('clientReference')]).toBe(`'${formulaText}`);
  expect(rows.find((row) => row[column('orderNumber')] === orders.retried)![column('clientReference')]).toBe("'-cuenta 7");
  // The same as format=csv.
  const byQuery = await fetch(`${stack.bffUrl}/v1/merchant/reports/settlement?date=${day}&format=csv`, { headers: { Authorization: `Bearer ${merchantSecret}` } });
  expect(await byQuery.text()).toBe(text);
});

test('a day with nothing in it has no movements and no totals; a day that does not exist is refused naming the field', async () => {
  const empty = await jsonReport('2020-01-01');
  expect(empty).toEqual({ date: '2020-01-01', timeZone, movements: [], totals: [], differences: [] });
  const bad = await merchantGet(stack.bffUrl, '/v1/merchant/reports/settlement?date=2026-02-30');
  expect(bad.status).toBe(400);
  expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'date' })]);
  const shapeless = await merchantGet(stack.bffUrl, '/v1/merchant/reports/settlement?date=ayer');
  expect(shapeless.status).toBe(400);
  expect(shapeless.body.errors).toEqual([expect.objectContaining({ path: 'date' })]);
});

/** The sandbox bank's charges on a transfer in: fee 1 %, tax 13 % of the fee (each half up), net by §6.4. */
function sandboxBankCharges(amount: string): { feeTotal: string; taxTotal: string; netAmount: string } {
  const minor = BigInt(amount.replace('.', ''));
  const fee = (minor * 2n + 100n) / 200n;
  const tax = (fee * 26n + 100n) / 200n;
  const text = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
  return { feeTotal: text(fee), taxTotal: text(tax), netAmount: text(minor - fee - tax) };
}

test('a SINPE receipt is found by its bank reference with the fee, tax, net and payer; an unknown reference finds nothing', async () => {
  const row = await tables(stack.bff).selectFrom('bank_payments').select('external_reference').where('payment_id', '=', payments.matched!).executeTakeFirstOrThrow();
  const receipt = await merchantGet(stack.bffUrl, `/v1/merchant/bank-payments?externalReference=${encodeURIComponent(row.external_reference!.toLowerCase())}`);
  expect(receipt.status).toBe(200);
  expect(receipt.body.items).toEqual([
    expect.objectContaining({
      paymentId: payments.matched,
      externalReference: row.external_reference,
      amount: sent.matched,
      currency: 'CRC',
      ...sandboxBankCharges(sent.matched!),
      payerName: 'María Pérez',
      orderNumber: orders.matched,
      receivedAt: expect.any(String),
    }),
  ]);
  const unknown = await merchantGet(stack.bffUrl, '/v1/merchant/bank-payments?externalReference=FT00000000000000');
  expect(unknown).toEqual({ status: 200, body: { items: [], nextCursor: null } });
  const byAmount = await merchantGet(stack.bffUrl, `/v1/merchant/bank-payments?amount=7777&receivedSince=${startOfDayIn(day, timeZone)!.toISOString()}`);
  expect(byAmount.body.items).toEqual([expect.objectContaining({ paymentId: payments.unmatched, payerName: '@Juan', orderNumber: null })]);
});

test('the transaction view keeps every money field the gateway wrote and the shop\'s keys of the order', async () => {
  const listed = await merchantGet(stack.bffUrl, `/v1/merchant/transactions?orderNumber=${orders.retried}&onlyApproved=1&startDate=${day}&endDate=${day}`);
  expect(listed.status).toBe(200);
  expect(listed.body.items).toEqual([
    expect.objectContaining({
      orderNumber: orders.retried,
      gatewayOrderNumber: expect.any(String),
      clientReference: '-cuenta 7',
      metadata: { canal: 'web' },
      amount: '20000.00',
      commission: '700.00',
      ivaCommission: '91.00',
      retentionIva: '1062.00',
      retentionRent: '354.00',
      cost: '0.00',
      costIva: '0.00',
      netToLiquidate: '17793.00',
    }),
  ]);
});

test('the OpenAPI document describes the report in JSON and CSV, and the receipt filters', async () => {
  const document = (await (await fetch(`${stack.bffUrl}/v1/openapi.json`)).json()) as any;
  const report = document.paths['/v1/merchant/reports/settlement'].get;
  expect(Object.keys(report.responses['200'].content).sort()).toEqual(['application/json', 'text/csv']);
  expect(report.parameters.map((parameter: { name: string }) => parameter.name).sort()).toEqual(['date', 'format']);
  const bankPayments = document.paths['/v1/merchant/bank-payments'].get.parameters.map((parameter: { name: string }) => parameter.name);
  expect(bankPayments).toEqual(expect.arrayContaining(['externalReference', 'amount', 'receivedSince', 'receivedUntil']));
});
