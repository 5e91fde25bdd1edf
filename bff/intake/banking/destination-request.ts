// Builds the bank's create-destination request (banking-webhooks.md §4.1) from what a merchant or
// an operator gives, with our receiver and our current secret as defaults, and checks the scope
// rules with the contract schema BEFORE anything is sent to the bank.
import { createDestinationRequestSchema, type DestinationCreateRequest } from '../../../contract/bank/destination.ts';

export interface DestinationDefaults {
  /** Our receiver: PUBLIC_BFF_URL + /v1/webhooks/banking. */
  webhookUrl: string;
  /** The current BANK_SECRET_REF (the first of the list). */
  secretRef: string | undefined;
  /** Accept an http:// loopback webhook_url: only when the bank itself is a local sandbox. */
  allowLoopbackHttp: boolean;
}

export const bankWebhookPath = '/v1/webhooks/banking';

export function receiverUrl(publicBffUrl: string): string {
  return `${publicBffUrl.replace(/\/+$/, '')}${bankWebhookPath}`;
}


/** The request with defaults filled in; a schema safeParse result so callers choose how to refuse. */
export function destinationRequestFrom(input: Record<string, unknown>, defaults: DestinationDefaults) {
  const withDefaults = {
    destination_kind: 'EXTERNAL_WEBHOOK',
    webhook_url: defaults.webhookUrl,
    ...(defaults.secretRef !== undefined && { secret_ref: defaults.secretRef }),
    ...input,
  };
  return createDestinationRequestSchema({ allowLoopbackHttp: defaults.allowLoopbackHttp, refuseUnknownFields: true }).safeParse(withDefaults) as
    | { success: true; data: DestinationCreateRequest }
    | { success: false; error: { issues: import('zod/v4/core').$ZodIssue[] } };
}
