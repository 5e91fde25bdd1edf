// Our order number for a gateway transaction record: the merchant reconciles by the number they
// know, whatever the gateway writes in front of it. A record is ours when its order number ends
// (at a dash) with one of our attempts' gateway order numbers, or its id is an attempt's tpt or a
// link payment's; otherwise it is shown as the gateway wrote it, never guessed.
import type { Kysely } from 'kysely';
import { ownOrderNumberEndings } from '../../contract/gateway-facts.ts';
import { webhookDb } from '../store/webhook-tables.ts';
import type { Database } from '../store/schema.ts';
import type { Store } from '../store/database.ts';

export interface OwnOrderNumber {
  orderNumber: string;
  /** The gateway's own value, when it differs from orderNumber. */
  gatewayOrderNumber?: string;
}

interface GatewayRecordNumber {
  orderNumber: string;
  id: number | null;
}

/** At most this many values per IN list: well inside every engine's limit on bound parameters. */
const chunkSize = 200;

export async function inChunks<T>(values: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values)];
  const found: T[] = [];
  for (let at = 0; at < unique.length; at += chunkSize) found.push(...(await read(unique.slice(at, at + chunkSize))));
  return found;
}

export interface ShopKeys {
  clientReference: string | null;
  metadata: Record<string, string>;
}

/** The shop's own keys (clientReference, metadata) of those of `orderNumbers` that are our orders. */
export async function shopKeysOf(store: Store, orderNumbers: readonly string[]): Promise<Map<string, ShopKeys>> {
  const rows = await inChunks(orderNumbers, (chunk) => store.db.selectFrom('orders').select(['order_number', 'client_reference', 'metadata_json']).where('order_number', 'in', chunk).execute());
  return new Map(rows.map((row) => [row.order_number, { clientReference: row.client_reference, metadata: row.metadata_json === null ? {} : (JSON.parse(row.metadata_json) as Record<string, string>) }]));
}

/** Our order number for each record, in the records' order. */
export async function ownOrderNumbersOf(store: Store, records: readonly GatewayRecordNumber[]): Promise<OwnOrderNumber[]> {
  const db: Kysely<Database> = store.db;
  const endings = records.flatMap((record) => ownOrderNumberEndings(record.orderNumber));
  const ids = records.flatMap((record) => (record.id === null ? [] : [String(record.id)]));
  const byNumber = new Map(
    (await inChunks(endings, (chunk) => db.selectFrom('payment_attempts').select(['order_number', 'gateway_order_number']).where('gateway_order_number', 'in', chunk).execute())).map(
      (attempt) => [attempt.gateway_order_number, attempt.order_number],
    ),
  );
  const byTpt = new Map(
    (await inChunks(ids, (chunk) => db.selectFrom('payment_attempts').select(['order_number', 'gateway_tpt']).where('gateway_tpt', 'in', chunk).execute())).map((attempt) => [attempt.gateway_tpt, attempt.order_number]),
  );
  const links = webhookDb(store);
  const byLinkPayment = new Map(
    (await inChunks(ids, (chunk) => links.selectFrom('link_payments').select(['order_number', 'svc_order_id']).where('svc_order_id', 'in', chunk).execute())).map((payment) => [payment.svc_order_id, payment.order_number]),
  );
  return records.map((record) => {
    const byEnding = ownOrderNumberEndings(record.orderNumber).map((ending) => byNumber.get(ending)).find((found) => found !== undefined);
    const id = record.id === null ? undefined : String(record.id);
    // An id is the gateway's exact word for the payment; an ending could, in theory, be another order's.
    const ours = (id && (byTpt.get(id) ?? byLinkPayment.get(id))) || byEnding;
    if (!ours || ours === record.orderNumber) return { orderNumber: record.orderNumber };
    return { orderNumber: ours, gatewayOrderNumber: record.orderNumber };
  });
}
