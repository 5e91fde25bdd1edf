// Attacks through the merchant's attach of a bank payment, driven from outside (the merchant API,
// bank deliveries encrypted like the bank's). Before the fix an attach approved an order whatever
// the payment's amount, and approved an order whose card page the buyer could still pay.
import { expect, test } from '../support/node-test.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { approvingCard, checkout, createMerchantSession, orderStatus } from './fixtures/buyer.ts';
import { bankPosts, openTransfer, placedOn, statusOf, startSinpeStack } from './fixtures/sinpe-orders.ts';
import { merchantGet, merchantPost } from './webhooks-support.ts';
import { type System } from '../support/system.ts';

let stack: System;

test.beforeAll(async () => void (stack = await startSinpeStack()));
test.afterAll(() => stack?.close());

const attach = (paymentId: string, body: Record<string, unknown>) => merchantPost(stack.bffUrl, `/v1/merchant/bank-payments/${paymentId}/attach`, body);

test('a transfer of another amount is refused (409) unless the merchant accepts the amount, which the history records', async () => {
  const order = await openTransfer(stack, '38500.00');
  const stray = await bankPosts(stack, { reference: 'pago de Marta', amount: '1.00' });
  const refused = await attach(stray, { orderNumber: order.orderNumber });
  expect(refused.status).toBe(409);
  expect(refused.headers.get('content-type')).toContain('application/problem+json');
  expect(refused.body.detail).toContain('1.00 CRC');
  expect(refused.body.detail).toContain('acceptAmount');
  expect(refused.body.code, 'a code for a back office to word it by').toBe('amount-mismatch');
  expect((await statusOf(stack, order)).status).toBe('pending');

  const accepted = await attach(stray, { orderNumber: order.orderNumber, acceptAmount: true });
  expect(accepted.status).toBe(200);
  expect((await statusOf(stack, order)).status).toBe('approved');
  expect((await statusHistory(stack.bff.store.db, order.orderNumber)).at(-1)?.detail).toContain('accepted 1.00 CRC for an order of 38500.00 CRC');
  // The invoice hand-off says what the transfer brought, not the order's price.
  const view = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}`);
  expect(view.body.invoice.paymentMeans).toEqual([{ code: '06', amount: '1.00', currency: 'CRC' }]);
});

test('acceptAmount that is not a boolean is a 400 naming the field', async () => {
  const order = await openTransfer(stack);
  const stray = await bankPosts(stack, { reference: 'pago de Eva', amount: '38500.00' });
  const bad = await attach(stray, { orderNumber: order.orderNumber, acceptAmount: 'yes' });
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0].path).toBe('acceptAmount');
});

test('while the card page is open and unpaid, the card attempt is closed first and the attach proceeds', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '38500.00', currency: 'CRC' });
  await checkout(stack.bffUrl, session.sessionToken);
  const stray = await bankPosts(stack, { reference: 'pago de Rosa', amount: '38500.00' });
  const attached = await attach(stray, { orderNumber: session.orderNumber });
  expect(attached.status).toBe(200);
  const attempt = await stack.bff.store.db.selectFrom('payment_attempts').selectAll().where('order_number', '=', session.orderNumber).where('number', '=', 1).executeTakeFirstOrThrow();
  expect(attempt).toMatchObject({ method: 'card', outcome: 'cancelled' });
  expect((await statusHistory(stack.bff.store.db, session.orderNumber)).at(-1)?.detail).toContain('card attempt 1 closed unpaid');
});

test('while the card page is open and was paid, the card payment wins: the attach is refused and the order approved from consult', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '38500.00', currency: 'CRC' });
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  await stack.sandbox.payHostedPage(redirectUrl, { card: approvingCard }); // the buyer never comes back
  const stray = await bankPosts(stack, { reference: 'pago de Ivan', amount: '38500.00' });
  const refused = await attach(stray, { orderNumber: session.orderNumber });
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toMatch(/card/);
  expect(await placedOn(stack, stray)).toBeNull();
  expect((await orderStatus(stack.bffUrl, session.orderNumber, session.sessionToken)).status).toBe('approved');
  expect((await statusHistory(stack.bff.store.db, session.orderNumber)).at(-1)).toMatchObject({ to_status: 'approved', source: 'consult' });
});

test('while the gateway cannot say whether the open card page was paid, the attach is refused and nothing moves', async () => {
  const session = await createMerchantSession(stack.bffUrl, { amount: '38500.00', currency: 'CRC' });
  await checkout(stack.bffUrl, session.sessionToken);
  const stray = await bankPosts(stack, { reference: 'pago de Olga', amount: '38500.00' });
  await stack.sandbox.injectFault({ operation: 'consult', kind: 'http5xx' });
  try {
    const refused = await attach(stray, { orderNumber: session.orderNumber });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/could not say/);
    expect(refused.body.code).toBe('card-page-unknown');
  } finally {
    await stack.sandbox.clearFaults();
  }
  expect(await placedOn(stack, stray)).toBeNull();
  const attempt = await stack.bff.store.db.selectFrom('payment_attempts').select('outcome').where('order_number', '=', session.orderNumber).executeTakeFirstOrThrow();
  expect(attempt.outcome).toBe('open');
});
