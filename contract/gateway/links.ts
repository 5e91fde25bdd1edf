import { z } from 'zod';
import { gatewayAmount, gatewayCurrency, gatewayDateTime } from './common.ts';

/** gateway-api.md §2.5, §4.8-§4.12, §6.2-§6.3: payment links. */

/** On creation the link type is an integer: 0 unlimited, 1 single use (§3). */
export const linkTypes = { unlimited: 0, singleUse: 1 } as const;

export const createLinkPaymentRequest = z.object({
  key: z.string().min(1),
  amount: gatewayAmount,
  currency: gatewayCurrency,
  reference: z.string().optional(),
  type: z.union([z.literal(linkTypes.unlimited), z.literal(linkTypes.singleUse)]).optional(),
  description: z.string().optional(),
  /** Customer name; applies only to single-use links. */
  client: z.string().optional(),
  callback_url: z.string().url().optional(),
  webhook_url: z.string().url().optional(),
});
export type CreateLinkPaymentRequest = z.infer<typeof createLinkPaymentRequest>;

export const createLinkPaymentResponse = z.object({
  type: z.string(),
  message: z.string(),
  url: z.string(),
  id: z.number().int(),
});
export type CreateLinkPaymentResponse = z.infer<typeof createLinkPaymentResponse>;

export const deleteLinkPaymentRequest = z.object({
  key: z.string().min(1),
  id: z.string().min(1),
});
export type DeleteLinkPaymentRequest = z.infer<typeof deleteLinkPaymentRequest>;

export const deleteLinkPaymentResponse = z.object({
  type: z.string(),
  status: z.number().int(),
  message: z.string(),
});
export type DeleteLinkPaymentResponse = z.infer<typeof deleteLinkPaymentResponse>;

/**
 * A link's creation time: no decision reads it, so an empty or unreadable one is null
 * (gateway-facts.md "Reading…": an empty value may be null or "") and never refuses the link.
 */
const linkCreated = gatewayDateTime.nullable().catch(null);

/** Items of a link's payments array are "not shown" (§2.5). */
const linkPayments = z.array(z.unknown());

/** Detail: `type` is a label here ("Unlimited"), not the integer of creation. */
export const linkDetailResponse = z.object({
  type: z.string(),
  message: z.string(),
  detail: z.object({
    id: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    reference: z.string(),
    client: z.string(),
    type: z.string(),
    description: z.string(),
    callback_url: z.string().nullable(),
    create: linkCreated,
  }),
  payments: linkPayments,
});
export type LinkDetailResponse = z.infer<typeof linkDetailResponse>;

/** A link as the list returns it (§2.5b). */
export const linkListItem = z.object({
  id: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  reference: z.string(),
  url: z.string(),
  callback_url: z.string().nullable(),
  description: z.string(),
  times_used: z.string().nullable(),
  picture: z.string(),
  create: linkCreated,
});
export type LinkListItem = z.infer<typeof linkListItem>;

export const linkByIdResponse = z.object({
  type: z.string(),
  message: z.string(),
  data: linkListItem.extend({ payments: linkPayments }),
});
export type LinkByIdResponse = z.infer<typeof linkByIdResponse>;

/** The Laravel-style page envelope; pages are reached through URLs carrying `?page=`. */
export const linkListResponse = z.object({
  type: z.string(),
  message: z.string(),
  data: z.object({
    current_page: z.number().int(),
    from: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    to: z.number().int(),
    total: z.number().int(),
    first_page_url: z.string(),
    last_page_url: z.string(),
    next_page_url: z.string(),
    path: z.string(),
    prev_page_url: z.string().nullable(),
    payment_link: z.array(linkListItem),
  }),
});
export type LinkListResponse = z.infer<typeof linkListResponse>;

/** §6.2: the buyer's GET to callback_url. Query values are strings; declines may leave some empty. */
export const linkCallbackQuery = z.looseObject({
  code: z.string().min(1),
  description: z.string().optional(),
  auth: z.string().optional(),
  svcLinkId: z.string().min(1),
  orderNumber: z.string().min(1),
  svcOrderId: z.string().optional(),
  creditCardToken: z.string().optional(),
  creditCardBrand: z.string().optional(),
  last4CreditCardNumber: z.string().optional(),
  orderHash: z.string().optional(),
});
export type LinkCallbackQuery = z.infer<typeof linkCallbackQuery>;

/** §6.3: the POST to webhook_url, with JSON types as given (ids are integers here). */
export const linkWebhookBody = z.object({
  code: z.string(),
  codeDescription: z.string(),
  auth: z.string(),
  svcLinkId: z.number().int(),
  orderNumber: z.string(),
  svcOrderId: z.number().int(),
  creditCardToken: z.string(),
  creditCardBrand: z.string(),
  last4CreditCardNumber: z.string(),
  linkDescription: z.string(),
  orderHash: z.string(),
});
export type LinkWebhookBody = z.infer<typeof linkWebhookBody>;
