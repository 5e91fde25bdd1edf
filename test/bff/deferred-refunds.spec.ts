// A refund the gateway schedules instead of doing or refusing (processModification's "manual
// scheduled refunds"): pending in the order's history and the merchant API, never sent again by a
// retry under another Idempotency-Key, settled when consult's records show it done.
import { expect, test } from '../support/node-test.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { startSystem, type System } from '../support/system.ts';
import { merchant, paidOrder } from './merchant-fixture.ts';
import { orderEventTypesOf } from './fixtures/outbox.ts';

/** While true, the gateway answers a refund "scheduled" (having taken it) and consult lists no refund yet. */
let scheduling = false;
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({
    // The reconciler may ask about a scheduled refund on every pass.
    env: { RECONCILE_PENDING_EVERY_MS: '1' },
    rewrite: async (request, answer) => {
      const path = new URL(request.url).pathname;
      if (!scheduling) return answer;
      if (path === '/api/v1/processModification' && ((await request.json()) as { type: string }).type === '2') {
        const done = (await answer.json()) as { transactionId: string };
        return Response.json({ type: '200', transactionId: done.transactionId, ReasonCode: 'Pending', ReasonCodeDescription: 'Refund scheduled for manual processing', OrderHash: '' });
      }
      if (path === '/api/v1/consult') {
        const body = (await answer.json()) as { response: Array<{ type: string }> };
        return Response.json({ ...body, response: body.response.filter((record) => record.type !== 'Refund') });
      }
      return answer;
    },
  });
});
test.afterAll(async () => {
  await stack?.close();
});
test.afterEach(() => {
  scheduling = false;
});

test('a scheduled refund is pending: nothing refunded yet, the history says so, the answer says pending', async () => {
  const orderNumber = await paidOrder(stack, { amount: '10000.00', currency: 'CRC' });
  scheduling = true;
  const refund = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '4000.00' });
  expect(refund.status).toBe(200);
  expect(refund.body.modification).toMatchObject({ type: 'refund', amount: '4000.00', status: 'pending' });
  expect(refund.body.order).toMatchObject({ status: 'approved', refundedAmount: '0.00', pendingRefund: { amount: '4000.00', transactionId: refund.body.modification.transactionId } });
  expect(refund.body.order.actions.refund).toMatchObject({ allowed: false, reasonCode: 'refund-pending' });
  const history = await statusHistory(stack.bff.store.db, orderNumber);
  expect(history.at(-1)).toMatchObject({ action: 'refund-pending', to_status: 'approved' });
  expect(history.at(-1)?.detail).toContain('pending');
  expect(await orderEventTypesOf(stack, orderNumber)).not.toContain('order.refunded');
});

test('a retry under another Idempotency-Key is refused and never reaches the gateway', async () => {
  const orderNumber = await paidOrder(stack, { amount: '10000.00', currency: 'CRC' });
  scheduling = true;
  expect((await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '4000.00' })).status).toBe(200);
  const sent = await stack.sandbox.calls('processModification', orderNumber);
  const retry = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '4000.00' }, { key: 'another-key' });
  expect(retry.status).toBe(409);
  expect(JSON.stringify(retry.body)).toContain('refund-pending');
  expect(await stack.sandbox.calls('processModification', orderNumber)).toBe(sent);
});

test('consult showing the refund done settles it: refunded, the event sent, and the next refund allowed', async () => {
  const orderNumber = await paidOrder(stack, { amount: '10000.00', currency: 'CRC' });
  scheduling = true;
  const refund = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '4000.00' });
  // Still scheduled: a read changes nothing.
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`)).body).toMatchObject({ refundedAmount: '0.00', pendingRefund: { amount: '4000.00' } });
  scheduling = false;
  // Two readers at once: the refund is counted once.
  const [settled] = await Promise.all([merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`), merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`)]);
  expect(settled.body).toMatchObject({ status: 'approved', refundedAmount: '4000.00' });
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`)).body.refundedAmount).toBe('4000.00');
  expect((await statusHistory(stack.bff.store.db, orderNumber)).filter((entry) => entry.action === 'refund')).toHaveLength(1);
  expect(settled.body).not.toHaveProperty('pendingRefund');
  expect(settled.body.history.at(-1).detail).toContain(refund.body.modification.transactionId);
  expect(await orderEventTypesOf(stack, orderNumber)).toContain('order.refunded');
  const rest = await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, {});
  expect(rest.status).toBe(200);
  expect(rest.body.order).toMatchObject({ status: 'refunded', refundedAmount: '10000.00' });
});

test('the reconciler settles a scheduled refund nobody reads', async () => {
  const orderNumber = await paidOrder(stack, { amount: '10000.00', currency: 'CRC' });
  scheduling = true;
  expect((await merchant(stack, 'POST', `/v1/merchant/orders/${orderNumber}/refund`, { amount: '2500.00' })).body.modification.status).toBe('pending');
  await stack.bff.reconciler.runOnce();
  expect((await statusHistory(stack.bff.store.db, orderNumber)).filter((entry) => entry.action === 'refund')).toHaveLength(0);
  scheduling = false;
  await stack.bff.reconciler.runOnce();
  expect((await statusHistory(stack.bff.store.db, orderNumber)).filter((entry) => entry.action === 'refund')).toHaveLength(1);
  expect((await merchant(stack, 'GET', `/v1/merchant/orders/${orderNumber}`)).body).toMatchObject({ refundedAmount: '2500.00' });
});
