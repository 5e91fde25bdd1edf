// Demo wiring: with BANK_REGISTER_DESTINATION=1 the BFF registers its own receiver with
// the bank at start, on a feature that emits all four events, so a sandbox bank event reaches it
// with no manual step. Retried for a while: the bank (sandbox) may still be starting.
import { bankEventTypes } from '../../../contract/bank/event-types.ts';
import type { WebhookDestination } from '../../../contract/bank/destination.ts';
import type { Logger } from '../../lib/observability/logger.ts';
import type { BankClient } from './bank-client.ts';
import { BankApiError } from './bank-client.ts';
import { destinationRequestFrom, type DestinationDefaults } from './destination-request.ts';

export async function registerOwnDestination(bank: BankClient, defaults: DestinationDefaults): Promise<WebhookDestination> {
  const { items } = await bank.features();
  const feature = items.find((item) => bankEventTypes.every((type) => item.event_types.includes(type)));
  if (!feature) throw new Error('the bank lists no feature that emits all four event types');
  const request = destinationRequestFrom({ feature_id: feature.id, scope_kind: 'TENANT' }, defaults);
  if (!request.success) throw new Error(`own destination request is invalid: ${request.error.issues.map((issue) => issue.path.join('.')).join(', ')}`);
  const { response_code: _code, correlation_id: _correlation, secret_ref: _secret, ...destination } = await bank.createDestination(request.data);
  return destination;
}

/** Runs registerOwnDestination until it succeeds or `attempts` run out; never throws. */
export async function registerOwnDestinationWithRetry(
  bank: BankClient,
  defaults: DestinationDefaults,
  logger: Logger,
  options: { attempts?: number; delayMs?: number; signal?: AbortSignal } = {},
): Promise<WebhookDestination | undefined> {
  const attempts = options.attempts ?? 10;
  for (let attempt = 1; attempt <= attempts && !options.signal?.aborted; attempt++) {
    try {
      const destination = await registerOwnDestination(bank, defaults);
      logger.info({ destinationId: destination.id, featureId: destination.feature_id, webhookUrl: destination.webhook_url }, 'bank destination registered');
      return destination;
    } catch (error) {
      const code = error instanceof BankApiError ? error.responseCode : undefined;
      // No answer at all points at the address: name the setting that holds it.
      const unreachable = code === 'UNAVAILABLE';
      logger.warn({ attempt, code, error: (error as Error).message, ...(unreachable && { variable: 'BANK_BASE_URL' }) }, unreachable ? 'bank destination registration failed: no answer at BANK_BASE_URL' : 'bank destination registration failed');
      if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, (options.delayMs ?? 500) * attempt));
    }
  }
  return undefined;
}
