// Where merchant events go: the environment's endpoint (MERCHANT_WEBHOOK_URL, id "env") and those
// added through /v1/merchant/webhook-endpoints. Both are read the same way by the dispatcher and the
// sender, so a rotation or a deletion takes effect on the next attempt.
import { randomBytes } from 'node:crypto';
import { isMerchantEventType, type MerchantEventType, type WebhookEndpoint } from '../../contract/merchant-webhooks.ts';
import type { EndpointRow, OutboxDb } from './outbox-tables.ts';
import { withoutUserinfo } from './outbound-address.ts';
import type { Config } from '../config.ts';

export const environmentEndpointId = 'env';

export interface EnvironmentEndpoint {
  url: string;
  secret: string;
}

/** MERCHANT_WEBHOOK_URL and its secret, when both are set. */
export function environmentEndpointOf(config: Pick<Config, 'MERCHANT_WEBHOOK_URL' | 'MERCHANT_WEBHOOK_SECRET'>): EnvironmentEndpoint | undefined {
  return config.MERCHANT_WEBHOOK_URL && config.MERCHANT_WEBHOOK_SECRET ? { url: config.MERCHANT_WEBHOOK_URL, secret: config.MERCHANT_WEBHOOK_SECRET } : undefined;
}

export interface DeliveryTarget {
  id: string;
  url: string;
  /** Empty: every type. */
  eventTypes: readonly MerchantEventType[];
  /** The current secret first; the previous one too while its overlap lasts. */
  secrets: readonly string[];
  /** Events older than the endpoint are not sent to it ('' for the environment's: all). */
  createdAt: string;
}

export function newEndpointId(): string {
  return `ep_${randomBytes(12).toString('base64url')}`;
}

export function eventTypesOf(row: Pick<EndpointRow, 'event_types'>): MerchantEventType[] {
  const parsed: unknown = JSON.parse(row.event_types);
  return Array.isArray(parsed) ? parsed.filter((type): type is MerchantEventType => typeof type === 'string' && isMerchantEventType(type)) : [];
}

export function wantsEvent(target: Pick<DeliveryTarget, 'eventTypes' | 'createdAt'>, event: { type: string; created_at: string }): boolean {
  if (target.createdAt > event.created_at) return false;
  return target.eventTypes.length === 0 || (target.eventTypes as readonly string[]).includes(event.type);
}

export function isPreviousSecretSigning(row: Pick<EndpointRow, 'previous_secret' | 'previous_secret_until'>, now: Date): boolean {
  return row.previous_secret !== null && row.previous_secret_until !== null && row.previous_secret_until > now.toISOString();
}

export function targetOf(row: EndpointRow, now: Date): DeliveryTarget {
  return {
    id: row.id,
    url: row.url,
    eventTypes: eventTypesOf(row),
    secrets: isPreviousSecretSigning(row, now) ? [row.secret, row.previous_secret!] : [row.secret],
    createdAt: row.created_at,
  };
}

/**
 * The endpoints neither deleted nor expired at `now`: the only ones sent to, listed, rotated or
 * renewed. An expired one's waiting deliveries end as dead, as a deleted one's do.
 */
export function liveEndpoints(db: OutboxDb, now: Date) {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]));
}

const environmentTarget = (environment: EnvironmentEndpoint): DeliveryTarget => ({ id: environmentEndpointId, url: environment.url, eventTypes: [], secrets: [environment.secret], createdAt: '' });

/** Every endpoint events go to now. */
export async function deliveryTargets(db: OutboxDb, environment: EnvironmentEndpoint | undefined, now: Date): Promise<DeliveryTarget[]> {
  const rows = await liveEndpoints(db, now).execute();
  const targets = rows.map((row) => targetOf(row, now));
  if (environment) targets.unshift(environmentTarget(environment));
  return targets;
}

/**
 * The secrets endpoint `id` signs with now, or undefined once it is deleted or expired. Read right
 * before a delivery is signed: a rotation that has returned signs every later POST with both secrets.
 */
export async function signingSecretsNow(db: OutboxDb, environment: EnvironmentEndpoint | undefined, id: string, now: Date): Promise<readonly string[] | undefined> {
  if (id === environmentEndpointId) return environment ? [environment.secret] : undefined;
  const row = await liveEndpoints(db, now).where('id', '=', id).executeTakeFirst();
  return row ? targetOf(row, now).secrets : undefined;
}

export function endpointView(row: EndpointRow, now: Date): WebhookEndpoint {
  return {
    id: row.id,
    url: withoutUserinfo(row.url),
    eventTypes: eventTypesOf(row),
    description: row.description,
    origin: 'api',
    previousSecretUntil: isPreviousSecretSigning(row, now) ? row.previous_secret_until : null,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

export function environmentEndpointView(environment: EnvironmentEndpoint): WebhookEndpoint {
  return {
    id: environmentEndpointId,
    url: environment.url,
    eventTypes: [],
    description: 'MERCHANT_WEBHOOK_URL',
    origin: 'environment',
    previousSecretUntil: null,
    expiresAt: null,
    createdAt: '',
  };
}
