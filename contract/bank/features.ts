import { z } from 'zod';
import { bankEnvelope } from './envelope.ts';
import { bankEventType } from './event-types.ts';

/** banking-webhooks.md §2.2 and §4.2. */
export const feature = z.object({
  id: z.string().min(1),
  event_types: z.array(bankEventType),
});
export type Feature = z.infer<typeof feature>;

/**
 * Query of GET /webhook/features: all optional; values arrive as query strings. Clients must
 * not send tenant_id (tenant scope comes from the token), so its presence is an error.
 */
export const featuresQuery = z.object({
  country_code: z.string().optional(),
  payment_method_code: z.string().optional(),
  /** A boolean as a Java service reads one from a query: true/false or 1/0, any case. */
  webhook_enabled: z.string().regex(/^(true|false|1|0)$/i, 'expected true, false, 1 or 0').optional(),
  tenant_id: z.never({ error: 'tenant_id must not be sent; the tenant comes from the token' }).optional(),
});
export type FeaturesQuery = z.infer<typeof featuresQuery>;

export const featuresResponse = bankEnvelope.extend({ items: z.array(feature) });
export type FeaturesResponse = z.infer<typeof featuresResponse>;
