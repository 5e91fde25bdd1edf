// Merchant webhooks (ARCHITECTURE.md "Merchant webhooks (outbound)"): the event types, the body a
// merchant's server receives, and the messages of /v1/merchant/webhook-endpoints and
// /v1/merchant/webhook-deliveries. The routes validate with these schemas and /v1/openapi.json
// documents them.
import { z } from 'zod';
import { bankPaymentView } from './bank-payment-view.ts';
import { merchantOrder, paymentLink } from './merchant-api.ts';

export const orderEventTypes = [
  'order.approved',
  'order.declined',
  'order.cancelled',
  'order.expired',
  'order.review',
  'order.captured',
  'order.refunded',
  'order.reversed',
  'order.split',
] as const;
export const linkEventTypes = ['link.paid'] as const;
export const bankEventTypes = ['bank.payment.posted', 'bank.payment.succeeded', 'bank.payment.failed', 'bank.payment.reversed'] as const;
export const merchantEventTypes = [...orderEventTypes, ...linkEventTypes, ...bankEventTypes] as const;
export type MerchantEventType = (typeof merchantEventTypes)[number];
export type OrderEventType = (typeof orderEventTypes)[number];
export type BankPaymentEventType = (typeof bankEventTypes)[number];

export function isMerchantEventType(value: string): value is MerchantEventType {
  return (merchantEventTypes as readonly string[]).includes(value);
}

/**
 * link.paid: the link as GET /v1/merchant/payment-links lists it, and the payment that was
 * confirmed (by lookup, never from the report alone).
 */
export const linkPaidData = paymentLink.extend({
  payment: z.object({
    svcOrderId: z.string(),
    orderNumber: z.string(),
    gatewayOrderNumber: z.string().optional().describe('The gateway’s own order number for the payment, when it differs from orderNumber (the real service writes a merchant prefix in front).'),
    amount: z.string(),
    currency: z.string(),
    auth: z.string().nullable(),
    cardBrand: z.string().nullable(),
    cardLast4: z.string().nullable(),
    paidAt: z.string(),
  }),
});
export type LinkPaidData = z.infer<typeof linkPaidData>;

/**
 * The body of every delivery (Standard Webhooks): `timestamp` is when the change happened; `data`
 * is the order, link or bank payment as the merchant API shows it at that moment.
 */
export const merchantEventBody = z.object({
  type: z.enum(merchantEventTypes),
  timestamp: z.string(),
  data: z.union([merchantOrder, linkPaidData, bankPaymentView]),
});
export type MerchantEventBody = z.infer<typeof merchantEventBody>;

/** A Standard Webhooks secret: `whsec_` and the base64 of the HMAC key. */
export const webhookSecretString = z.string().regex(/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/, 'must be whsec_ followed by base64 (at least 12 bytes)');

// ---------------------------------------------------------------------------------------------
// Endpoints
// ---------------------------------------------------------------------------------------------

export const createWebhookEndpointRequest = z.strictObject({
  url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(2000),
  /** Only these types are sent; omitted or empty: every type. */
  eventTypes: z.array(z.enum(merchantEventTypes)).max(merchantEventTypes.length).optional(),
  description: z.string().max(200).optional(),
  /** When it stops receiving and leaves the list; it must be in the future. Omitted: never. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

/** Moves an endpoint's expiry (a listener renewing itself while it runs). */
export const renewWebhookEndpointRequest = z.strictObject({
  expiresAt: z.iso.datetime({ offset: true }),
});

export const rotateWebhookSecretRequest = z.strictObject({
  /** How long the old secret keeps signing beside the new one (default 24 h, at most 7 days). */
  overlapSeconds: z.number().int().min(0).max(7 * 24 * 3600).default(24 * 3600),
});

export const webhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  /** Empty: every type. */
  eventTypes: z.array(z.enum(merchantEventTypes)),
  description: z.string().nullable(),
  /** 'environment' for MERCHANT_WEBHOOK_URL (changed by configuration only), 'api' otherwise. */
  origin: z.enum(['environment', 'api']),
  /** Until when the previous secret still signs too (null: one secret). */
  previousSecretUntil: z.string().nullable(),
  /** When it stops receiving (null: never). */
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** Creation and rotation answer the secret, once: it is never shown again. */
export const webhookEndpointWithSecret = webhookEndpoint.extend({ secret: webhookSecretString });

/** A replayed creation or rotation (same Idempotency-Key): the endpoint, its secret withheld. */
export const webhookEndpointSecretShown = webhookEndpoint.extend({ secretShownOnce: z.literal(true) });
/** What creation and rotation answer: the secret the first time, `secretShownOnce` on a replay. */
export const webhookEndpointSecretAnswer = z.union([webhookEndpointWithSecret, webhookEndpointSecretShown]);

export const webhookEndpointList = z.object({ items: z.array(webhookEndpoint) });

// ---------------------------------------------------------------------------------------------
// Deliveries
// ---------------------------------------------------------------------------------------------

/** pending: not tried yet; retrying: failed, tried again at nextAttemptAt; delivered: a 2xx; dead: out of retries. */
export const deliveryStates = ['pending', 'retrying', 'delivered', 'dead'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const webhookDeliveriesQuery = z.strictObject({
  state: z.enum(deliveryStates).optional(),
  type: z.enum(merchantEventTypes).optional(),
  endpoint: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});

export const webhookAttempt = z.object({
  /** The receiver's HTTP status; null when there was none (timeout, refused connection). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  at: z.string(),
  durationMs: z.number().int(),
});

export const webhookDelivery = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and replay. */
  webhookId: z.string(),
  endpointId: z.string(),
  type: z.enum(merchantEventTypes),
  state: z.enum(deliveryStates),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveryPage = z.object({ items: z.array(webhookDelivery), nextCursor: z.string().nullable() });

// ---------------------------------------------------------------------------------------------
// The merchant's event log (what was sent, as sent)
// ---------------------------------------------------------------------------------------------

export const webhookEventsQuery = z.strictObject({
  type: z.enum(merchantEventTypes).optional().describe('Only events of this type.'),
  orderNumber: z.string().min(1).max(64).optional().describe('Only events about this order (its order number, or a link payment’s).'),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe('Events per page.'),
  cursor: z.string().max(200).optional().describe('`nextCursor` of the previous page.'),
});

export const webhookEventIdParam = z.object({
  id: z.string().min(1).max(100).describe('The `webhook-id` header the receiver got (`msg_…`).'),
});

/**
 * One merchant event exactly as its deliveries carried it (`type`, `timestamp`, `data` are the
 * body), with its id (the `webhook-id` header) and every delivery to every endpoint.
 */
export const webhookEvent = merchantEventBody.extend({
  id: z.string().describe('The `webhook-id` header of every delivery of this event.'),
  deliveries: z.array(webhookDelivery).describe('Its delivery to each endpoint that wanted it, with every attempt; empty before dispatch or with no endpoint.'),
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const webhookEventPage = z.object({ items: z.array(webhookEvent), nextCursor: z.string().nullable() });
