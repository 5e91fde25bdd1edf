// Attacks on how the bank's transfers are matched to orders, driven by bank deliveries encrypted
// like the bank's. Before the fix a transfer to another phone of the account paid an order, and a
// wrong amount sent with someone's reference pinned their order in review, stranding their transfer.
import { expect, test } from '../support/node-test.ts';
import { statusHistory } from '../../bff/store/orders.ts';
import { bankPosts, deliver as deliverTo, openTransfer, placedOn, statusOf, startSinpeStack } from './fixtures/sinpe-orders.ts';
import { bankEvent } from './webhooks-support.ts';
import { type System } from '../support/system.ts';

let stack: System;

test.beforeAll(async () => void (stack = await startSinpeStack()));
test.afterAll(() => stack?.close());

const deliver = (event: unknown) => deliverTo(stack, event);

test('a transfer to another phone of the account, naming the reference, stays unmatched and pays nothing', async () => {
  const order = await openTransfer(stack);
  const elsewhere = await bankPosts(stack, { reference: order.reference, amount: '38500.00', destinationPhone: '+50670001111' });
  expect(await placedOn(stack, elsewhere)).toBeNull();
  expect((await statusOf(stack, order)).status).toBe('pending');
  const ours = await bankPosts(stack, { reference: order.reference, amount: '38500.00', destinationPhone: '+506 8888-7777' });
  expect(await placedOn(stack, ours)).toBe(order.orderNumber);
  expect((await statusOf(stack, order)).status).toBe('approved');
});

test('a transfer naming no destination phone is matched as before', async () => {
  const order = await openTransfer(stack);
  await bankPosts(stack, { reference: order.reference, amount: '38500.00' });
  expect((await statusOf(stack, order)).status).toBe('approved');
});

test('a wrong amount under someone\'s reference stays unmatched; their order waits, and their right transfer approves it', async () => {
  const order = await openTransfer(stack, '38500.00');
  const wrong = await bankPosts(stack, { reference: order.reference, amount: '1.00' });
  expect(await placedOn(stack, wrong)).toBeNull();
  expect((await statusOf(stack, order)).status).toBe('pending');
  const right = await bankPosts(stack, { reference: order.reference, amount: '38500.00' });
  expect(await placedOn(stack, right)).toBe(order.orderNumber);
  expect((await statusOf(stack, order)).status).toBe('approved');
});

test('a transfer matched before the bank named its phone, then named another phone, sends the order it paid to review', async () => {
  const order = await openTransfer(stack);
  const paymentId = crypto.randomUUID();
  const succeeded = bankEvent('payment.succeeded', (e) => {
    e.payment.payment_id = paymentId;
    e.context.payment_method_code = 'SINPE_MOVIL';
    e.payment.amount = { amount: '38500.00', currency: 'CRC' };
    e.payment.client_reference = order.reference;
  });
  await deliver(succeeded);
  expect((await statusOf(stack, order)).status).toBe('approved');
  const posted = bankEvent('payin.posted', (e) => {
    e.payment.payment_id = paymentId;
    e.context.payment_method_code = 'SINPE_MOVIL';
    e.payment.amount = { amount: '38500.00', currency: 'CRC' };
    e.payment.reference.client_reference = order.reference;
    e.payment.destination_phone_number = '+50670001111';
  });
  await deliver(posted);
  // Read from the history: the buyer's status answer keeps a final answer for a moment.
  expect((await statusHistory(stack.bff.store.db, order.orderNumber)).at(-1)).toMatchObject({ from_status: 'approved', to_status: 'review', source: 'bank' });
});
