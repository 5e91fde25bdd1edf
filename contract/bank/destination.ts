import { z } from 'zod';
import { bankEnvelope } from './envelope.ts';
import { isLoopbackHost } from '../https-url.ts';

/** banking-webhooks.md §2.1 and §4.1: webhook destinations. */

/** Hex uuid layout; the version nibble is not checked, since ids are the bank's business. */
export const uuidString = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'expected a uuid');

export const scopeKinds = ['TENANT', 'ACCOUNT', 'OWNER'] as const;
export const scopeOwnerTypes = ['tenant', 'partner', 'user', 'platform', 'customer'] as const;

function isAllowedWebhookUrl(value: string, allowLoopbackHttp: boolean): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:' && value.startsWith('https://')) return true;
  return allowLoopbackHttp && url.protocol === 'http:' && isLoopbackHost(url.hostname);
}

/** A scope field that does not apply must be absent: null or any value is refused. */
const absent = (field: string) => z.never({ error: `${field} must be omitted for this scope_kind` }).optional();

export interface DestinationRequestOptions {
  /**
   * Sandbox-only: also accept http:// on loopback, for the local demo. The real bank accepts
   * https:// only (§4.1), which is the default.
   */
  allowLoopbackHttp?: boolean;
  /**
   * The BFF's merchant route: a field the bank's request does not have is refused (400
   * `unknown_field`) rather than sent on, as on every merchant request. The bank's own reading stays open.
   */
  refuseUnknownFields?: boolean;
}

/**
 * The create request, with the scope rules as a schema: TENANT sends no scope field, ACCOUNT
 * only scope_account_id, OWNER only scope_owner_type + scope_owner_id. Only EXTERNAL_WEBHOOK.
 */
export function createDestinationRequestSchema(options: DestinationRequestOptions = {}) {
  const allowLoopbackHttp = options.allowLoopbackHttp ?? false;
  const object = options.refuseUnknownFields ? z.strictObject : z.object;
  const common = {
    feature_id: uuidString,
    is_enabled: z.boolean().optional(),
    destination_kind: z.literal('EXTERNAL_WEBHOOK', { error: 'only EXTERNAL_WEBHOOK can be created' }),
    destination_ref: z.string().optional(),
    webhook_url: z.string().refine((value) => isAllowedWebhookUrl(value, allowLoopbackHttp), 'webhook_url must begin with https://'),
    secret_ref: z.string().min(1),
    // banking-webhooks.md §4.1: fixed to AES_GCM, omitted on create (HMAC_SHA256 is no longer supported).
    signature_algo: z.never({ error: 'omit signature_algo on create: it is fixed to AES_GCM' }).optional(),
    replay_window_sec: z.number().int().nonnegative().optional(),
    timeout_ms: z.number().int().positive().optional(),
    max_attempts: z.number().int().positive().optional(),
    backoff_policy: z.record(z.string(), z.unknown()).optional(),
  };
  return z.discriminatedUnion('scope_kind', [
    object({
      ...common,
      scope_kind: z.literal('TENANT'),
      scope_account_id: absent('scope_account_id'),
      scope_owner_type: absent('scope_owner_type'),
      scope_owner_id: absent('scope_owner_id'),
    }),
    object({
      ...common,
      scope_kind: z.literal('ACCOUNT'),
      scope_account_id: uuidString,
      scope_owner_type: absent('scope_owner_type'),
      scope_owner_id: absent('scope_owner_id'),
    }),
    object({
      ...common,
      scope_kind: z.literal('OWNER'),
      scope_account_id: absent('scope_account_id'),
      scope_owner_type: z.enum(scopeOwnerTypes),
      scope_owner_id: uuidString,
    }),
  ]);
}

export const destinationCreateRequest = createDestinationRequestSchema();
export type DestinationCreateRequest = z.infer<typeof destinationCreateRequest>;

/** §2.1: the destination as the bank returns it (201, response_code CREATED). */
export const webhookDestination = z.object({
  id: z.string().min(1),
  feature_id: z.string().min(1),
  destination_kind: z.string(),
  is_enabled: z.boolean(),
  replay_window_sec: z.number().int(),
  scope_kind: z.enum(scopeKinds),
  signature_algo: z.string(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  destination_ref: z.string().optional(),
  max_attempts: z.number().int().optional(),
  timeout_ms: z.number().int().optional(),
  scope_account_id: z.string().optional(),
  scope_owner_id: z.string().optional(),
  scope_owner_type: z.string().optional(),
  secret_ref: z.string().optional(),
  webhook_url: z.string().optional(),
});
export type WebhookDestination = z.infer<typeof webhookDestination>;

/** The payload's place in the envelope is "not shown" (§4.4): read as top-level fields. */
export const destinationCreateResponse = bankEnvelope.extend(webhookDestination.shape);
export type DestinationCreateResponse = z.infer<typeof destinationCreateResponse>;
