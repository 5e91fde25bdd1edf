// A store from before the order row stopped keeping copies of its attempt's facts (migration 0098):
// upgrading carries each order's copies (the gateway's answer, the card, the buyer's message, the
// card charge, the bank's refusal) onto the attempt they described (the paying one once paid, else
// the current one) and drops them from the order, and every order still answers the merchant and the
// buyer exactly as before: paid by card, paid by SINPE Móvil, declined then retried, declined by the
// bank, pending, and a dollar order charged in colones; a transfer paid late, after a later card
// attempt was declined, no longer shows that card's transaction. On the run's engine (SQLite or PostgreSQL).
import { expect, test } from '../support/node-test.ts';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../bff/store/migrate.ts';
import { findOrder, statusHistory } from '../../bff/store/orders.ts';
import { merchantOrderView } from '../../bff/merchant/merchant-order-view.ts';
import { ruleContextOf } from '../../bff/merchant/change-history.ts';
import { orderStatusView } from '../../bff/routes/order-view.ts';
import type { Database as Schema } from '../../bff/store/schema.ts';
import { oldOrderRow, oldRowTime, withStoreAt } from './fixtures/old-store.ts';
// What these orders answered before the upgrade: recorded from the code of migration 0097 reading this very store.
import expectedAnswers from './fixtures/attempt-facts-answers.json' with { type: 'json' };

const at = oldRowTime;
const now = new Date('2026-11-01T00:05:00.000Z');

/** Every attempt fact the order row kept before 0098, empty. */
const noCopies = {
  gateway_order_number: null,
  gateway_tpt: null,
  gateway_auth: null,
  gateway_code: null,
  status_message: null,
  card_brand: null,
  card_last4: null,
  charged_amount: null,
  charged_currency: null,
  charged_rate: null,
  bank_failure_code: null,
};

function order(orderNumber: string, status: string, attemptNumber: number, more: Record<string, unknown>) {
  return oldOrderRow(orderNumber, status, attemptNumber, { amount: '6500.00', email: 'buyer@example.com', locale: 'es', session_expires_at: '2026-11-01T01:00:00.000Z', ...noCopies, ...more });
}

function attempt(orderNumber: string, number: number, method: string, status: string, outcome: string, more: Record<string, unknown> = {}) {
  return { order_number: orderNumber, number, method, gateway_order_number: number === 1 ? orderNumber : `${orderNumber}-R${number}`, return_ref: `r-${orderNumber}-${number}`, status, outcome, created_at: at, updated_at: at, ...more };
}

const cardCharge = { charged_amount: '6500.00', charged_currency: 'CRC', charged_rate: null };

async function seedOldStore(db: Kysely<any>): Promise<void> {
  const card = { gateway_order_number: 'CARD', gateway_tpt: '1001', gateway_auth: 'A1001', gateway_code: '1', status_message: 'Transaction approved', card_brand: 'VISA', card_last4: '4242', ...cardCharge };
  const retried = { gateway_order_number: 'RETRY-R2', ...cardCharge };
  const declined = { gateway_order_number: 'DECL', gateway_tpt: '3001', gateway_auth: null, gateway_code: '51', status_message: 'Insufficient funds', ...cardCharge };
  const dollar = { gateway_order_number: 'USD', gateway_tpt: '4001', gateway_auth: 'A4001', gateway_code: '1', status_message: 'Transaction approved', card_brand: 'MASTERCARD', card_last4: '5454', charged_amount: '3250.00', charged_currency: 'CRC', charged_rate: '650.00' };
  await db
    .insertInto('orders')
    .values([
      order('CARD', 'captured', 1, { ...card, captured_amount: '6500.00' }),
      order('SINPE', 'approved', 1, { gateway_order_number: 'SINPE', captured_amount: '6500.00', paid_reference: 'FT-77', paid_amount: '6499.98', paid_currency: 'CRC', paid_discount: '0.02' }),
      order('RETRY', 'pending', 2, retried),
      order('DECL', 'declined', 1, declined),
      order('BANK', 'declined', 1, { gateway_order_number: 'BANK', bank_failure_code: 'insufficient_funds' }),
      order('PEND', 'pending', 1, { gateway_order_number: 'PEND', ...cardCharge }),
      order('USD', 'approved', 1, { ...dollar, amount: '5.00', currency: 'USD', capture: 0 }),
      // A transfer paid late, after the card attempt that replaced it was declined: the matcher wrote
      // the transfer's number and money on the order and left the card's answer beside them.
      order('LATE', 'approved', 2, { gateway_order_number: 'LATE', gateway_tpt: '5001', gateway_code: '51', ...cardCharge, captured_amount: '6500.00', paid_reference: 'FT-88', paid_amount: '6500.00', paid_currency: 'CRC', paid_discount: '0.00' }),
    ])
    .execute();
  await db
    .insertInto('payment_attempts')
    .values([
      attempt('CARD', 1, 'card', 'approved', 'approved', { gateway_tpt: '1001', gateway_auth: 'A1001', gateway_code: '1', ...cardCharge }),
      attempt('SINPE', 1, 'sinpe_movil', 'approved', 'approved', { sinpe_reference: 'K7Q2', transfer_amount: '6499.98', transfer_currency: 'CRC', transfer_discount: '0.02', bank_payment_id: 'bp-1' }),
      attempt('RETRY', 1, 'card', 'declined', 'declined', { gateway_tpt: '2001', gateway_code: '51', ...cardCharge }),
      attempt('RETRY', 2, 'card', 'open', 'open', { hosted_url: 'https://gateway.example/pay/retry-2', ...cardCharge }),
      attempt('DECL', 1, 'card', 'declined', 'declined', { gateway_tpt: '3001', gateway_code: '51', ...cardCharge }),
      attempt('BANK', 1, 'sinpe_movil', 'declined', 'declined', { sinpe_reference: 'B8M3', transfer_amount: '6500.00', transfer_currency: 'CRC', transfer_discount: '0.00' }),
      attempt('PEND', 1, 'card', 'open', 'open', { hosted_url: 'https://gateway.example/pay/pend-1', ...cardCharge }),
      attempt('USD', 1, 'card', 'approved', 'approved', { gateway_tpt: '4001', gateway_auth: 'A4001', gateway_code: '1', charged_amount: '3250.00', charged_currency: 'CRC', charged_rate: '650.00' }),
      attempt('LATE', 1, 'sinpe_movil', 'approved', 'approved', { sinpe_reference: 'L9P4', transfer_amount: '6500.00', transfer_currency: 'CRC', transfer_discount: '0.00', bank_payment_id: 'bp-2' }),
      attempt('LATE', 2, 'card', 'declined', 'declined', { gateway_tpt: '5001', gateway_code: '51', ...cardCharge }),
    ])
    .execute();
  const entry = (orderNumber: string, from: string | null, to: string, source: string, detail: string | null = null, action: string | null = null) => ({ order_number: orderNumber, from_status: from, to_status: to, source, detail, action, created_at: at });
  await db
    .insertInto('order_status_history')
    .values([
      entry('CARD', 'pending', 'approved', 'consult', 'gateway code 1'),
      entry('CARD', 'approved', 'captured', 'consult'),
      entry('SINPE', 'pending', 'approved', 'bank', 'bank payment 1a2b (6499.98 CRC)', 'bank-payment'),
      entry('RETRY', 'pending', 'declined', 'consult', 'gateway code 51'),
      entry('RETRY', 'declined', 'pending', 'checkout'),
      entry('DECL', 'pending', 'declined', 'consult', 'gateway code 51'),
      entry('BANK', 'pending', 'declined', 'bank', 'bank payment 9c00 (? ?) failed: insufficient_funds'),
      entry('USD', 'pending', 'approved', 'consult', 'gateway code 1'),
      entry('LATE', 'pending', 'declined', 'consult', 'gateway code 51'),
      entry('LATE', 'declined', 'approved', 'bank', 'bank payment 3c4d (6500.00 CRC)', 'bank-payment'),
    ])
    .execute();
}

const orderNumbers = ['CARD', 'SINPE', 'RETRY', 'DECL', 'BANK', 'PEND', 'USD', 'LATE'];

/** What the merchant and the buyer are told of each order, as the code reads the store. */
async function answers(db: Kysely<Schema>) {
  const said: Record<string, unknown> = {};
  for (const orderNumber of orderNumbers) {
    const found = (await findOrder(db, orderNumber))!;
    const merchant = merchantOrderView(found, ruleContextOf(found, await statusHistory(db, orderNumber), now));
    said[orderNumber] = { merchant, buyer: orderStatusView(found, { maxAttempts: 3, now, sinpeOffered: true }) };
  }
  return said;
}

const attemptFacts = ['gateway_order_number', 'gateway_tpt', 'gateway_auth', 'gateway_code', 'status_message', 'card_brand', 'card_last4', 'charged_amount', 'charged_currency', 'charged_rate', 'bank_failure_code'] as const;

test('upgrading carries the order row\'s attempt facts onto the attempt they describe, and every order answers as before', async () => {
  await withStoreAt('0097-abandoned-order-walk', async (db) => {
    await seedOldStore(db);

    await migrateToLatest(db);

    const attempts = await db.selectFrom('payment_attempts').select(['order_number', 'number', ...attemptFacts]).orderBy('order_number').orderBy('number').execute();
    const facts = (orderNumber: string, number: number) => attempts.find((row) => row.order_number === orderNumber && row.number === number);
    expect(facts('CARD', 1)).toMatchObject({ gateway_tpt: '1001', gateway_auth: 'A1001', status_message: 'Transaction approved', card_brand: 'VISA', card_last4: '4242' });
    expect(facts('RETRY', 1)).toMatchObject({ gateway_tpt: '2001', gateway_code: '51', status_message: null });
    expect(facts('RETRY', 2)).toMatchObject({ gateway_tpt: null, gateway_order_number: 'RETRY-R2', status_message: null });
    expect(facts('DECL', 1)).toMatchObject({ status_message: 'Insufficient funds', gateway_code: '51' });
    expect(facts('BANK', 1)).toMatchObject({ bank_failure_code: 'insufficient_funds' });
    expect(facts('USD', 1)).toMatchObject({ card_brand: 'MASTERCARD', card_last4: '5454', charged_amount: '3250.00', charged_rate: '650.00' });

    // The late transfer's order no longer shows the declined card's transaction as its gateway id:
    // the attempt that paid it is the transfer, which has none. Every other word is as before.
    expect(facts('LATE', 1)).toMatchObject({ gateway_tpt: null, charged_amount: null, status_message: null });
    expect(facts('LATE', 2)).toMatchObject({ gateway_tpt: '5001', gateway_code: '51' });
    const late = expectedAnswers.LATE;
    expect(await answers(db as Kysely<Schema>)).toEqual({ ...expectedAnswers, LATE: { ...late, merchant: { ...late.merchant, gatewayOrderId: null } } });
  });
});

test('after the upgrade no orders column repeats a payment_attempts column, on the engine\'s own schema', async () => {
  await withStoreAt('0097-abandoned-order-walk', async (db) => {
    await migrateToLatest(db);
    const tables = await db.introspection.getTables();
    const columnsOf = (name: string) => tables.find((table) => table.name === name)!.columns.map((column) => column.name);
    const attemptColumns = new Set(columnsOf('payment_attempts'));
    // The key, each row's own status and times, and the reference the order chose at its birth (its first attempt takes it).
    const ownOnBoth = ['order_number', 'status', 'created_at', 'updated_at', 'return_ref'];
    const repeated = columnsOf('orders').filter((column) => attemptColumns.has(column) && !ownOnBoth.includes(column));
    expect(repeated).toEqual([]);
    for (const column of attemptFacts) expect(columnsOf('orders'), column).not.toContain(column);
  });
});

