// Storage stays bounded whatever is sent: a flood of junk deliveries is counted, not stored a row
// each; finished events, refused-delivery samples and unpaid abandoned orders are deleted once old
// (in small batches, on SQLite or PostgreSQL with TEST_DATABASE_URL); the back office does not list
// sessions nobody checked out.
import { expect, test } from '../support/node-test.ts';
import { enqueueEvent } from '../../bff/intake/inbox/inbox.ts';
import { createMerchantSession } from './fixtures/buyer.ts';
import { placedOrder } from './fixtures/placed-order.ts';
import { ManualClock, startSystem, type System } from '../support/system.ts';
import { bankEvent, deliveryBody, merchantGet, metricsText, postBank, tables } from './webhooks-support.ts';

const day = 24 * 60 * 60 * 1000;
const clock = new ManualClock();
let stack: System;
test.beforeAll(async () => {
  stack = await startSystem({ mode: 'listening', bank: true,  clock, env: { RECONCILE_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '0', RETENTION_BATCH_SIZE: '2', REJECTED_SAMPLES_PER_MINUTE: '20' } });
});
test.afterAll(async () => {
  await stack?.close();
});

const rejectionCount = (metrics: string, reason: string) => Number(new RegExp(`webhook_rejections_total\\{source="bank",reason="${reason}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);

test('2,000 junk bank deliveries: all refused and counted by reason, at most the sample budget stored', async () => {
  const rowsBefore = (await tables(stack.bff).selectFrom('rejected_deliveries').select('id').execute()).length;
  const countedBefore = rejectionCount(await metricsText(stack.bffUrl), 'malformed_body');
  const started = performance.now();
  for (let wave = 0; wave < 40; wave++) {
    const statuses = await Promise.all(Array.from({ length: 50 }, (_, index) => postBank(stack.bffUrl, `{"junk":${wave * 50 + index}}`).then((response) => response.status)));
    expect(new Set(statuses)).toEqual(new Set([400]));
  }
  const elapsedMs = performance.now() - started;
  const rows = (await tables(stack.bff).selectFrom('rejected_deliveries').select('id').execute()).length - rowsBefore;
  expect(rows).toBeGreaterThan(0);
  expect(rows).toBeLessThanOrEqual(20);
  expect(rejectionCount(await metricsText(stack.bffUrl), 'malformed_body') - countedBefore).toBe(2000);
  test.info().annotations.push({ type: 'figure', description: `2,000 junk deliveries: ${Math.round(elapsedMs)} ms, ${rows} sample rows` });
});

test('the back office hides created orders whose session ran out, unless asked', async () => {
  const abandoned = await createMerchantSession(stack.bffUrl);
  clock.advance(16 * 60 * 1000); // past the 15-minute session
  const fresh = await createMerchantSession(stack.bffUrl);
  const listed = await merchantGet(stack.bffUrl, '/v1/merchant/orders?limit=200');
  const numbers = listed.body.items.map((item: { orderNumber: string }) => item.orderNumber);
  expect(numbers).toContain(fresh.orderNumber);
  expect(numbers).not.toContain(abandoned.orderNumber);
  const all = await merchantGet(stack.bffUrl, '/v1/merchant/orders?limit=200&includeAbandoned=true');
  expect(all.body.items.map((item: { orderNumber: string }) => item.orderNumber)).toContain(abandoned.orderNumber);
  const created = await merchantGet(stack.bffUrl, '/v1/merchant/orders?limit=200&status=created');
  expect(created.body.items.map((item: { orderNumber: string }) => item.orderNumber)).toContain(abandoned.orderNumber);
});

test('retention deletes old finished events, samples and unpaid abandoned orders in batches, and keeps the rest', async () => {
  const db = tables(stack.bff);
  const paid = await placedOrder(stack.bff);
  const unpaid = await Promise.all([createMerchantSession(stack.bffUrl), createMerchantSession(stack.bffUrl), createMerchantSession(stack.bffUrl)]);
  const delivered = [bankEvent('payin.posted'), bankEvent('payin.posted'), bankEvent('payin.posted')];
  for (const event of delivered) expect((await postBank(stack.bffUrl, await deliveryBody(event))).status).toBe(200);
  const ids = delivered.map((event) => event.event.event_id);
  await expect.poll(async () => (await db.selectFrom('events').select('state').where('external_id', 'in', ids).execute()).map((row) => row.state), { message: 'events processed', timeout: 10_000 }).toEqual(ids.map(() => 'processed'));
  // Waiting forever (a lease far ahead): old, but not finished, so it stays. Stored and leased in one
  // transaction: the running inbox worker must never see it unleased, or it would claim and try it.
  await db.transaction().execute(async (trx) => {
    await enqueueEvent(trx, { source: 'bank', externalId: 'still-waiting', type: 'payin.posted', payload: {}, now: clock.now() });
    await trx.updateTable('events').set({ lease_owner: 'elsewhere', lease_expires_at: new Date(clock.now().getTime() + 1000 * day).toISOString() }).where('external_id', '=', 'still-waiting').execute();
  });

  clock.advance(91 * day);
  const counts = await stack.bff.retention.runOnce();
  expect(counts.events).toBeGreaterThanOrEqual(3);
  expect(counts.rejected).toBeGreaterThanOrEqual(1);
  expect(counts.orders).toBeGreaterThanOrEqual(3);

  expect(await db.selectFrom('events').select('id').where('external_id', 'in', ids).execute()).toEqual([]);
  expect(await db.selectFrom('events').select('state').where('external_id', '=', 'still-waiting').execute()).toEqual([{ state: 'received' }]);
  expect(await db.selectFrom('rejected_deliveries').select('id').execute()).toEqual([]);
  const left = await db.selectFrom('orders').select('order_number').where('order_number', 'in', [paid.orderNumber, ...unpaid.map((session) => session.orderNumber)]).execute();
  expect(left.map((row) => row.order_number)).toEqual([paid.orderNumber]);
  expect((await db.selectFrom('order_status_history').select('id').where('order_number', '=', paid.orderNumber).execute()).length).toBeGreaterThan(0);
  // The bank payment those events applied is a record of money and is kept.
  expect((await db.selectFrom('bank_payments').select('payment_id').where('payment_id', '=', delivered[0]!.payment.payment_id).execute()).length).toBe(1);
  // A second pass finds nothing more.
  expect(await stack.bff.retention.runOnce()).toEqual({ events: 0, rejected: 0, orders: 0 });
});
