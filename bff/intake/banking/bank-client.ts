// The bank's webhook API client (banking-webhooks.md §4): create a destination, list features,
// read an event contract. Bearer BANK_ACCESS_TOKEN; every call sends an X-Correlation-Id. The
// answers are checked with the contract schemas; an error answer becomes a BankApiError that
// carries the bank's response_code so callers can show it.
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { parseJsonExact } from '../../../contract/exact-json.ts';
import { readTolerantly } from '../../../contract/tolerant-reader.ts';
import { destinationCreateResponse, type DestinationCreateRequest, type DestinationCreateResponse } from '../../../contract/bank/destination.ts';
import { bankEnvelope, bankErrorResponse, bankPayloadOf, correlationIdHeader } from '../../../contract/bank/envelope.ts';
import { eventContractResponse, type EventContractResponse } from '../../../contract/bank/event-contracts.ts';
import type { BankEventType } from '../../../contract/bank/event-types.ts';
import { featuresResponse, type FeaturesResponse } from '../../../contract/bank/features.ts';
import type { AppMetrics } from '../../lib/observability/metrics.ts';
import { withoutSecrets } from '../../lib/observability/without-secrets.ts';

export interface BankClientOptions {
  baseUrl: string;
  accessToken: string;
  timeoutMs: number;
  metrics?: AppMetrics;
  fetch?: typeof fetch;
}

/** The bank answered with an error response_code (§7), or could not be used at all. */
export class BankApiError extends Error {
  override name = 'BankApiError';
  constructor(
    readonly operation: string,
    /** The bank's response_code, or UNAVAILABLE / INVALID_RESPONSE when there was none to read. */
    readonly responseCode: string,
    readonly httpStatus: number | undefined,
    message: string,
    readonly correlationId: string,
    /** Field errors the bank listed (INVALID_REQUEST), as {field, message}. */
    readonly fieldErrors: Array<{ field: string; message: string }> = [],
  ) {
    super(message);
  }
}

export interface FeaturesFilter {
  country_code?: string;
  payment_method_code?: string;
  webhook_enabled?: boolean;
}

export class BankClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: BankClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  createDestination(request: DestinationCreateRequest): Promise<DestinationCreateResponse> {
    return this.call('createDestination', 'POST', '/api/public/v1/webhook/destination', destinationCreateResponse, request);
  }

  features(filter: FeaturesFilter = {}): Promise<FeaturesResponse> {
    const query = new URLSearchParams();
    // §4.2: never tenant_id (the tenant comes from the token).
    if (filter.country_code) query.set('country_code', filter.country_code);
    if (filter.payment_method_code) query.set('payment_method_code', filter.payment_method_code);
    if (filter.webhook_enabled !== undefined) query.set('webhook_enabled', String(filter.webhook_enabled));
    const suffix = query.size > 0 ? `?${query}` : '';
    return this.call('features', 'GET', `/api/public/v1/webhook/features${suffix}`, featuresResponse);
  }

  eventContract(eventType: BankEventType): Promise<EventContractResponse> {
    return this.call('eventContract', 'GET', `/api/public/v1/webhook/event-contracts/${encodeURIComponent(eventType)}`, eventContractResponse);
  }

  private async call<S extends z.ZodType>(operation: string, method: 'GET' | 'POST', path: string, schema: S, body?: unknown): Promise<z.output<S>> {
    const correlationId = randomUUID();
    const metrics = this.options.metrics;
    const stopTimer = metrics?.upstreamDuration.startTimer({ upstream: 'bank', operation });
    let outcome = 'ok';
    try {
      let response: Response;
      let text: string;
      try {
        response = await this.fetchImpl(this.options.baseUrl + path, {
          method,
          headers: {
            Accept: 'application/json',
            Authorization: `Bearer ${this.options.accessToken}`,
            [correlationIdHeader]: correlationId,
            ...(body !== undefined && { 'Content-Type': 'application/json' }),
          },
          ...(body !== undefined && { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
        outcome = timedOut ? 'timeout' : 'network';
        throw new BankApiError(operation, 'UNAVAILABLE', undefined, timedOut ? `bank ${operation} timed out` : `bank ${operation} unreachable`, correlationId);
      }
      let json: unknown;
      try {
        json = parseJsonExact(text);
      } catch {
        outcome = 'invalid_response';
        throw new BankApiError(operation, 'INVALID_RESPONSE', response.status, `bank ${operation} answered non-JSON (HTTP ${response.status})`, correlationId);
      }
      if (!response.ok) {
        outcome = response.status >= 500 ? 'http_5xx' : 'http_4xx';
        const failure = bankErrorResponse.safeParse(json);
        const code = failure.success ? failure.data.response_code : 'INVALID_RESPONSE';
        // The bank may echo what it was sent (the secret_ref of a destination, our token).
        const sent = [this.options.accessToken, (body as { secret_ref?: string } | undefined)?.secret_ref];
        const message = withoutSecrets(failure.success && failure.data.message ? failure.data.message : `bank ${operation} answered HTTP ${response.status}`, sent);
        const fieldErrors = fieldErrorsOf(json).map((field) => ({ field: field.field, message: withoutSecrets(field.message, sent) }));
        throw new BankApiError(operation, code, response.status, message, failure.success ? failure.data.correlation_id : correlationId, fieldErrors);
      }
      // An upstream answer: read tolerantly (gateway-facts.md "Reading the gateway's and the bank's answers").
      const parsed = readTolerantly(schema, bankPayloadOf(json, payloadFieldsOf(schema)));
      if (!parsed.ok) {
        outcome = 'invalid_response';
        throw new BankApiError(operation, 'INVALID_RESPONSE', response.status, `bank ${operation} answered without a readable ${parsed.fields.join(', ')}`, correlationId);
      }
      return parsed.data;
    } finally {
      stopTimer?.();
      metrics?.upstreamCalls.inc({ upstream: 'bank', operation, outcome });
    }
  }
}

/** The fields of an answer's schema that the envelope (response_code, correlation_id) does not have. */
function payloadFieldsOf(schema: z.ZodType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return Object.keys(shape).filter((field) => !(field in bankEnvelope.shape));
}

/** The error body's `errors` list is not in the spec (§7 shows codes only); read it when present. */
function fieldErrorsOf(json: unknown): Array<{ field: string; message: string }> {
  const errors = (json as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item) =>
    typeof item === 'object' && item !== null && typeof (item as { message?: unknown }).message === 'string'
      ? [{ field: String((item as { field?: unknown }).field ?? ''), message: (item as { message: string }).message }]
      : [],
  );
}
