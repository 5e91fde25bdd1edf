import { z } from 'zod';
import { DeliveryRejected, type DeliveryCodec } from './codec.ts';
import { parseJsonExact } from '../exact-json.ts';
import { towardsSchema } from '../tolerant-reader.ts';
import {
  bankEvent,
  payinPostedEvent,
  paymentFailedEvent,
  paymentReversedEvent,
  paymentSucceededEvent,
  type BankEvent,
} from './events.ts';

const eventSchemas: Readonly<Record<string, z.ZodType<BankEvent>>> = {
  'payin.posted': payinPostedEvent,
  'payment.succeeded': paymentSucceededEvent,
  'payment.failed': paymentFailedEvent,
  'payment.reversed': paymentReversedEvent,
};

function eventSchemaOf(json: unknown): z.ZodType<BankEvent> {
  const type = (json as { event?: { event_type?: unknown } } | null)?.event?.event_type;
  return (typeof type === 'string' && Object.hasOwn(eventSchemas, type) ? eventSchemas[type] : undefined) ?? bankEvent;
}

/** banking-webhooks.md §6.1: the HTTP body of a delivery. */
export const deliveryBody = z.object({ data: z.string() });
export type DeliveryBody = z.infer<typeof deliveryBody>;

/**
 * Authenticate first, parse after: decrypt `data`, read JSON, then validate against the event
 * contract. Every failure is a DeliveryRejected whose reason names the failed step.
 */
export async function openDeliveryWith(codec: Pick<DeliveryCodec, 'decryptDelivery'>, data: string, secretRef: string): Promise<BankEvent> {
  const plaintext = await codec.decryptDelivery(data, secretRef);
  let json: unknown;
  try {
    json = parseJsonExact(plaintext);
  } catch (cause) {
    throw new DeliveryRejected('not_json', { cause });
  }
  // The bank is an upstream: read tolerantly (numbers as strings, nulls, extra fields), strictly judged after,
  // against the one event contract its event_type names (the union only when it names none we know).
  const schema = eventSchemaOf(json);
  const parsed = schema.safeParse(towardsSchema(schema, json));
  if (!parsed.success) throw new DeliveryRejected('schema', { cause: parsed.error });
  return parsed.data;
}
