// A store from before card attempts kept the money they were charged (migration 0084): upgrading
// says each card attempt was charged its order's amount and currency, at no rate, so evidence about
// an old attempt is still compared with the order's money; a SINPE Móvil transfer keeps its own
// transfer amount and gets none. On the run's engine (SQLite or PostgreSQL).
import { expect, test } from '../support/node-test.ts';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { chargedMoneyOf } from '../../bff/payments/charged-money.ts';
import { oldOrderRow, oldRowTime, withStoreAt } from './fixtures/old-store.ts';

const at = oldRowTime;

function order(orderNumber: string, amount: string, currency: string) {
  return oldOrderRow(orderNumber, 'captured', 1, { amount, currency, captured_amount: amount });
}

function attempt(orderNumber: string, method: string) {
  return { order_number: orderNumber, number: 1, method, gateway_order_number: `${orderNumber}-1`, return_ref: `r-${orderNumber}`, status: 'approved', outcome: 'approved', created_at: at, updated_at: at };
}

test('upgrading says every card attempt was charged its order\'s money, and leaves transfers alone', async () => {
  await withStoreAt('0083-claim-time-on-attempt', async (db) => {
    await db.insertInto('orders').values([order('U-card', '25.00', 'USD'), order('C-card', '6500.00', 'CRC'), order('C-sinpe', '15000.00', 'CRC')]).execute();
    await db.insertInto('payment_attempts').values([attempt('U-card', 'card'), attempt('C-card', 'card'), { ...attempt('C-sinpe', 'sinpe_movil'), transfer_amount: '14999.00', transfer_currency: 'CRC' }]).execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('payment_attempts').select(['order_number', 'charged_amount', 'charged_currency', 'charged_rate']).orderBy('order_number').execute();
    expect(rows).toEqual([
      { order_number: 'C-card', charged_amount: '6500.00', charged_currency: 'CRC', charged_rate: null },
      { order_number: 'C-sinpe', charged_amount: null, charged_currency: null, charged_rate: null },
      { order_number: 'U-card', charged_amount: '25.00', charged_currency: 'USD', charged_rate: null },
    ]);
    // What the evidence of the old dollar attempt is compared with: its order's dollars.
    expect(chargedMoneyOf(rows[2], { amount: '25.00', currency: 'USD' })).toEqual({ amount: '25.00', currency: 'USD' });
    // The charge is the attempt's alone: the order row keeps no copy of it (migration 0098).
    const orderColumns = (await db.introspection.getTables()).find((table) => table.name === 'orders')!.columns.map((column) => column.name);
    expect(orderColumns).not.toContain('charged_amount');
  });
});
