// Keeps a trace of every refused delivery without keeping what it said: a hash and a size, the
// check that refused it, and for a schema failure the field paths. A body that failed to decrypt
// leaves no plaintext anywhere (there is none), and one refused after decrypting (not JSON, or JSON
// that is no object) is not kept either: a bank JSON object is never refused (stored as unreadable).
import { createHash } from 'node:crypto';
import type { WebhookDb } from '../../store/webhook-tables.ts';

export async function recordRejectedDelivery(
  db: WebhookDb,
  rejected: { source: 'bank' | 'links'; reason: string; rawBody: string; fieldPaths?: readonly string[]; now: Date },
): Promise<void> {
  await db
    .insertInto('rejected_deliveries')
    .values({
      source: rejected.source,
      reason: rejected.reason,
      body_sha256: createHash('sha256').update(rejected.rawBody).digest('hex'),
      body_bytes: Buffer.byteLength(rejected.rawBody),
      detail: rejected.fieldPaths && rejected.fieldPaths.length > 0 ? rejected.fieldPaths.join(',') : null,
      received_at: rejected.now.toISOString(),
    })
    .execute();
}
