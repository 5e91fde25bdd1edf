// Merchant-side steps for the merchant API tests: authenticated calls, and an order paid in the
// sandbox through the real buyer path (session → checkout → hosted page → /v1/return).
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { approvingCard, checkout, createMerchantSession, followReturn, type MerchantSessionInput } from './fixtures/buyer.ts';
import { merchantSecret, type System } from '../support/system.ts';

export interface MerchantCall {
  status: number;
  headers: Headers;
  body: any;
}

/** One merchant API call; every POST gets a fresh Idempotency-Key unless one is given (null: none). */
export async function merchant(
  stack: System,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
  options: { key?: string | null; secret?: string } = {},
): Promise<MerchantCall> {
  const headers: Record<string, string> = { Authorization: `Bearer ${options.secret ?? merchantSecret}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const key = options.key === undefined ? (method === 'POST' ? randomUUID() : null) : options.key;
  if (key !== null) headers['Idempotency-Key'] = key;
  const response = await fetch(stack.bffUrl + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** An order the buyer paid with `card` (approving by default); returns its order number. */
export async function paidOrder(stack: System, input: MerchantSessionInput = {}, card = approvingCard): Promise<string> {
  const session = await createMerchantSession(stack.bffUrl, input);
  const { redirectUrl } = await checkout(stack.bffUrl, session.sessionToken);
  const gatewayRedirect = await stack.sandbox.payHostedPage(redirectUrl, { card });
  const returned = await followReturn(gatewayRedirect);
  expect(returned.status).toBe(303);
  return session.orderNumber;
}
