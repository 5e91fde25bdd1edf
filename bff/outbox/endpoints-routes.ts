// /v1/merchant/webhook-endpoints: where merchant events go besides MERCHANT_WEBHOOK_URL. The secret
// is answered once, at creation or rotation, and never again. A rotation keeps the old secret
// signing beside the new one for the overlap, so the merchant can switch receivers without losing
// a delivery. Mounted in the merchant sub-app, which checks the merchant secret.
import { Hono } from 'hono';
import { problemTypes } from '../../contract/bff-api.ts';
import { createWebhookEndpointRequest, renewWebhookEndpointRequest, rotateWebhookSecretRequest, type WebhookEndpoint } from '../../contract/merchant-webhooks.ts';
import { httpsOnly, isNavigableUrl } from '../gateway/navigable-url.ts';
import { invalidField } from '../lib/domain-error.ts';
import { replayAnswers } from '../http/idempotency.ts';
import { ProblemException } from '../http/problem.ts';
import { validate } from '../http/validation.ts';
import { endpointView, environmentEndpointId, environmentEndpointOf, environmentEndpointView, liveEndpoints, newEndpointId } from './endpoints.ts';
import { outboxDb } from './outbox-tables.ts';
import { newWebhookSecret } from './signing.ts';
import { hasUserinfo, outboundPolicyOf } from './outbound-address.ts';
import { systemResolver, vettedAddress } from './outbound-guard.ts';
import { describeRoute } from '../http/openapi/route-doc.ts';
import { merchantWebhookDocs } from './outbox-openapi.ts';
import type { Services } from '../services.ts';

export type WebhookEndpointRoutesDeps = Pick<Services, 'store' | 'clock' | 'config' | 'resolveHost' | 'merchantIdempotency'>;

const noSuchEndpoint = () => new ProblemException(404, { type: problemTypes.notFound, title: 'Not found', detail: 'No such webhook endpoint.' });
const environmentOwned = () =>
  new ProblemException(409, { type: problemTypes.conflict, title: 'Conflict', detail: 'This endpoint comes from MERCHANT_WEBHOOK_URL: change it in the configuration.' });

export function webhookEndpointRoutes(services: WebhookEndpointRoutesDeps) {
  const { clock, config } = services;
  const db = outboxDb(services.store);
  const idempotentWhenKeyed = services.merchantIdempotency.whenKeyed;
  const environment = environmentEndpointOf(config);
  /** Production: https: only; otherwise http: on loopback too (a local receiver). */
  const httpsRequired = httpsOnly(config);
  /** Which hosts events may go to; the worker checks again before each POST (DNS can change). */
  const outbound = outboundPolicyOf(config);
  const resolveHost = services.resolveHost ?? systemResolver;
  const liveEndpoint = (id: string) => liveEndpoints(db, clock.now()).where('id', '=', id).executeTakeFirst();
  /** An expiry as stored (UTC, so that strings compare as instants); a 400 when not in the future. */
  const futureExpiry = (expiresAt: string) => {
    const at = new Date(expiresAt);
    if (at <= clock.now()) throw invalidField('expiresAt', 'Must be in the future.', 'expiry_passed');
    return at.toISOString();
  };

  return new Hono()
    .post('/webhook-endpoints', describeRoute(merchantWebhookDocs.createWebhookEndpoint), idempotentWhenKeyed, validate('json', createWebhookEndpointRequest), async (c) => {
      const body = c.req.valid('json');
      if (!isNavigableUrl(body.url, httpsRequired)) {
        throw invalidField('url', httpsRequired ? 'Must be an https: URL.' : 'Must be https:, or http: on loopback.', 'insecure_url');
      }
      if (hasUserinfo(new URL(body.url))) {
        throw invalidField('url', 'Must not carry a user name or password; the webhook secret signs each delivery.', 'url_has_credentials');
      }
      // One message whether the name does not resolve or resolves inside: either way it says
      // nothing about our network.
      if (!(await vettedAddress(new URL(body.url), outbound, resolveHost))) {
        throw invalidField('url', 'Must be a host whose every address is public.', 'address_not_allowed');
      }
      const expiresAt = body.expiresAt === undefined ? null : futureExpiry(body.expiresAt);
      const now = clock.now().toISOString();
      const row = {
        id: newEndpointId(),
        url: body.url,
        event_types: JSON.stringify([...new Set(body.eventTypes ?? [])]),
        description: body.description ?? null,
        secret: newWebhookSecret(),
        previous_secret: null,
        previous_secret_until: null,
        created_at: now,
        deleted_at: null,
        expires_at: expiresAt,
      };
      await db.insertInto('webhook_endpoints').values(row).execute();
      c.header('Cache-Control', 'no-store');
      const view = endpointView(row, clock.now());
      replayAnswers(c, { ...view, secretShownOnce: true });
      return c.json({ ...view, secret: row.secret }, 201);
    })
    .get('/webhook-endpoints', describeRoute(merchantWebhookDocs.listWebhookEndpoints), async (c) => {
      const rows = await liveEndpoints(db, clock.now()).orderBy('created_at').execute();
      const items: WebhookEndpoint[] = rows.map((row) => endpointView(row, clock.now()));
      if (environment) items.unshift(environmentEndpointView(environment));
      c.header('Cache-Control', 'no-store');
      return c.json({ items });
    })
    .delete('/webhook-endpoints/:id', describeRoute(merchantWebhookDocs.deleteWebhookEndpoint), async (c) => {
      const id = c.req.param('id');
      if (id === environmentEndpointId && environment) throw environmentOwned();
      // Its deliveries still waiting end as dead at their next attempt (the sender finds no endpoint).
      const result = await db.updateTable('webhook_endpoints').set({ deleted_at: clock.now().toISOString() }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw noSuchEndpoint();
      return c.body(null, 204);
    })
    .post('/webhook-endpoints/:id/expiry', describeRoute(merchantWebhookDocs.renewWebhookEndpoint), validate('json', renewWebhookEndpointRequest), async (c) => {
      const id = c.req.param('id');
      if (id === environmentEndpointId && environment) throw environmentOwned();
      const expiresAt = futureExpiry(c.req.valid('json').expiresAt);
      // Only a live endpoint: an expired one stays gone, its listener registers anew.
      const existing = await liveEndpoint(id);
      if (!existing) throw noSuchEndpoint();
      // Live again at the write: one that lapsed or was deleted since the read is not brought back.
      const stillLive = clock.now().toISOString();
      const result = await db
        .updateTable('webhook_endpoints')
        .set({ expires_at: expiresAt })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', stillLive)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw noSuchEndpoint();
      c.header('Cache-Control', 'no-store');
      return c.json(endpointView({ ...existing, expires_at: expiresAt }, clock.now()));
    })
    .post('/webhook-endpoints/:id/rotate-secret', describeRoute(merchantWebhookDocs.rotateWebhookSecret), idempotentWhenKeyed, validate('json', rotateWebhookSecretRequest), async (c) => {
      const id = c.req.param('id');
      if (id === environmentEndpointId && environment) throw environmentOwned();
      const existing = await liveEndpoint(id);
      if (!existing) throw noSuchEndpoint();
      const now = clock.now();
      const secret = newWebhookSecret();
      const until = new Date(now.getTime() + c.req.valid('json').overlapSeconds * 1000).toISOString();
      // Conditional on the secret read: of two rotations at once, one wins and the other is told to retry.
      const result = await db
        .updateTable('webhook_endpoints')
        .set({ secret, previous_secret: existing.secret, previous_secret_until: until })
        .where('id', '=', id)
        .where('secret', '=', existing.secret)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        throw new ProblemException(409, { type: problemTypes.conflict, title: 'Conflict', detail: 'The secret was rotated meanwhile; try again.' });
      }
      const rotated = { ...existing, secret, previous_secret: existing.secret, previous_secret_until: until };
      c.header('Cache-Control', 'no-store');
      const view = endpointView(rotated, now);
      replayAnswers(c, { ...view, secretShownOnce: true });
      return c.json({ ...view, secret });
    });
}
