import { encryptDelivery } from '../../contract/bank/codec.ts';
import type { BankEventType } from '../../contract/bank/event-types.ts';
import { bankFeatures, type Bank, type Destination } from './bank.ts';

/**
 * Defaults for what banking-webhooks.md §6.1.4 leaves "not shown": a destination that sets
 * no timeout_ms / max_attempts gets these. Waits between attempts double from
 * `firstRetryDelayMs`, capped at `maxRetryDelayMs`; backoff_policy is stored, not applied.
 */
export const deliveryDefaults = { timeoutMs: 5000, maxAttempts: 3, firstRetryDelayMs: 200, maxRetryDelayMs: 5000 } as const;

export interface DeliveryAttempt {
  status?: number;
  error?: string;
}

export interface DeliveryResult {
  destination_id: string;
  event_id: string;
  delivered: boolean;
  attempts: DeliveryAttempt[];
}

interface EventLike {
  event: { event_id: string; event_type: string; correlation_id: string };
}

/** Destinations that receive an event type: enabled, and subscribed to a feature that emits it. */
export function subscribersOf(bank: Bank, eventType: BankEventType): Destination[] {
  return bank.destinations.filter((destination) => {
    const feature = bankFeatures.find((f) => f.id === destination.feature_id);
    return destination.is_enabled && feature?.event_types.includes(eventType) === true;
  });
}

/**
 * Delivers one event to every subscriber, encrypted with that destination's secret_ref
 * (§6.1). A non-2xx answer, a network error or a timeout is retried up to max_attempts;
 * every attempt carries the same event (same event_id), so receivers can deduplicate.
 */
export async function emit(bank: Bank, eventType: BankEventType, envelope: EventLike): Promise<DeliveryResult[]> {
  return Promise.all(subscribersOf(bank, eventType).map((destination) => deliver(bank, destination, envelope)));
}

async function deliver(bank: Bank, destination: Destination, envelope: EventLike): Promise<DeliveryResult> {
  const maxAttempts = destination.max_attempts ?? deliveryDefaults.maxAttempts;
  const timeoutMs = destination.timeout_ms ?? deliveryDefaults.timeoutMs;
  const body = JSON.stringify({ data: await encryptDelivery(bank.variants.varyBankEventText(envelope), destination.secret_ref) });
  const attempts: DeliveryAttempt[] = [];
  for (let attempt = 1; attempt <= Math.max(1, maxAttempts); attempt++) {
    if (attempt > 1) await sleep(Math.min(deliveryDefaults.firstRetryDelayMs * 2 ** (attempt - 2), deliveryDefaults.maxRetryDelayMs));
    try {
      const response = await bank.settings.fetch(destination.webhook_url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Correlation-Id': envelope.event.correlation_id },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      attempts.push({ status: response.status });
      if (response.ok) return { destination_id: destination.id, event_id: envelope.event.event_id, delivered: true, attempts };
    } catch (error) {
      attempts.push({ error: (error as Error).name === 'TimeoutError' ? `timeout after ${timeoutMs} ms` : (error as Error).message });
    }
  }
  return { destination_id: destination.id, event_id: envelope.event.event_id, delivered: false, attempts };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
