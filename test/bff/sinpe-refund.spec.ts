// A refund of an order paid by SINPE Móvil, asked through the merchant API. Before the fix it went
// to the card gateway, which knows nothing of the transfer, and the merchant got a 502.
import { expect, test } from '../support/node-test.ts';
import { approvedOrder } from './fixtures/buyer.ts';
import { bankPosts, openTransfer, statusOf, startSinpeStack } from './fixtures/sinpe-orders.ts';
import { merchantGet, merchantPost } from './webhooks-support.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { type System } from '../support/system.ts';

let stack: System;

test.beforeAll(async () => void (stack = await startSinpeStack()));
test.afterAll(() => stack?.close());

test('an order paid by SINPE Móvil is refunded from the bank: 409 saying so, and no refund action offered', async () => {
  const order = await openTransfer(stack);
  await bankPosts(stack, { reference: order.reference, amount: '38500.00' });
  expect((await statusOf(stack, order)).status).toBe('approved');
  const refund = await merchantPost(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}/refund`, {});
  expect(refund.status).toBe(409);
  expect(refund.headers.get('content-type')).toContain('application/problem+json');
  expect(refund.body.detail).toMatch(/SINPE Móvil.*bank/);
  const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${order.orderNumber}`);
  expect(detail.body.paidBy).toBe('sinpe_movil');
  expect(detail.body.actions.refund).toMatchObject({ allowed: false });
  expect(detail.body.actions.refund.reason).toMatch(/bank/);
  const approval = (await statusHistory(stack.bff.store.db, order.orderNumber)).find((entry) => entry.to_status === 'approved');
  expect(approval).toMatchObject({ source: 'bank', action: 'bank-payment' });
});

test('an order paid by card says so, and its refund is still offered', async () => {
  const { orderNumber } = await approvedOrder(stack.bffUrl, stack.sandbox);
  const detail = await merchantGet(stack.bffUrl, `/v1/merchant/orders/${orderNumber}`);
  expect(detail.body.paidBy).toBe('card');
  expect(detail.body.actions.refund.allowed).toBe(true);
});
