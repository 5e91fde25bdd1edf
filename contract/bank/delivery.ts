import { z } from 'zod';
import { DeliveryRejected, type DeliveryCodec } from './codec.ts';
import { bankEvent, type BankEvent } from './events.ts';

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
    json = JSON.parse(plaintext);
  } catch (cause) {
    throw new DeliveryRejected('not_json', { cause });
  }
  const parsed = bankEvent.safeParse(json);
  if (!parsed.success) throw new DeliveryRejected('schema', { cause: parsed.error });
  return parsed.data;
}
