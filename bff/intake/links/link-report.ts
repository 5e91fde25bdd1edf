// The two ways the gateway reports a paid link (gateway-api.md §6.2 callback query, §6.3 webhook
// body) normalized into one shape. Neither is trusted: link-confirmation.ts looks the payment up.
import { z } from 'zod';
import { linkCallbackQuery, linkWebhookBody, type LinkCallbackQuery, type LinkWebhookBody } from '../../../contract/gateway/links.ts';
import { withSpecBrandKeys } from '../../../contract/gateway/brand.ts';
import { readTolerantly, type TolerantReading } from '../../../contract/tolerant-reader.ts';

export interface LinkReport {
  svcLinkId: string;
  svcOrderId: string;
  orderNumber: string;
  code: string;
  auth: string;
  orderHash: string | undefined;
  creditCardBrand: string | undefined;
  last4CreditCardNumber: string | undefined;
}

/**
 * The webhook body read the tolerant way (gateway-facts.md "Reading the gateway's and the bank's
 * answers"): `svcLinkId: "5"`, `auth: null`, extra fields are all fine. Only what the lookup
 * needs must be there; the lookup, not this body, decides what happened.
 */
export function readLinkWebhook(json: unknown, brand: string): TolerantReading<LinkWebhookBody> {
  return readTolerantly(linkWebhookBody, withSpecBrandKeys(json, brand), ['svcLinkId', 'svcOrderId', 'orderNumber', 'code']);
}

/** The callback's query with the brand's `<brand>LinkId`/`<brand>OrderId` read as the spec's names. */
export function readLinkCallback(query: Record<string, string>, brand: string): LinkReport | undefined {
  const parsed = linkCallbackQuery.safeParse(withSpecBrandKeys(query, brand));
  return parsed.success ? reportFromCallback(parsed.data) : undefined;
}

export function reportFromWebhook(body: LinkWebhookBody): LinkReport {
  return {
    svcLinkId: String(body.svcLinkId),
    svcOrderId: String(body.svcOrderId),
    orderNumber: body.orderNumber,
    code: body.code,
    auth: body.auth,
    orderHash: body.orderHash || undefined,
    creditCardBrand: body.creditCardBrand || undefined,
    last4CreditCardNumber: body.last4CreditCardNumber || undefined,
  };
}

/** undefined when the callback lacks the gateway order id (svcOrderId): nothing to look up. */
export function reportFromCallback(query: LinkCallbackQuery): LinkReport | undefined {
  if (!query.svcOrderId || !/^\d+$/.test(query.svcOrderId) || !/^\d+$/.test(query.svcLinkId)) return undefined;
  return {
    svcLinkId: query.svcLinkId,
    svcOrderId: query.svcOrderId,
    orderNumber: query.orderNumber,
    code: query.code,
    auth: query.auth ?? '',
    orderHash: query.orderHash || undefined,
    creditCardBrand: query.creditCardBrand || undefined,
    last4CreditCardNumber: query.last4CreditCardNumber || undefined,
  };
}

/** The inbox id of a link report: one link payment is one gateway order. */
export function linkEventId(report: Pick<LinkReport, 'svcLinkId' | 'svcOrderId'>): string {
  return `${report.svcLinkId}:${report.svcOrderId}`;
}

/** What the inbox keeps for a link event: the normalized report and the path it came by. */
export const storedLinkReport = z.object({
  via: z.enum(['webhook', 'callback']),
  report: z.object({
    svcLinkId: z.string(),
    svcOrderId: z.string(),
    orderNumber: z.string(),
    code: z.string(),
    auth: z.string(),
    orderHash: z.string().optional(),
    creditCardBrand: z.string().optional(),
    last4CreditCardNumber: z.string().optional(),
  }),
});
export type StoredLinkReport = z.infer<typeof storedLinkReport>;

export function toStoredLinkReport(via: StoredLinkReport['via'], report: LinkReport): StoredLinkReport {
  // Absent optional fields are left out rather than stored as undefined (exact optional types).
  const { orderHash, creditCardBrand, last4CreditCardNumber, ...required } = report;
  return {
    via,
    report: {
      ...required,
      ...(orderHash !== undefined && { orderHash }),
      ...(creditCardBrand !== undefined && { creditCardBrand }),
      ...(last4CreditCardNumber !== undefined && { last4CreditCardNumber }),
    },
  };
}

export function fromStoredLinkReport(stored: StoredLinkReport): LinkReport {
  const { report } = stored;
  return {
    ...report,
    orderHash: report.orderHash,
    creditCardBrand: report.creditCardBrand,
    last4CreditCardNumber: report.last4CreditCardNumber,
  };
}
