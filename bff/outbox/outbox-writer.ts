// Writes one outbound merchant event into the outbox, inside the caller's transaction: the event
// exists if and only if the change it reports committed. Delivery happens later (delivery-worker.ts).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MerchantEventBody, MerchantEventType } from '../../contract/merchant-webhooks.ts';
import { asOutbox } from './outbox-tables.ts';
import { outboxWritten } from './outbox-signal.ts';

/** `msg_` and 20 random bytes, base64url: the `webhook-id`, the receiver's deduplication key. */
export function newWebhookId(): string {
  return `msg_${randomBytes(20).toString('base64url')}`;
}

/** The order an event is about, kept beside its body so the event log finds an order's events by index. */
export function orderNumberOfEvent(data: MerchantEventBody['data']): string | null {
  return 'orderNumber' in data ? data.orderNumber : data.payment.orderNumber;
}

export async function recordOutboundEvent(trx: Kysely<any>, type: MerchantEventType, data: MerchantEventBody['data'], now: string): Promise<string> {
  const id = newWebhookId();
  const body: MerchantEventBody = { type, timestamp: now, data };
  const order_number = orderNumberOfEvent(data);
  await asOutbox(trx).insertInto('outbound_events').values({ id, type, body: JSON.stringify(body), created_at: now, dispatched_at: null, order_number }).execute();
  outboxWritten();
  return id;
}
