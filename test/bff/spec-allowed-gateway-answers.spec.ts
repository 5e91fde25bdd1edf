// Gateway answers that gateway-api.md and gateway-facts.md allow and the BFF once refused: each is
// the sandbox's real answer rewritten the way the real gateway may write it, read by a whole BFF in
// this process. Every test here failed on the code before it, with the buyer or the merchant
// seeing what its name says.
import { expect, test } from '../support/node-test.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, createMerchantSession, followReturn, orderStatus, postCheckout, statusTokenOf } from './fixtures/buyer.ts';
import { ManualClock, type UpstreamRewrite, startSystem, type System } from '../support/system.ts';
import { createGatewayLink, merchantGet, polling, tables } from './webhooks-support.ts';
import { recordOwnLink } from '../../bff/intake/links/link-screen.ts';

const gatewayTimeoutMs = 1500;
const staleMs = gatewayTimeoutMs * 3;
const abandonAfterMs = 60 * 60 * 1000;

type BodyChange = (body: any) => unknown;
/** Per gateway operation, how this test's gateway writes its answers. */
const writes = new Map<string, BodyChange>();

const rewrite: UpstreamRewrite = async (request, answer) => {
  const operation = /\/api\/v1\/([A-Za-z]+)/.exec(new URL(request.url).pathname)?.[1];
  const change = operation ? writes.get(operation) : undefined;
  if (!change || answer.status !== 200) return answer;
  return Response.json(change(await answer.json()));
};

let stack: System;
const clock = new ManualClock();

test.beforeAll(async () => {
  stack = await startSystem({ bank: true, 
    clock,
    rewrite,
    env: { GATEWAY_TIMEOUT_MS: String(gatewayTimeoutMs), RECONCILE_INTERVAL_MS: '0', RECONCILE_ABANDON_AFTER_MS: String(abandonAfterMs) },
  });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(() => {
  writes.clear();
});

/** Every record of a consult answer rewritten by `change`. */
const eachRecord = (change: (record: any) => unknown): BodyChange => (body) => ({ ...body, response: (body.response ?? []).map(change) });

/** The fields no decision needs, written empty or unreadable the ways gateway-facts.md allows. */
const emptyInformation = (record: any) => ({ ...record, retention_rent: null, cost: '', date: null, iva_commission: '1,234.50', net_to_liquidate: null, environment: null });

async function paidReturn(orderNumber: string, sessionToken: string): Promise<string> {
  const { redirectUrl } = await checkout(stack.bffUrl, sessionToken);
  const answer = await followReturn(await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }));
  expect(answer.status).toBe(303);
  return statusTokenOf(answer.headers.get('Location')!);
}

test('a consult record with null, "" and unreadable fees, date and net approves the paid order', async () => {
  writes.set('consult', eachRecord(emptyInformation));
  const session = await createMerchantSession(stack.bffUrl);
  const token = await paidReturn(session.orderNumber, session.sessionToken);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'approved', final: true });
});

test('an incomplete record (code null) beside the approved one neither refuses the list nor declines the order', async () => {
  writes.set('consult', (body) => ({ ...body, response: [...body.response, { ...body.response[0], id_svc: null, code: null, auth: null }] }));
  const session = await createMerchantSession(stack.bffUrl);
  const token = await paidReturn(session.orderNumber, session.sessionToken);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'approved' });
});

test('a thousands-comma amount approves a checkout and a paid link alike', async () => {
  const amountWithComma = (record: any) => ({ ...record, amount: String(record.amount).replace(/^(\d+)(\d{3})\./, '$1,$2.') });
  writes.set('consult', eachRecord(amountWithComma));
  const session = await createMerchantSession(stack.bffUrl, { amount: '15000.00', currency: 'CRC' });
  const token = await paidReturn(session.orderNumber, session.sessionToken);
  expect(await orderStatus(stack.bffUrl, session.orderNumber, token)).toMatchObject({ status: 'approved' });

  writes.set('consult', eachRecord((record) => emptyInformation(amountWithComma(record))));
  const link = await createGatewayLink(stack.sandboxUrl, { amount: '15000.00', currency: 'CRC', type: 0, description: 'Hamaca', webhook_url: `${stack.bffUrl}/v1/webhooks/links` });
  await recordOwnLink(tables(stack.bff), { id: String(link.id), amount: '15000.00', currency: 'CRC', now: clock.now() });
  await stack.sandbox.payLink(link.url, approvingCard);
  await expect
    .poll(() => tables(stack.bff).selectFrom('link_payments').selectAll().where('link_id', '=', String(link.id)).execute(), polling('the link payment'))
    .toEqual([expect.objectContaining({ status: 'paid', amount: '15000.00', currency: 'CRC' })]);
  await expect
    .poll(async () => (await merchantGet(stack.bffUrl, '/v1/merchant/events?source=links&state=processed')).body.items, polling('the link event processed'))
    .toContainEqual(expect.objectContaining({ externalId: expect.stringMatching(new RegExp(`^${link.id}:`)) }));
});

test('the merchant transaction list reads records with empty fees, dates and ids', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await paidReturn(session.orderNumber, session.sessionToken);
  writes.set('consultTransactions', eachRecord((record) => ({ ...emptyInformation(record), id: '', net_to_liquidate: '' })));
  const list = await merchantGet(stack.bffUrl, `/v1/merchant/transactions?startDate=2020-01-01&endDate=2100-01-01&orderNumber=${encodeURIComponent(session.orderNumber)}`);
  expect(list.status).toBe(200);
  expect(list.body.items).toEqual([expect.objectContaining({ orderNumber: session.orderNumber, approved: true, id: null, netToLiquidate: null, date: null })]);
  // A deduction written null, "" or unreadably ("1,234.50") is absent, never 0; the ones written stay.
  const [item] = list.body.items;
  for (const absent of ['retentionRent', 'cost', 'ivaCommission']) expect(item).not.toHaveProperty(absent);
  expect(item).toMatchObject({ commission: expect.stringMatching(/^\d+\.\d{2}$/), retentionIva: expect.stringMatching(/^\d+\.\d{2}$/) });
});

for (const [form, write] of [
  ['null', (body: any) => ({ ...body, response: null })],
  ['""', (body: any) => ({ ...body, response: '' })],
  ['absent', ({ response: _response, ...body }: any) => body],
] as Array<[string, BodyChange]>) {
  test(`consult's "no transactions" written as ${form} closes an interrupted checkout`, async () => {
    const session = await createMerchantSession(stack.bffUrl);
    await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'http5xx', count: 1 });
    expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
    writes.set('consult', write);
    clock.advance(staleMs + 1);
    await stack.bff.reconciler.runOnce();
    expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'expired' });
  });
}

test('an unpaid hosted page whose consults keep failing ends in review with a reason, not pending for ever', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await checkout(stack.bffUrl, session.sessionToken);
  writes.set('consult', () => ({ type: '404', message: 'No se encontraron transacciones' }));
  clock.advance(abandonAfterMs + 1);
  await stack.bff.reconciler.runOnce();
  const order = await findOrder(stack.bff.store.db, session.orderNumber);
  expect(order).toMatchObject({ status: 'review' });
  const history = await statusHistory(stack.bff.store.db, session.orderNumber);
  expect(history.at(-1)?.detail).toContain('could not be confirmed');
  const view = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${encodeURIComponent(session.orderNumber)}`);
  expect(view.body.status).toBe('review');
});

test('an interrupted checkout whose consults keep failing ends in review, never waits for ever', async () => {
  const session = await createMerchantSession(stack.bffUrl);
  await stack.sandbox.injectFault({ operation: 'processPayment', kind: 'http5xx', count: 1 });
  expect((await postCheckout(stack.bffUrl, session.sessionToken)).status).toBe(503);
  writes.set('consult', () => ({ type: '300', message: 'Licencia vencida' }));
  clock.advance(staleMs + 1);
  await stack.bff.reconciler.runOnce();
  expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'created' });
  clock.advance(abandonAfterMs);
  await stack.bff.reconciler.runOnce();
  expect(await findOrder(stack.bff.store.db, session.orderNumber)).toMatchObject({ status: 'review' });
});

test('an answer that does not read says "unreadable", naming what, never "unavailable"', async () => {
  writes.set('consultTransactions', (body) => ({ ...body, response: 'no es una lista' }));
  const list = await merchantGet(stack.bffUrl, '/v1/merchant/transactions?startDate=2020-01-01&endDate=2100-01-01');
  expect(list.status).toBe(502);
  expect(list.body).toMatchObject({ title: 'Unreadable gateway answer' });
  expect(list.body.detail).toContain('response');
});
