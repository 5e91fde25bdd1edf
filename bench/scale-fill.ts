// Fills a migrated store with N orders and what they leave behind (attempts, history, sessions,
// inbox events, outbox events and deliveries, bank payments), shaped like what the code writes
// (the columns and value kinds of test/bff/fixtures/hot-query-rows.ts), in bulk: one
// INSERT … SELECT over a generated series per table, so 1M orders take minutes, not hours.
//
// The shape of time: the newest `recentOrders` arrive one every 10 minutes (a week of live
// traffic, the same at every size: the open, pending and parked orders a pass meets), the rest
// are spread over the 400 days before them, already settled the way the reconciler left them.
// Inbox and outbox rows exist for the last 30 days only, as their retention keeps them.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../bff/store/database.ts';

export const recentOrders = 1_000;
/**
 * Orders per buyer's address, the same at every size (5,000 addresses at 1M, 50 at 10k): the e-mail
 * filter then finds a full page at every size, and its figures compare like with like (with a fixed
 * 5,000 addresses, 10k orders gave an address 2 orders and 1M gave it 200, a 2-row page against a 50-row one).
 */
export const ordersPerAddress = 200;
const recentSpacingSeconds = 600;
const oldSpanSeconds = 400 * 86_400;
const keptEventsSeconds = 30 * 86_400;
/** Epoch seconds of the first order. */
const baseEpoch = Date.parse('2025-01-01T00:00:00.000Z') / 1000;

export interface FillShape {
  orders: number;
  /** An hour after the newest order: the bench's clock. */
  now: Date;
}

export function fillShape(orders: number): FillShape {
  return { orders, now: new Date((baseEpoch + oldSpanSeconds + recentOrders * recentSpacingSeconds + 3_600) * 1000) };
}

/** SQL spelled per engine: the series of `i`, text of numbers, ISO times from epoch seconds. */
function dialect(engine: Engine, orders: number) {
  const old = Math.max(0, orders - recentOrders);
  const postgres = engine === 'postgres';
  const padded = (expr: string, width: number) => (postgres ? `lpad((${expr})::text, ${width}, '0')` : `printf('%0${width}d', ${expr})`);
  /** Seconds from the base of order i: the old ones spread evenly, the recent ones 10 minutes apart. */
  const seconds = `(case when i < ${old} then (i * ${oldSpanSeconds}) / ${Math.max(old, 1)} else ${oldSpanSeconds} + (i - ${old}) * ${recentSpacingSeconds} end)`;
  const iso = (offsetSeconds: string) =>
    postgres
      ? `to_char(timestamp '1970-01-01' + (${baseEpoch} + ${offsetSeconds}) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${baseEpoch} + ${offsetSeconds}, 'unixepoch')`;
  return {
    /** `insert into … select <columns> from` the series `i` in 0..count-1 (where `filter`). */
    insert(table: string, columns: Record<string, string>, count: number, filter = 'true'): RawBuilder<unknown> {
      const names = Object.keys(columns).join(', ');
      const values = Object.values(columns).join(', ');
      const text = postgres
        ? `insert into ${table} (${names}) select ${values} from generate_series(0::bigint, ${count - 1}::bigint) as s(i) where ${filter}`
        : `with recursive s(i) as (select 0 union all select i + 1 from s where i < ${count - 1}) insert into ${table} (${names}) select ${values} from s where ${filter}`;
      return sql.raw(text);
    },
    orderNumber: `'SVC-' || ${padded('i', 7)}`,
    reference: `'R' || ${padded('i', 7)}`,
    at: (plusMinutes = 0) => iso(`${seconds} + ${plusMinutes * 60}`),
    seconds,
    old,
  };
}

/**
 * The status of order i: the recent ones as a running shop has them (a few open, pending, parked),
 * the old ones settled; `slot` is i mod 100. Expired without a gateway payment: what retention deletes.
 */
function statusCase(old: number): { status: string; attempted: string } {
  const recent = `i >= ${old}`;
  const slot = '(i % 100)';
  return {
    status: `case
      when ${slot} < 55 then 'captured' when ${slot} < 70 then 'approved' when ${slot} < 80 then 'expired'
      when ${slot} < 88 then 'declined' when ${slot} < 92 then 'refunded' when ${slot} < 94 then 'cancelled'
      when ${slot} < 95 then 'review'
      when ${slot} < 97 and ${recent} and i >= ${old + recentOrders - 144} then 'pending'
      else 'expired' end`,
    // Every order but the last slots' (a session that lapsed before anything was sent) has its attempt.
    attempted: `(${slot} < 97)`,
  };
}

const tableOrder = ['orders', 'sessions', 'order_status_history', 'payment_attempts', 'bank_payments', 'events', 'webhook_endpoints', 'outbound_events', 'webhook_deliveries'] as const;
export type FilledTable = (typeof tableOrder)[number];

/** Inserts every table; `progress` hears each table's rows and seconds. */
export async function fillOrders(db: Kysely<any>, engine: Engine, orders: number, progress: (table: FilledTable, seconds: number) => void = () => undefined): Promise<void> {
  const d = dialect(engine, orders);
  const { status, attempted } = statusCase(d.old);
  const paid = `(${status}) in ('captured', 'approved', 'refunded', 'review', 'declined')`;
  const sinpe = '(i % 5 = 0)';
  const attemptEndSql = `case when (${status}) = 'pending' then 'open' when (${status}) = 'expired' then 'expired' when (${status}) = 'declined' then 'declined' when (${status}) = 'cancelled' then 'cancelled' else 'approved' end`;
  const settledSinpe = `${sinpe} and ${attempted} and (${status}) in ('captured', 'approved', 'refunded', 'review')`;
  const kept = `${d.seconds} >= ${oldSpanSeconds + recentOrders * recentSpacingSeconds - keptEventsSeconds}`;
  const last = orders - 1;

  const deliveriesTo = (endpoint: number) =>
    d.insert(
      'webhook_deliveries',
      {
        id: `'wd-' || cast(i as text) || '-${endpoint}'`,
        event_id: `'oe-' || cast(i as text)`,
        endpoint_id: `'ep-${endpoint}'`,
        type: `'order.updated'`,
        state: `case when i > ${last - 10} then 'retrying' else 'delivered' end`,
        attempts: '1',
        next_attempt_at: `case when i > ${last - 10} then ${d.at(20)} else null end`,
        created_at: d.at(6),
        delivered_at: `case when i > ${last - 10} then null else ${d.at(7)} end`,
      },
      orders,
      kept,
    );

  const statements: Record<FilledTable, RawBuilder<unknown>[]> = {
    orders: [d.insert(
      'orders',
      {
        order_number: d.orderNumber,
        source: `case when i % 3 = 0 then 'merchant' else 'catalog' end`,
        amount: `'1500.00'`,
        currency: `case when i % 4 = 0 then 'USD' else 'CRC' end`,
        capture: '1',
        status,
        lines_json: `'[]'`,
        prefill_json: `'{}'`,
        return_url: `'https://shop.example/return'`,
        origin: `'https://shop.example'`,
        return_ref: `'ret-' || cast(i as text)`,
        email: `'buyer' || cast(i % ${Math.max(1, Math.floor(orders / ordersPerAddress))} as text) || '@example.com'`,
        captured_amount: `case when (${status}) = 'captured' then '1500.00' else '0' end`,
        refunded_amount: `case when (${status}) = 'refunded' then '1500.00' else '0' end`,
        session_expires_at: d.at(30),
        created_at: d.at(),
        updated_at: d.at(5),
        attempt_number: `case when ${attempted} then 1 else 0 end`,
      },
      orders,
    )],
    sessions: [d.insert('sessions', { session_id: `'jti-' || cast(i as text)`, order_number: d.orderNumber, origin: `'https://shop.example'`, created_at: d.at(), expires_at: d.at(30) }, orders)],
    // Two entries per order: created, then where it stands.
    order_status_history: [
      d.insert('order_status_history', { order_number: d.orderNumber, from_status: 'null', to_status: `'created'`, source: `'api'`, detail: 'null', created_at: d.at() }, orders),
      d.insert('order_status_history', { order_number: d.orderNumber, from_status: `'created'`, to_status: status, source: `'webhook'`, detail: 'null', created_at: d.at(5) }, orders),
    ],
    payment_attempts: [d.insert(
      'payment_attempts',
      {
        order_number: d.orderNumber,
        number: '1',
        method: `case when ${sinpe} then 'sinpe_movil' else 'card' end`,
        gateway_order_number: `${d.orderNumber} || '-1'`,
        return_ref: `'ret-' || cast(i as text)`,
        gateway_tpt: `case when ${paid} then 'tpt-' || cast(i as text) else null end`,
        outcome: attemptEndSql,
        // The attempt's status: for these five ends it is the outcome itself.
        status: attemptEndSql,
        created_at: d.at(),
        updated_at: d.at(5),
        sinpe_reference: `case when ${sinpe} then ${d.reference} else null end`,
        expires_at: `case when ${sinpe} then ${d.at(15)} else null end`,
        bank_payment_id: `case when ${settledSinpe} then 'bp-' || cast(i as text) else null end`,
      },
      orders,
      attempted,
    )],
    bank_payments: [d.insert(
      'bank_payments',
      {
        payment_id: `'bp-' || cast(i as text)`,
        public_id: `'pub-' || cast(i as text)`,
        payment_method_code: `'SINPE_MOVIL'`,
        direction: `'inbound'`,
        status: `'succeeded'`,
        amount: `'1500.00'`,
        currency: `'CRC'`,
        client_reference: d.reference,
        external_reference: `'ext-' || cast(i as text)`,
        has_reversal: '0',
        order_number: d.orderNumber,
        attempt_number: '1',
        last_event_id: `'evt-bank-' || cast(i as text)`,
        last_event_at: d.at(10),
        created_at: d.at(10),
        updated_at: d.at(10),
      },
      orders,
      settledSinpe,
    )],
    events: [d.insert(
      'events',
      {
        id: `'evt-' || cast(i as text)`,
        source: `case when i % 2 = 0 then 'bank' else 'links' end`,
        external_id: `'ext-evt-' || cast(i as text)`,
        type: `'payin.posted'`,
        payload: `'{}'`,
        state: `case when i > ${last - 20} then 'received' else 'processed' end`,
        attempts: '1',
        received_at: d.at(10),
        processed_at: `case when i > ${last - 20} then null else ${d.at(11)} end`,
      },
      orders,
      kept,
    )],
    webhook_endpoints: [sql`insert into webhook_endpoints (id, url, event_types, secret, created_at) values
      ('ep-0', 'https://hooks.example/0', '[]', 'whsec_eA==', '2025-01-01T00:00:00.000Z'),
      ('ep-1', 'https://hooks.example/1', '[]', 'whsec_eQ==', '2025-01-01T00:00:00.000Z')`],
    outbound_events: [d.insert('outbound_events', { id: `'oe-' || cast(i as text)`, type: `'order.updated'`, body: `'{}'`, created_at: d.at(5), dispatched_at: d.at(6) }, orders, kept)],
    // One delivery per endpoint.
    webhook_deliveries: [0, 1].map((endpoint) => deliveriesTo(endpoint)),
  };
  for (const table of tableOrder) {
    const started = performance.now();
    // One transaction per table: a 1M-row table is one commit, as the fill asks.
    await db.transaction().execute(async (trx) => {
      for (const statement of statements[table]) await statement.execute(trx);
    });
    progress(table, (performance.now() - started) / 1000);
  }
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
}
