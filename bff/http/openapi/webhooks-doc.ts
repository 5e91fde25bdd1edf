// The OpenAPI 3.1 `webhooks` section: one entry per merchant event type, with its payload
// ({type, timestamp, data}) and the Standard Webhooks headers every delivery carries, so a
// generated client has a type for each event a merchant's server receives.
import { z } from 'zod';
import type * as core from 'zod/v4/core';
import { bankPaymentView } from '../../../contract/bank-payment-view.ts';
import { merchantOrder } from '../../../contract/merchant-api.ts';
import { bankEventTypes, linkEventTypes, linkPaidData, orderEventTypes, type MerchantEventType } from '../../../contract/merchant-webhooks.ts';

const standardWebhookHeaders = [
  { name: 'webhook-id', description: 'The event id: the same on every retry of this event, so a receiver can drop a repeat.' },
  { name: 'webhook-timestamp', description: 'Seconds since the Unix epoch when this attempt was signed; refuse one too far from now.' },
  {
    name: 'webhook-signature',
    description: 'Space-separated `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint secret (two entries while a rotated secret overlaps). Verify with the `standardwebhooks` package.',
  },
].map((header) => ({ ...header, in: 'header', required: true, schema: { type: 'string' } }));

/** `order.approved` → `OrderApprovedEvent`. */
export function eventComponentName(type: MerchantEventType): string {
  return `${type.split('.').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('')}Event`;
}

const dataOf = (type: MerchantEventType): [core.$ZodType, string] =>
  (orderEventTypes as readonly string[]).includes(type)
    ? [merchantOrder, 'the order as GET /v1/merchant/orders shows it at that moment']
    : (linkEventTypes as readonly string[]).includes(type)
      ? [linkPaidData, 'the link and the payment confirmed by lookup']
      : [bankPaymentView, 'the bank payment as GET /v1/merchant/bank-payments shows it'];

/** One event body per type, built from the contract's schemas of `data`. */
export const merchantEventSchemas: ReadonlyArray<readonly [MerchantEventType, core.$ZodType]> = [...orderEventTypes, ...linkEventTypes, ...bankEventTypes].map(
  (type) => {
    const [data, what] = dataOf(type);
    return [
      type,
      z.object({
        type: z.literal(type),
        timestamp: z.string().describe('ISO 8601 date-time of the change.'),
        data: data as z.ZodType,
      }).describe(`The body of a \`${type}\` delivery; \`data\` is ${what}.`),
    ] as const;
  },
);

export function merchantWebhooks(refOf: (schema: core.$ZodType, name: string) => Record<string, string>) {
  return Object.fromEntries(
    merchantEventSchemas.map(([type, schema]) => [
      type,
      {
        post: {
          operationId: `on${eventComponentName(type)}`,
          summary: `${type} (to your endpoint)`,
          description: `POSTed to every endpoint that subscribes to \`${type}\` (MERCHANT_WEBHOOK_URL and /v1/merchant/webhook-endpoints). Any 2xx ends the delivery; otherwise it is retried with the same webhook-id, then dead.`,
          tags: ['merchant-webhooks'],
          security: [],
          parameters: standardWebhookHeaders,
          requestBody: { required: true, content: { 'application/json': { schema: refOf(schema, eventComponentName(type)) } } },
          responses: {
            '200': { description: 'Received (any 2xx): the delivery ends.' },
            '400': { description: 'Any other answer: the event is sent again later, with the same webhook-id.' },
          },
        },
      },
    ]),
  );
}
