import { encryptDelivery } from '../../node/bank-delivery-codec.ts';
import type { BankEventType, PaymentMethodCode } from '../../contract/bank/event-types.ts';
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

/** What decides who receives an event: its type, the payment's method and country, and whose payment it is. */
export interface EventRouting {
  event_type: BankEventType;
  payment_method_code: PaymentMethodCode;
  country_code?: string;
  account_id?: string | undefined;
  owner_type?: string | undefined;
  owner_id?: string | undefined;
}

/**
 * Destinations that receive an event: enabled; subscribed to the feature of the payment's method
 * and country, a feature that emits this type; and whose scope covers the payment (TENANT: every
 * payment of the tenant; ACCOUNT: that account's; OWNER: that owner's, banking-webhooks.md §4.1).
 */
export function subscribersOf(bank: Bank, routing: EventRouting): Destination[] {
  return bank.destinations.filter((destination) => {
    const feature = bankFeatures.find((f) => f.id === destination.feature_id);
    if (!destination.is_enabled || !feature?.event_types.includes(routing.event_type)) return false;
    if (feature.payment_method_code !== routing.payment_method_code || feature.country_code !== (routing.country_code ?? 'CR')) return false;
    return inScope(destination, routing);
  });
}

function inScope(destination: Destination, routing: EventRouting): boolean {
  if (destination.scope_kind === 'ACCOUNT') return routing.account_id !== undefined && routing.account_id === destination.scope_account_id;
  if (destination.scope_kind === 'OWNER') {
    return routing.owner_id !== undefined && routing.owner_id === destination.scope_owner_id && routing.owner_type === destination.scope_owner_type;
  }
  return true;
}

/**
 * Delivers one event to every subscriber, encrypted with that destination's secret_ref
 * (§6.1). A non-2xx answer, a network error or a timeout is retried up to max_attempts;
 * every attempt carries the same event (same event_id), so receivers can deduplicate.
 */
export async function emit(bank: Bank, routing: EventRouting, envelope: EventLike): Promise<DeliveryResult[]> {
  return Promise.all(subscribersOf(bank, routing).map((destination) => deliver(bank, destination, envelope)));
}

async function deliver(bank: Bank, destination: Destination, envelope: EventLike): Promise<DeliveryResult> {
  const maxAttempts = destination.max_attempts ?? deliveryDefaults.maxAttempts;
  const timeoutMs = destination.timeout_ms ?? deliveryDefaults.timeoutMs;
  const data = await encryptDelivery(bank.variants.varyBankEventText(envelope), destination.secret_ref);
  const body = JSON.stringify({ data: bank.variants.varyDeliveryData(data) });
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
