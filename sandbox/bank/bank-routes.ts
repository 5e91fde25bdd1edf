import { Hono, type Context } from 'hono';
import { createDestinationRequestSchema } from '../../contract/bank/destination.ts';
import { bankHttpStatus, correlationIdHeader, type BankResponseCode } from '../../contract/bank/envelope.ts';
import { eventSchemaVersion } from '../../contract/bank/event-contracts.ts';
import { isBankEventType, type BankEventType } from '../../contract/bank/event-types.ts';
import { featuresQuery } from '../../contract/bank/features.ts';
import { toBankTimestamp } from '../../contract/bank/timestamps.ts';
import { operation } from '../control/operation.ts';
import type { SandboxState } from '../state.ts';
import { bankFeatures, type Destination } from './bank.ts';
import { eventDescriptions, exampleEvent } from './event-examples.ts';

/**
 * The bank's webhook API (banking-webhooks.md §4) under /api/public/v1, mounted at /banking.
 * Every answer carries response_code and correlation_id (the X-Correlation-Id header when
 * sent, otherwise a generated one); errors follow the §7 table.
 */
export function bankRoutes(state: SandboxState) {
  const bank = state.bank;
  const destinationRequest = createDestinationRequestSchema({ allowLoopbackHttp: state.settings.allowHttpLoopbackWebhooks });

  const correlationId = (c: Context) => c.req.header(correlationIdHeader) || state.random.uuid();
  const answer = (c: Context, code: BankResponseCode, fields: Record<string, unknown> = {}) =>
    c.json({ response_code: code, correlation_id: correlationId(c), ...fields }, bankHttpStatus[code] as 200);

  const app = new Hono();
  app.use('/api/public/v1/*', async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    if (match?.[1] !== state.settings.bankAccessToken) {
      c.header('WWW-Authenticate', 'Bearer');
      return answer(c, 'UNAUTHORIZED', { message: 'credentials or session invalid' });
    }
    await next();
  });

  app.post('/api/public/v1/webhook/destination', operation('bank.createDestination', state, 'bank', async () => undefined), async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return answer(c, 'INVALID_REQUEST', { message: 'the body is not valid JSON' });
    }
    const parsed = destinationRequest.safeParse(raw);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
      return answer(c, 'INVALID_REQUEST', { message: 'invalid request, check required fields', errors });
    }
    const request = parsed.data;
    if (!bankFeatures.some((feature) => feature.id === request.feature_id)) {
      return answer(c, 'INVALID_REQUEST', { message: 'feature_id does not exist', errors: [{ field: 'feature_id', message: 'unknown feature' }] });
    }
    const now = toBankTimestamp(state.clock.now());
    const destination: Destination = {
      id: state.random.uuid(),
      feature_id: request.feature_id,
      destination_kind: request.destination_kind,
      is_enabled: request.is_enabled ?? true,
      replay_window_sec: request.replay_window_sec ?? 0,
      scope_kind: request.scope_kind,
      signature_algo: 'AES_GCM',
      created_at: now,
      updated_at: now,
      webhook_url: request.webhook_url,
      secret_ref: request.secret_ref,
      ...(request.destination_ref !== undefined && { destination_ref: request.destination_ref }),
      ...(request.timeout_ms !== undefined && { timeout_ms: request.timeout_ms }),
      ...(request.max_attempts !== undefined && { max_attempts: request.max_attempts }),
      ...(request.backoff_policy !== undefined && { backoff_policy: request.backoff_policy }),
      ...(request.scope_kind === 'ACCOUNT' && { scope_account_id: request.scope_account_id }),
      ...(request.scope_kind === 'OWNER' && { scope_owner_type: request.scope_owner_type, scope_owner_id: request.scope_owner_id }),
    };
    bank.destinations.push(destination);
    return answer(c, 'CREATED', publicDestination(destination));
  });

  app.get('/api/public/v1/webhook/features', operation('bank.features', state, 'bank', async () => undefined), (c) => {
    const parsed = featuresQuery.safeParse(c.req.query());
    // §7 gives this operation no 400: a tenant_id (tenant scope comes from the token) is refused as FORBIDDEN.
    if (!parsed.success && c.req.query('tenant_id') !== undefined) return answer(c, 'FORBIDDEN', { message: 'tenant_id must not be sent' });
    if (!parsed.success) return answer(c, 'INVALID_REQUEST', { message: 'invalid query', errors: parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) });
    const query = parsed.data;
    const items = bankFeatures
      .filter((feature) => !query.country_code || feature.country_code === query.country_code.toUpperCase())
      .filter((feature) => !query.payment_method_code || feature.payment_method_code === query.payment_method_code.toUpperCase())
      // Every sandbox feature can deliver webhooks, so webhook_enabled=false lists none.
      .filter(() => !/^(false|0)$/i.test(query.webhook_enabled ?? ''))
      .map((feature) => ({ id: feature.id, event_types: feature.event_types }));
    return answer(c, 'OK', { items });
  });

  app.get('/api/public/v1/webhook/event-contracts/:event_type', operation('bank.eventContract', state, 'bank', async () => undefined), (c) => {
    const eventType = c.req.param('event_type');
    if (!isBankEventType(eventType)) return answer(c, 'NOT_FOUND', { message: `unknown event_type ${eventType}` });
    return answer(c, 'OK', contractOf(eventType));
  });

  app.all('/api/public/v1/*', (c) => answer(c, 'NOT_FOUND', { message: 'no such operation' }));
  return app;
}

function contractOf(eventType: BankEventType) {
  return { event_type: eventType, schema_version: eventSchemaVersion, description: eventDescriptions[eventType], example: exampleEvent(eventType) };
}

/** The destination as the API returns it: everything but the shared secret. */
export function publicDestination(destination: Destination): Omit<Destination, 'secret_ref' | 'backoff_policy'> {
  const { secret_ref: _secret, backoff_policy: _policy, ...rest } = destination;
  return rest;
}
