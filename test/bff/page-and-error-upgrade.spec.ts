// A store from before an attempt kept its own hosted page and processPayment refusal (migration
// 0086): upgrading moves the order row's copies onto the order's current attempt (the one they
// described), leaves earlier attempts without them, and drops them from the order. An open card
// page is then still handed back to a buyer who checks out again. On the run's engine.
import { expect, test } from '../support/node-test.ts';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { attemptDecision } from '../../bff/payments/attempt-rules.ts';
import { findOrder } from '../../bff/store/orders.ts';
import type { Database as Schema } from '../../bff/store/schema.ts';
import { oldOrderRow, oldRowTime, withStoreAt } from './fixtures/old-store.ts';

const at = oldRowTime;

function order(orderNumber: string, status: string, attemptNumber: number, copies: { hosted_url?: string; payment_error?: string }) {
  return oldOrderRow(orderNumber, status, attemptNumber, { amount: '6500.00', session_expires_at: '2099-01-01T00:00:00.000Z', hosted_url: copies.hosted_url ?? null, payment_error: copies.payment_error ?? null });
}

function attempt(orderNumber: string, number: number, status: string) {
  return { order_number: orderNumber, number, method: 'card', gateway_order_number: `${orderNumber}-${number}`, return_ref: `r-${orderNumber}-${number}`, status, outcome: 'open', created_at: at, updated_at: at };
}

test('upgrading moves the current attempt\'s page and refusal onto it, and an open page is still handed back', async () => {
  await withStoreAt('0085-paid-by-transfer-money', async (db) => {
    await db
      .insertInto('orders')
      .values([
        order('OPEN', 'pending', 2, { hosted_url: 'https://gateway.example/pay/open-2' }),
        order('REFUSED', 'created', 1, { payment_error: 'E1: the gateway refused' }),
        order('NONE', 'created', 0, {}),
      ])
      .execute();
    await db.insertInto('payment_attempts').values([attempt('OPEN', 1, 'declined'), attempt('OPEN', 2, 'open'), attempt('REFUSED', 1, 'refused')]).execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('payment_attempts').select(['order_number', 'number', 'hosted_url', 'payment_error']).orderBy('order_number').orderBy('number').execute();
    expect(rows).toEqual([
      { order_number: 'OPEN', number: 1, hosted_url: null, payment_error: null },
      { order_number: 'OPEN', number: 2, hosted_url: 'https://gateway.example/pay/open-2', payment_error: null },
      { order_number: 'REFUSED', number: 1, hosted_url: null, payment_error: 'E1: the gateway refused' },
    ]);
    const orderColumns = (await db.introspection.getTables()).find((table) => table.name === 'orders')!.columns.map((column) => column.name);
    expect(orderColumns).not.toContain('hosted_url');
    expect(orderColumns).not.toContain('payment_error');

    const open = await findOrder(db as Kysely<Schema>, 'OPEN');
    expect(attemptDecision(open!, 3)).toEqual({ kind: 'page', url: 'https://gateway.example/pay/open-2' });
  });
});
