// Browser side of the real test stack (sandbox + BFF, started by web-test-runner.config.mjs through
// test/widget/support/stack-routes.ts). Things only a merchant server or the gateway's buyer
// can do (merchant sessions, paying on the hosted page) go through those Node routes.
import type { MerchantCreateSessionRequest, MerchantCreateSessionResponse } from '../../../contract/bff-api.ts';
import { approvingCard, costaRicanBuyer, decliningCard } from '../../fixtures/costa-rican-buyer.ts';

export interface StackUrls {
  bff: string;
  sandbox: string;
}

/** The shared buyer, with the phone typed the way a Costa Rican buyer writes it (no country code). */
export const costaRicanBilling = { ...costaRicanBuyer, telephone: '8312 3456' };

export const cards = { approved: approvingCard, declined: decliningCard } as const;

async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export function stack(): Promise<StackUrls> {
  return call<StackUrls>('/__stack/urls');
}

/** What the merchant's server does: POST /v1/merchant/checkout-sessions with its secret. */
export function merchantSession(request: Partial<MerchantCreateSessionRequest> = {}): Promise<MerchantCreateSessionResponse> {
  return call('/__stack/merchant-session', {
    amount: '12500.00',
    currency: 'CRC',
    returnUrl: `${location.origin}/return`,
    ...request,
  });
}

/** Another BFF on the same stack whose session tokens expire after two seconds. */
export function shortSessionBff(): Promise<{ bff: string }> {
  return call('/__stack/short-session-bff', {});
}

/** Another BFF on the same stack whose ALLOWED_ORIGINS does not hold this test page's origin. */
export function foreignOriginBff(): Promise<{ bff: string }> {
  return call('/__stack/foreign-origin-bff', {});
}

/** A session token signed by the BFF's key that expired twenty minutes ago. */
export function expiredSessionToken(): Promise<{ sessionToken: string }> {
  return call('/__stack/expired-session', {});
}

/**
 * The buyer on the gateway's hosted page: pays (or cancels) and gets the gateway's redirect,
 * which the test then follows to the BFF's /v1/return like a browser. Returns the final URL the
 * buyer lands on (the merchant's returnUrl with `#svc-result=…`).
 */
export function payAndReturn(hostedUrl: string, card: string, options: { tamperHash?: boolean; cancel?: boolean } = {}): Promise<{ landing: string }> {
  return call('/__stack/pay-and-return', { hostedUrl, card, ...options });
}

/** Sandbox fault injection (sandbox/control/faults.ts). */
export function injectFault(spec: { operation: string; kind: string; latencyMs?: number; count?: number }): Promise<unknown> {
  return call('/__stack/fault', spec);
}

export function clearFaults(): Promise<unknown> {
  return call('/__stack/clear-faults', {});
}

/** The buyer's bank app sends a SINPE Móvil transfer; the sandbox bank delivers the events to the BFF. */
export function sendSinpeTransfer(transfer: { reference: string; amount: string; outcome?: 'posted' | 'failed'; reasonCode?: string }): Promise<unknown> {
  return call('/__stack/sinpe-transfer', transfer);
}

/** Another BFF on the same stack that offers SINPE Móvil; `shortTransfer`: its transfers lapse after three seconds. */
export function sinpeBff(options: { shortTransfer?: boolean } = {}): Promise<{ bff: string }> {
  return call('/__stack/sinpe-bff', options);
}
